import type { Readable } from 'node:stream';

// Where image bytes live. Local disk by default (local-store.ts); an S3-compatible driver can
// implement the same interface.
export interface BlobStore {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  /** Removes every object whose key starts with `prefix`. */
  deletePrefix(prefix: string): Promise<void>;
}
