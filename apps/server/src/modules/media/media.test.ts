import { createHmac } from 'node:crypto';
import { limits } from '@stashblog/contract/limits';
import { mediaVariantUrl } from '@stashblog/contract/paths';
import { serverTexts } from '@stashblog/contract/server-texts';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobsOf, retryJobsNow } from '../../../test/jobs.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { media } from '../../db/schema/media.ts';
import { readJobQueue } from '../../jobs/queue.ts';
import { runDueJobs } from '../../jobs/worker.ts';
import { deleteMedia, readVariantWidths, storeImage } from './media.service.ts';

const publicOrigin = 'https://shop.example.test';
let app: TestApp;
let owner: Awaited<ReturnType<TestApp['owner']>>;
beforeAll(async () => {
  // A public origin other than the one requests arrive on: upload urls must be built from it.
  app = await createTestApp({ publicUrl: publicOrigin });
  owner = await app.owner('pixels');
});

const png = (width: number, height: number, alpha = false) =>
  sharp({ create: { width, height, channels: alpha ? 4 : 3, background: alpha ? { r: 200, g: 10, b: 10, alpha: 0.5 } : '#3366aa' } })
    .png()
    .toBuffer();

/** A product with one image slot per name; returns the signed upload urls. */
async function slots(names: string[]) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/userAdmin/products/create',
    headers: { authorization: owner.token },
    payload: { category: 'Lamps', productName: 'Lamp', description: 'Bright', images: names },
  });
  expect(res.statusCode).toBe(201);
  return res.json().payload as { product: { images: string[] }; productImagesPreSignedUrls: { image: string; url: string }[] };
}

const upload = (url: string, body: Buffer | string, contentType = 'image/png') =>
  app.inject({ method: 'PUT', url, headers: { 'content-type': contentType }, payload: body });

describe('media upload', () => {
  it('takes an uploaded PNG through to served JPEG and WebP variants', async () => {
    const { product, productImagesPreSignedUrls } = await slots(['photo.png']);
    const [slot] = productImagesPreSignedUrls;
    expect(slot?.image).toBe('photo.png');
    // absolute on PUBLIC_URL, as an S3 pre-signed url is: usable as given by any client
    expect(slot?.url).toMatch(/^https:\/\/shop\.example\.test\/api\/media\/upload\/[0-9a-f-]{36}\?exp=\d+&sig=[0-9a-f]{64}$/);

    const put = await upload(slot?.url as string, await png(1000, 600));
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ code: 201, payload: { width: 1000, height: 600, url: product.images[0] } });

    const jpg = await app.inject({ method: 'GET', url: product.images[0] as string });
    expect(jpg.statusCode).toBe(200);
    expect(jpg.headers['content-type']).toBe('image/jpeg');
    expect(jpg.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(jpg.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1000, height: 600 });

    // the widths are a job (decision 045): until it runs, each width's URL points at the JPEG
    const id = mediaIdOf(slot?.url as string);
    expect((await jobsOf(app, 'media:variants')).map((j) => j.payload)).toContainEqual({ businessId: owner.businessId, mediaId: id });
    for (const w of [320, 640, 1920]) {
      const early = await app.inject({ method: 'GET', url: mediaVariantUrl(product.images[0] as string, w) });
      expect(early.statusCode, `${w}`).toBe(302);
      expect(early.headers.location).toBe(product.images[0]);
      expect(early.headers['cache-control']).toBe('public, max-age=60');
    }
    expect(await readVariantWidths(app.ctx, { ids: [id] })).toEqual({});

    await runDueJobs(app.ctx);
    expect(await readVariantWidths(app.ctx, { ids: [id] })).toEqual({ [id]: [320, 640, 960] });
    const webp = await app.inject({ method: 'GET', url: mediaVariantUrl(product.images[0] as string, 640) });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(webp.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640 });
    // wider than the original: not made, not recorded; a url asking anyway gets the widest there is
    const tooWide = await app.inject({ method: 'GET', url: mediaVariantUrl(product.images[0] as string, 1920) });
    expect(tooWide.statusCode).toBe(200);
    expect(await sharp(tooWide.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 960 });

    const again = await upload(slot?.url as string, await png(100, 100));
    expect(again.statusCode).toBe(409);
  });

  it('flattens transparency onto white, strips metadata and honours EXIF orientation', async () => {
    const [slot] = (await slots(['a.png'])).productImagesPreSignedUrls;
    // 400×200 stored sideways (orientation 6 = rotate 90° clockwise to display)
    const rotated = await sharp(await png(400, 200, true))
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-camera' } } })
      .toBuffer();
    const put = await upload(slot?.url as string, rotated, 'image/jpeg');
    expect(put.json().payload).toMatchObject({ width: 200, height: 400 });
    const jpg = await app.inject({ method: 'GET', url: put.json().payload.url });
    const meta = await sharp(jpg.rawPayload).metadata();
    expect(meta).toMatchObject({ width: 200, height: 400 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();

    const [alphaSlot] = (await slots(['b.png'])).productImagesPreSignedUrls;
    const alpha = await upload(alphaSlot?.url as string, await png(64, 64, true));
    const small = await app.inject({ method: 'GET', url: alpha.json().payload.url });
    const { data } = await sharp(small.rawPayload).raw().toBuffer({ resolveWithObject: true });
    // half-transparent red over white is pink, not dark red over black
    expect(data[0]).toBeGreaterThan(200);
    expect(data[1]).toBeGreaterThan(100);
    // smaller than the smallest width: still gets its 320 variant (not enlarged)
    await runDueJobs(app.ctx);
    const v320 = await app.inject({ method: 'GET', url: mediaVariantUrl(alpha.json().payload.url, 320) });
    expect(await sharp(v320.rawPayload).metadata()).toMatchObject({ width: 64 });
  });

  it('refuses SVG, text and other non-images by content, keeping the slot pending', async () => {
    const { productImagesPreSignedUrls: urls } = await slots(['x.svg', 'y.txt', 'z.tif']);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    const s = await upload(urls[0]?.url as string, Buffer.from(svg), 'image/svg+xml');
    expect(s.statusCode).toBe(400);
    expect(s.json()).toMatchObject({ code: 400, error: serverTexts.uploadInvalid });
    const t = await upload(urls[1]?.url as string, 'just some text', 'text/plain');
    expect(t.statusCode).toBe(400);
    expect(t.json().error).toBe(serverTexts.uploadInvalid);
    const tif = await upload(
      urls[2]?.url as string,
      await sharp(await png(20, 20))
        .tiff()
        .toBuffer(),
      'image/png',
    );
    expect(tif.json().error).toBe(serverTexts.uploadInvalid);
    // the slot is still usable with a real image
    expect((await upload(urls[0]?.url as string, await png(20, 20))).statusCode).toBe(200);
  });

  it('refuses a bad or expired signature and unknown slots', async () => {
    const [slot] = (await slots(['c.png'])).productImagesPreSignedUrls;
    const url = slot?.url as string;
    const body = await png(10, 10);
    const badSig = await upload(
      url.replace(/sig=./, (m) => (m.endsWith('0') ? 'sig=1' : 'sig=0')),
      body,
    );
    expect(badSig.statusCode).toBe(403);
    expect(badSig.json().error).toBe(serverTexts.uploadLinkInvalid);
    const laterExp = await upload(
      url.replace(/exp=(\d+)/, (_m, e) => `exp=${Number(e) + 3600}`),
      body,
    );
    expect(laterExp.statusCode).toBe(403);
    const noQuery = await upload(url.split('?')[0] as string, body);
    expect(noQuery.statusCode).toBe(403);
    // correctly signed by us, but an hour past its expiry
    const mediaId = /upload\/([0-9a-f-]{36})/.exec(url)?.[1] as string;
    const past = Math.floor(Date.now() / 1000) - 10;
    const expiredSig = createHmac('sha256', app.ctx.config.secret).update(`${mediaId}${past}`).digest('hex');
    const expired = await upload(`/api/media/upload/${mediaId}?exp=${past}&sig=${expiredSig}`, body);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().error).toBe(serverTexts.uploadLinkInvalid);
    const otherId = await upload(url.replace(/upload\/[0-9a-f-]{36}/, 'upload/00000000-0000-7000-8000-000000000000'), body);
    expect(otherId.statusCode).toBe(403);
  });

  it('lets a page on any origin PUT to the signed url (CORS), errors included', async () => {
    const [slot] = (await slots(['cors.png'])).productImagesPreSignedUrls;
    const url = slot?.url as string;
    const preflight = await app.inject({
      method: 'OPTIONS',
      url,
      headers: {
        origin: 'https://custom-domain.test',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toContain('PUT');
    expect(preflight.headers['access-control-allow-headers']).toContain('content-type');
    const refused = await upload(
      url.replace(/sig=./, (m) => (m.endsWith('0') ? 'sig=1' : 'sig=0')),
      await png(10, 10),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    const put = await upload(url, await png(10, 10));
    expect(put.statusCode).toBe(200);
    expect(put.headers['access-control-allow-origin']).toBe('*');
    // only the upload is open to other origins
    const other = await app.inject({ method: 'GET', url: '/api/public/user/fetchCategories?businessName=pixels' });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses bodies over 10 MB with 413', async () => {
    const [slot] = (await slots(['big.png'])).productImagesPreSignedUrls;
    const res = await upload(slot?.url as string, Buffer.alloc(11 * 1024 * 1024, 1));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 413, error: serverTexts.uploadTooLarge });
  });

  it('refuses images over 40 megapixels with 413 and stores nothing', async () => {
    const [slot] = (await slots(['huge.png'])).productImagesPreSignedUrls;
    // 8000×6000 = 48 MP of flat colour compresses to a small file
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(1024 * 1024);
    const res = await upload(slot?.url as string, huge);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(serverTexts.uploadTooLarge);
    const id = mediaIdOf(slot?.url as string);
    const [row] = await app.ctx.db.select().from(media).where(eq(media.id, id));
    expect(row).toMatchObject({ status: 'pending', processingUntil: null, width: null });
    expect(await app.ctx.blobs.get(`${id}/image.jpg`)).toBeNull();
    expect(await app.ctx.blobs.get(`${id}/320.webp`)).toBeNull();
  });
});

const mediaIdOf = (url: string) => /upload\/([0-9a-f-]{36})/.exec(url)?.[1] as string;

describe('uploads in flight per owner', () => {
  // Several owners' worth of slots: products take at most six images each.
  async function manySlots(n: number) {
    const urls: string[] = [];
    while (urls.length < n) {
      const batch = Math.min(limits.maxProductImages, n - urls.length);
      const { productImagesPreSignedUrls } = await slots(Array.from({ length: batch }, (_, i) => `f${urls.length + i}.png`));
      urls.push(...productImagesPreSignedUrls.map((u) => u.url));
    }
    return urls;
  }

  it('answers 429 with the message beyond the limit of concurrent uploads, and the refused ones succeed later', async () => {
    const n = limits.uploadsInFlightPerOwner * 2;
    const urls = await manySlots(n);
    // 7.5 MP takes far longer to decode than a claim (one short transaction), so every claim lands
    // while the first uploads are still being processed
    const body = await sharp({ create: { width: 3000, height: 2500, channels: 3, background: '#884422' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const results = await Promise.all(urls.map((u) => upload(u, body)));
    const refused = results.filter((r) => r.statusCode === 429);
    expect(results.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(limits.uploadsInFlightPerOwner);
    expect(refused.length).toBeGreaterThan(0);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 429)).toBe(true);
    for (const r of refused) {
      expect(r.json()).toMatchObject({ code: 429, error: serverTexts.uploadsInFlight(limits.uploadsInFlightPerOwner) });
      expect(r.headers['retry-after']).toBe('2');
    }
    // nothing is left counted as in flight, so the refused ones go through when sent again
    const retried = await Promise.all(urls.filter((_, i) => results[i]?.statusCode === 429).map((u) => upload(u, body)));
    expect(retried.map((r) => r.statusCode)).toEqual(refused.map(() => 200));
  });

  it('counts uploads in flight on other app nodes (the count is in PostgreSQL), and a lapsed lease frees its place', async () => {
    const urls = await manySlots(limits.uploadsInFlightPerOwner + 1);
    const elsewhere = urls.slice(0, limits.uploadsInFlightPerOwner).map(mediaIdOf);
    // as another node does while it processes these uploads
    await app.ctx.db.update(media).set({ processingUntil: sql`now() + interval '1 minute'` }).where(inArray(media.id, elsewhere));
    const mine = urls.at(-1) as string;
    const refused = await upload(mine, await png(40, 40));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(serverTexts.uploadsInFlight(limits.uploadsInFlightPerOwner));
    expect(await app.ctx.blobs.get(`${mediaIdOf(mine)}/image.jpg`)).toBeNull();
    // a slot being processed elsewhere is not processed twice
    const twice = await upload(urls[0] as string, await png(40, 40));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(serverTexts.uploadInProgress);
    // another business is not affected by this owner's uploads
    const other = await app.owner('pixels-other');
    const res = await app.inject({
      method: 'POST',
      url: '/api/userAdmin/products/create',
      headers: { authorization: other.token },
      payload: { category: 'Lamps', productName: 'Lamp', description: 'Bright', images: ['o.png'] },
    });
    expect((await upload(res.json().payload.productImagesPreSignedUrls[0].url, await png(40, 40))).statusCode).toBe(200);
    // that node died: its leases lapse and the owner may upload again
    await app.ctx.db.update(media).set({ processingUntil: sql`now() - interval '1 second'` }).where(inArray(media.id, elsewhere));
    expect((await upload(mine, await png(40, 40))).statusCode).toBe(200);
  });
});

describe('media serving', () => {
  it('answers 404 for unknown or malformed paths, never escaping the store', async () => {
    for (const url of [
      '/media/00000000-0000-7000-8000-000000000000/image.jpg',
      '/media/not-a-uuid/image.jpg',
      '/media/00000000-0000-7000-8000-000000000000/..%2F..%2Fsecret',
      '/media/..%2F..%2Fetc/passwd',
      '/media/00000000-0000-7000-8000-000000000000/500.webp',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('stores images directly for the seeder', async () => {
    const id = await storeImage(app.ctx, { businessId: owner.businessId, category: 'logo', name: 'logo.png', data: await png(2000, 1000) });
    const [row] = await app.ctx.db.select().from(media).where(eq(media.id, id));
    expect(row).toMatchObject({ status: 'ready', category: 'logo', width: 2000, height: 1000 });
    const jpg = await app.inject({ method: 'GET', url: `/media/${id}/image.jpg` });
    expect(await sharp(jpg.rawPayload).metadata()).toMatchObject({ width: 1920 });
    await runDueJobs(app.ctx);
    expect(await readVariantWidths(app.ctx, { ids: [id] })).toEqual({ [id]: [320, 640, 960, 1280, 1920] });
    for (const w of [320, 640, 960, 1280, 1920]) {
      expect((await app.inject({ method: 'GET', url: `/media/${id}/${w}.webp` })).statusCode).toBe(200);
    }
  });

  it('makes no widths for an image deleted before its job ran, and leaves no files behind', async () => {
    const id = await storeImage(app.ctx, {
      businessId: owner.businessId,
      category: 'products',
      name: 'gone.png',
      data: await png(700, 300),
    });
    await deleteMedia(app.ctx, { businessId: owner.businessId, ids: [id] });
    await runDueJobs(app.ctx);
    expect(await jobsOf(app, 'media:variants')).toEqual([]);
    for (const file of ['image.jpg', '320.webp', '640.webp']) expect(await app.ctx.blobs.get(`${id}/${file}`), file).toBeNull();
    expect((await app.inject({ method: 'GET', url: `/media/${id}/320.webp` })).statusCode).toBe(404);
  });

  it('retries a job that cannot make the widths, then leaves it failed while the JPEG still serves every width', async () => {
    const id = await storeImage(app.ctx, {
      businessId: owner.businessId,
      category: 'products',
      name: 'bad.png',
      data: await png(700, 300),
    });
    // a JPEG the store hands back broken (a bucket's bad day): decoding it fails on every attempt
    await app.ctx.blobs.put(`${id}/image.jpg`, Buffer.from('not a jpeg'), { contentType: 'image/jpeg', cacheControl: 'no-store' });
    await runDueJobs(app.ctx);
    const [first] = await jobsOf(app, 'media:variants');
    expect(first).toMatchObject({ attempts: 1, max_attempts: 6 });
    expect(first?.last_error).toBeTruthy();
    await retryJobsNow(app, { attempts: 5 });
    const [failed] = await jobsOf(app, 'media:variants');
    expect(failed).toMatchObject({ attempts: 6, max_attempts: 6 });
    // as the platform console's jobs panel shows it
    expect((await readJobQueue(app.ctx.db)).types).toContainEqual(
      expect.objectContaining({ type: 'media:variants', failed: 1, maxAttempts: 6 }),
    );
    expect(await readVariantWidths(app.ctx, { ids: [id] })).toEqual({});
    const res = await app.inject({ method: 'GET', url: `/media/${id}/640.webp` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/media/${id}/image.jpg`);
    await app.ctx.db.execute(sql`delete from graphile_worker._private_jobs`);
  });

  it('proxies our own media only', async () => {
    const id = await storeImage(app.ctx, { businessId: owner.businessId, category: 'products', name: 'p.png', data: await png(50, 50) });
    const ok = await app.inject({ method: 'GET', url: '/api/media/proxy', query: { url: `/media/${id}/image.jpg` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/jpeg');
    const absolute = await app.inject({
      method: 'GET',
      url: '/api/media/proxy',
      query: { url: `http://localhost:5004/media/${id}/image.jpg` },
    });
    expect(absolute.statusCode).toBe(200);
    for (const url of ['https://example.com/cat.jpg', `https://evil.test/media/${id}/image.jpg`, '/etc/passwd', '', 'file:///etc/passwd']) {
      const res = await app.inject({ method: 'GET', url: '/api/media/proxy', query: { url } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toBe(serverTexts.proxyUrlInvalid);
    }
    const missing = await app.inject({
      method: 'GET',
      url: '/api/media/proxy',
      query: { url: '/media/00000000-0000-7000-8000-000000000000/image.jpg' },
    });
    expect(missing.statusCode).toBe(404);
  });
});
