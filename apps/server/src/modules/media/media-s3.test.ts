import { mediaKeyFromUrl, mediaVariantUrl } from '@stashblog/contract/paths';
import { serverTexts } from '@stashblog/contract/server-texts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../../test/s3-server.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { s3Store } from '../../blobs/s3-store.ts';
import { media } from '../../db/schema/media.ts';
import { runDueJobs } from '../../jobs/worker.ts';
import { readMediaFile } from './media.service.ts';

// BLOB_STORE=s3 end to end (decision 015): the client PUTs straight to the bucket through the
// presigned url, then calls completeUrl; the app makes the JPEG, its job the widths (decision 045), and
// serves them from the bucket.
let s3: TestS3;
let app: TestApp;
let owner: Awaited<ReturnType<TestApp['owner']>>;
beforeAll(async () => {
  s3 = await startTestS3();
  app = await createTestApp({ blobStore: { kind: 's3', ...s3.config } });
  owner = await app.owner('bucket-shop');
});
afterAll(async () => s3?.close());

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();

type Slot = { image: string; url: string; completeUrl?: string };

async function createProduct(names: string[]) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/userAdmin/products/create',
    headers: { authorization: owner.token },
    payload: { category: 'Lamps', productName: 'Lamp', description: 'Bright', images: names },
  });
  expect(res.statusCode).toBe(201);
  const payload = res.json().payload as { product: { _id: string; images: string[] }; productImagesPreSignedUrls: Slot[] };
  return { product: payload.product, slots: payload.productImagesPreSignedUrls };
}

/** The browser's part: a plain PUT to the presigned url, with whatever content type it likes. */
const putToBucket = (slot: Slot, body: Buffer | string) =>
  fetch(slot.url, {
    method: 'PUT',
    body: typeof body === 'string' ? body : new Uint8Array(body),
    headers: { 'content-type': 'image/jpeg' },
  }).then((r) => r.status);

const complete = (slot: Slot) => app.inject({ method: 'POST', url: slot.completeUrl as string });

const inBucket = (key: string) => s3Store(s3.config).exists(key);

describe('uploads with BLOB_STORE=s3', () => {
  it('takes an image PUT to the bucket through to variants in the bucket, served from its public URL', async () => {
    const { product, slots } = await createProduct(['photo.png']);
    const slot = slots[0] as Slot;
    const id = mediaKeyFromUrl(product.images[0] as string) as string;
    expect(slot.url.startsWith(`${s3.config.endpoint}/${s3.config.bucket}/uploads/${id}?`)).toBe(true);
    expect(slot.completeUrl).toMatch(new RegExp(`^${app.ctx.config.publicUrl}/api/media/complete/${id}\\?exp=\\d+&sig=[0-9a-f]{64}$`));

    const early = await complete(slot);
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toBe(serverTexts.uploadMissing);

    expect(await putToBucket(slot, await png(1000, 600))).toBe(200);
    const done = await complete(slot);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ code: 201, payload: { url: product.images[0], width: 1000, height: 600 } });
    // the admin page may sit on another of our hosts or a custom domain: the signed url is open to any origin
    expect(done.headers['access-control-allow-origin']).toBe('*');
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: slot.completeUrl as string,
      headers: { origin: 'https://custom-domain.test', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');

    // the JPEG at once, and the original (it may carry EXIF) is gone; a width not made yet points at the JPEG
    expect(await inBucket(`${id}/image.jpg`)).toBe(true);
    expect(await inBucket(`uploads/${id}`)).toBe(false);
    const pending = await app.inject({ method: 'GET', url: mediaVariantUrl(product.images[0] as string, 640) });
    expect(pending.statusCode).toBe(302);
    expect(pending.headers.location).toBe(s3.objectUrl(`${id}/image.jpg`));
    expect(pending.headers['cache-control']).toBe('public, max-age=60');
    // then the `media:variants` job makes the widths a 1000 px image fills, in the bucket
    await runDueJobs(app.ctx);
    for (const file of ['320.webp', '640.webp', '960.webp']) expect(await inBucket(`${id}/${file}`), file).toBe(true);
    expect(await inBucket(`${id}/1280.webp`)).toBe(false);
    expect(await inBucket(`uploads/${id}`)).toBe(false);

    // the app's media url sends the browser to the public base, where the bucket serves the bytes
    const jpg = await app.inject({ method: 'GET', url: product.images[0] as string });
    expect(jpg.statusCode).toBe(302);
    expect(jpg.headers.location).toBe(s3.objectUrl(`${id}/image.jpg`));
    const served = await fetch(jpg.headers.location as string);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 1000, height: 600 });

    // srcset asks for a width the image cannot fill: the widest there is
    const wide = await app.inject({ method: 'GET', url: mediaVariantUrl(product.images[0] as string, 1920) });
    expect(wide.headers.location).toBe(s3.objectUrl(`${id}/960.webp`));
    const webp = await fetch(wide.headers.location as string);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 960 });
    const unknown = await app.inject({ method: 'GET', url: '/media/00000000-0000-7000-8000-000000000000/image.jpg' });
    expect(unknown.statusCode).toBe(404);

    // without a public base (no S3_PUBLIC_URL) the app streams the same bytes from the bucket
    const streamed = await readMediaFile({ blobs: s3Store({ ...s3.config, publicUrl: undefined }) }, { mediaId: id, file: '640.webp' });
    expect(streamed?.contentType).toBe('image/webp');
    const chunks: Buffer[] = [];
    for await (const c of streamed?.body ?? []) chunks.push(c as Buffer);
    expect(await sharp(Buffer.concat(chunks)).metadata()).toMatchObject({ width: 640 });

    const again = await complete(slot);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(serverTexts.uploadAlreadyDone);
  });

  it('refuses a non-image or an oversized file on complete, drops it, and the slot takes a real image after', async () => {
    const { product, slots } = await createProduct(['x.svg']);
    const slot = slots[0] as Slot;
    const id = mediaKeyFromUrl(product.images[0] as string) as string;

    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    expect(await putToBucket(slot, svg)).toBe(200);
    const refused = await complete(slot);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(serverTexts.uploadInvalid);
    expect(await inBucket(`uploads/${id}`)).toBe(false);

    // a presigned PUT cannot bound the size; complete checks it before reading
    expect(await putToBucket(slot, Buffer.alloc(11 * 1024 * 1024, 1))).toBe(200);
    const big = await complete(slot);
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe(serverTexts.uploadTooLarge);
    expect(await inBucket(`uploads/${id}`)).toBe(false);

    const forged = await app.inject({ method: 'POST', url: (slot.completeUrl as string).replace(/sig=[0-9a-f]/, 'sig=x') });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error).toBe(serverTexts.uploadLinkInvalid);

    const [row] = await app.ctx.db.select({ status: media.status }).from(media).where(eq(media.id, id));
    expect(row?.status).toBe('pending');
    expect(await putToBucket(slot, await png(40, 30))).toBe(200);
    expect((await complete(slot)).statusCode).toBe(200);
    await runDueJobs(app.ctx);
    expect(await inBucket(`${id}/320.webp`)).toBe(true);
  });

  it('deleting the product removes its objects from the bucket, a never-completed upload included', async () => {
    const { product, slots } = await createProduct(['a.png', 'b.png']);
    const [a, b] = slots as [Slot, Slot];
    const [idA, idB] = product.images.map((u) => mediaKeyFromUrl(u) as string) as [string, string];
    expect(await putToBucket(a, await png(50, 50))).toBe(200);
    expect((await complete(a)).statusCode).toBe(200);
    await runDueJobs(app.ctx);
    expect(await inBucket(`${idA}/320.webp`)).toBe(true);
    expect(await putToBucket(b, await png(50, 50))).toBe(200); // never completed

    const del = await app.inject({
      method: 'DELETE',
      url: '/api/userAdmin/products/delete',
      headers: { authorization: owner.token },
      payload: { id: product._id },
    });
    expect(del.statusCode).toBe(200);
    expect(await inBucket(`${idA}/image.jpg`)).toBe(false);
    expect(await inBucket(`${idA}/320.webp`)).toBe(false);
    expect(await inBucket(`uploads/${idB}`)).toBe(false);
  });
});
