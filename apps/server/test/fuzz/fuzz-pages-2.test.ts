import { fuzzPageRoutes } from './fuzz-pages.ts';

// Page routes 2, 6, 10, … of the web build (fuzz-pages.ts says why they are split in four files).
await fuzzPageRoutes({ shard: 2, of: 4 });
