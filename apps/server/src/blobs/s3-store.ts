import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../config.ts';
import type { BlobStore } from './blob-store.ts';

function notFound(e: unknown): boolean {
  return e instanceof S3ServiceException && (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata.httpStatusCode === 404);
}

/** The BlobStore on an S3 bucket (AWS or S3-compatible), decision 015. */
export function s3Store(config: S3Config): BlobStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 demands them: S3-compatible servers (and presigned PUTs made by
    // browsers that send no checksum headers) refuse or cannot produce the newer default ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const publicBase = config.publicUrl;

  return {
    async put(key, data, options = {}) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: options.contentType, CacheControl: options.cacheControl }),
      );
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        // In Node the SDK's body is an http.IncomingMessage (a Readable).
        return { body: out.Body as Readable, size: out.ContentLength ?? 0 };
      } catch (e) {
        if (notFound(e)) return null;
        throw e;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (e) {
        if (notFound(e)) return false;
        throw e;
      }
    },
    async deletePrefix(prefix) {
      // An empty prefix would empty the bucket; local disk refuses it the same way.
      if (!prefix) throw new Error('deletePrefix needs a prefix');
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        // A page holds at most 1,000 keys, which is DeleteObjects' limit too.
        if (keys.length) await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    // Only the host is signed: the browser may send any Content-Type, and its Content-Length is
    // checked by the app when the upload is completed (a presigned PUT cannot bound the size).
    presignedPut(key, expiresInSeconds) {
      return getSignedUrl(client, new PutObjectCommand({ Bucket, Key: key }), { expiresIn: expiresInSeconds });
    },
    ...(publicBase ? { publicUrl: (key: string) => `${publicBase}/${key.split('/').map(encodeURIComponent).join('/')}` } : {}),
  };
}
