import type { FastifyBaseLogger } from 'fastify';
import type { BlobStore } from './blobs/blob-store.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';

// What services need from the outside world, passed explicitly as their first argument.
export type AppContext = {
  config: Config;
  db: Database;
  blobs: BlobStore;
  log: FastifyBaseLogger;
  /**
   * Whether search across businesses steers PostgreSQL's planner (decision 054): config.searchPlanSteering, and off
   * on a database with the citus extension (read once at start-up, modules/search/search-steering.ts).
   */
  searchPlanSteering: boolean;
};
