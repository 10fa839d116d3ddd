import { fuzzPageRoutes } from './fuzz-pages.ts';

// Page routes 1, 5, 9, … of the web build (fuzz-pages.ts says why they are split in four files).
await fuzzPageRoutes({ shard: 1, of: 4 });
