import type { BlobStoreConfig } from '../config.ts';
import type { BlobStore } from './blob-store.ts';
import { localStore } from './local-store.ts';

/**
 * The store BLOB_STORE names: DATA_DIR/media on local disk, or an S3 bucket. The AWS SDK is loaded
 * only for S3, so a local-disk deployment never pays its start-up cost.
 */
export async function openBlobStore(config: BlobStoreConfig): Promise<BlobStore> {
  if (config.kind === 'local') return localStore(config.root);
  const { s3Store } = await import('./s3-store.ts');
  return s3Store(config);
}
