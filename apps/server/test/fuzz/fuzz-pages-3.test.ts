import { fuzzPageRoutes } from './fuzz-pages.ts';

// Page routes 3, 7, 11, … of the web build (fuzz-pages.ts says why they are split in four files).
await fuzzPageRoutes({ shard: 3, of: 4 });
