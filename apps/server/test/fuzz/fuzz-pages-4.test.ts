import { fuzzPageRoutes } from './fuzz-pages.ts';

// Page routes 4, 8, 12, … of the web build (fuzz-pages.ts says why they are split in four files).
await fuzzPageRoutes({ shard: 4, of: 4 });
