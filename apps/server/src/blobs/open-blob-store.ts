import type { BlobStoreConfig } from '../config.ts';
import type { BlobStore } from './blob-store.ts';
import { localStore } from './local-store.ts';
import { s3Store } from './s3-store.ts';

/** The store BLOB_STORE names: DATA_DIR/media on local disk, or an S3 bucket. */
export function openBlobStore(config: BlobStoreConfig): BlobStore {
  return config.kind === 's3' ? s3Store(config) : localStore(config.root);
}
