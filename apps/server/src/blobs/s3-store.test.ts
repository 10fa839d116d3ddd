import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3-server.ts';
import { loadConfig, type S3Config } from '../config.ts';
import { bucketOrigins } from '../http/content-security-policy.ts';
import type { BlobStore } from './blob-store.ts';
import { localStore } from './local-store.ts';
import { s3Store } from './s3-store.ts';

let s3: TestS3;
let localDir: string;
beforeAll(async () => {
  s3 = await startTestS3();
  localDir = mkdtempSync(path.join(tmpdir(), 'stash-blobs-'));
});
afterAll(async () => {
  await s3?.close();
  rmSync(localDir, { recursive: true, force: true });
});

const drivers: [string, () => BlobStore][] = [
  ['local disk', () => localStore(localDir)],
  ['S3', () => s3Store(s3.config)],
];

describe.each(drivers)('BlobStore on %s', (_name, open) => {
  it('puts, reads, tells existence and deletes by prefix', async () => {
    const store = open();
    await store.put('m1/image.jpg', Buffer.from('jpeg bytes'));
    await store.put('m1/320.webp', Buffer.from('webp'));
    await store.put('m10/image.jpg', Buffer.from('other'));

    const got = await store.get('m1/image.jpg');
    expect(got?.size).toBe(10);
    expect(await text(got?.body as NodeJS.ReadableStream)).toBe('jpeg bytes');
    expect(await store.get('m1/640.webp')).toBeNull();
    expect(await store.exists('m1/320.webp')).toBe(true);
    expect(await store.exists('m1/640.webp')).toBe(false);

    // overwrite replaces the whole object
    await store.put('m1/320.webp', Buffer.from('newer webp'));
    expect(await text((await store.get('m1/320.webp'))?.body as NodeJS.ReadableStream)).toBe('newer webp');

    await store.deletePrefix('m1/');
    expect(await store.exists('m1/image.jpg')).toBe(false);
    expect(await store.exists('m1/320.webp')).toBe(false);
    // a key that merely starts with the same characters is not under the prefix 'm1/'
    expect(await store.exists('m10/image.jpg')).toBe(true);
    await expect(store.deletePrefix('')).rejects.toThrow();
    expect(await store.exists('m10/image.jpg')).toBe(true);
  });
});

describe('S3 store', () => {
  it('stores content type and cache control, served by the public URL', async () => {
    const store = s3Store(s3.config);
    await store.put('pub/1.webp', Buffer.from('RIFF-webp'), { contentType: 'image/webp', cacheControl: 'public, max-age=60' });
    const url = store.publicUrl?.('pub/1.webp');
    expect(url).toBe(s3.objectUrl('pub/1.webp'));
    const res = await fetch(url as string);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await res.text()).toBe('RIFF-webp');
    // no S3_PUBLIC_URL: reads go through the app
    expect(s3Store({ ...s3.config, publicUrl: undefined }).publicUrl).toBeUndefined();
  });

  it('hands out presigned PUT URLs that a plain fetch uploads through, and nothing else', async () => {
    const store = s3Store(s3.config);
    const url = (await store.presignedPut?.('uploads/a', 300)) as string;
    expect(url.startsWith(`${s3.config.endpoint}/${s3.config.bucket}/uploads/a?`)).toBe(true);
    expect(url).toContain('X-Amz-Signature=');

    // any content type, as a browser sends the file's own
    const put = await fetch(url, { method: 'PUT', body: 'the photo', headers: { 'content-type': 'image/jpeg' } });
    expect(put.status).toBe(200);
    expect(await text((await store.get('uploads/a'))?.body as NodeJS.ReadableStream)).toBe('the photo');

    // the signature covers key and expiry: another key or a longer life is refused
    const otherKey = await fetch(url.replace('/uploads/a?', '/uploads/b?'), { method: 'PUT', body: 'x' });
    expect(otherKey.status).toBe(403);
    expect(await store.exists('uploads/b')).toBe(false);
    const longer = await fetch(url.replace('X-Amz-Expires=300', 'X-Amz-Expires=3000'), { method: 'PUT', body: 'x' });
    expect(longer.status).toBe(403);

    const shortLived = (await store.presignedPut?.('uploads/c', 1)) as string;
    await new Promise((r) => setTimeout(r, 1100));
    const late = await fetch(shortLived, { method: 'PUT', body: 'x' });
    expect(late.status).toBe(403);
    expect(await store.exists('uploads/c')).toBe(false);
  });
});

describe('BLOB_STORE configuration', () => {
  // DATA_DIR also receives the generated VAPID keys: the file's own temp dir
  const env = () => ({ SECRET: 'x'.repeat(40), DATA_DIR: localDir });
  it('defaults to DATA_DIR/media and reads every S3 setting once', () => {
    expect(loadConfig(env()).blobStore).toEqual({ kind: 'local', root: path.join(localDir, 'media') });
    expect(
      loadConfig({
        ...env(),
        BLOB_STORE: 's3',
        S3_BUCKET: 'shop-media',
        S3_ENDPOINT: 'http://minio:9000',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PUBLIC_URL: 'https://cdn.example.com/media/',
      }).blobStore,
    ).toEqual({
      kind: 's3',
      bucket: 'shop-media',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
      publicUrl: 'https://cdn.example.com/media',
    });
  });

  it('stops start-up naming what is missing', () => {
    expect(() => loadConfig({ ...env(), BLOB_STORE: 's3' })).toThrow(/S3_BUCKET: is required when BLOB_STORE=s3/);
    expect(() => loadConfig({ ...env(), BLOB_STORE: 's3', S3_BUCKET: 'b1b', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ ...env(), BLOB_STORE: 'gcs' })).toThrow(/BLOB_STORE/);
  });
});

describe('presigned upload urls and the page policy', () => {
  // The owner's browser PUTs to whatever origin the SDK signs for; connect-src must allow exactly it.
  const base = { publicUrl: undefined, credentials: { accessKeyId: 'id', secretAccessKey: 'secret' } };
  const cases: [string, S3Config][] = [
    ['AWS, virtual-hosted', { ...base, bucket: 'shop-media', region: 'ap-south-1', endpoint: undefined, forcePathStyle: false }],
    [
      'AWS, a bucket name with dots',
      { ...base, bucket: 'media.shop.in', region: 'ap-south-1', endpoint: undefined, forcePathStyle: false },
    ],
    [
      'S3-compatible, virtual-hosted',
      { ...base, bucket: 'shop-media', region: 'auto', endpoint: 'https://r2.example.net', forcePathStyle: false },
    ],
    [
      'S3-compatible, path style',
      { ...base, bucket: 'shop-media', region: 'us-east-1', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true },
    ],
  ];
  it.each(cases)('%s: the signed origin is one connect-src allows', async (_name, config) => {
    const url = await s3Store(config).presignedPut?.('uploads/abc', 60);
    expect(url).toBeTruthy();
    expect(bucketOrigins(config)).toContain(new URL(url as string).origin);
  });
});
