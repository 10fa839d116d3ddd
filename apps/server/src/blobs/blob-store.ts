import type { Readable } from 'node:stream';

/** What a reader of the object should be told about it (S3 keeps it with the object; local disk ignores it). */
export type PutOptions = { contentType?: string; cacheControl?: string };

// Where image bytes live: local disk by default (local-store.ts) or an S3 bucket (s3-store.ts),
// chosen by BLOB_STORE (open-blob-store.ts). It knows keys and bytes, nothing about images.
export interface BlobStore {
  put(key: string, data: Buffer, options?: PutOptions): Promise<void>;
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  exists(key: string): Promise<boolean>;
  /** Removes every object whose key starts with `prefix` (never empty). */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * Drivers a client uploads to directly: a URL that takes one plain `PUT` of the object's bytes to
   * `key` until it expires. Absent: the app receives the bytes itself (its own signed upload route).
   */
  presignedPut?(key: string, expiresInSeconds: number): Promise<string>;
  /** Drivers with a public base (S3_PUBLIC_URL): where a browser reads `key` without the app in the path. */
  publicUrl?(key: string): string;
}
