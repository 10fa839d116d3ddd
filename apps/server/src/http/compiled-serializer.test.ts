import { cataloguePayload } from '@stashblog/contract/catalogues';
import { envelopeSchema } from '@stashblog/contract/envelope';
import { productList, productPayload } from '@stashblog/contract/products';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateProductRows } from '../../test/storefront-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { products } from '../db/schema/products.ts';
import { compiledSerializer } from './compiled-serializer.ts';

// Routes with compiled serialisation must answer the very bytes the zod serialiser would have sent.
const zodBytes = (schema: { encode(v: unknown): unknown }, body: string) => JSON.stringify(schema.encode(JSON.parse(body)));
const compile = (schema: unknown) => compiledSerializer({ schema, method: 'GET', url: '/x' }) as (data: unknown) => string;

describe('compiled serialisation', () => {
  const listSchema = envelopeSchema(productList);
  const product = {
    _id: '0190a0f0-0000-7000-8000-000000000000',
    businessName: 'shop',
    productName: 'Quote " back \\ slash, emoji 🪔, line sep \u2028, lone \ud800 and </script>',
    itemNo: '',
    description: 'x',
    category: 'Lamps',
    tags: ['a', 'b'],
    images: [],
    specifications: [],
    disclaimer: [],
    pricePerUnit: null,
    totalUnits: 3,
    link: '',
    isPublic: true,
    isPromoted: false,
    promoted: false,
    isBlocked: false,
    createdAt: '2026-01-01T00:00:00.000Z',
  };

  it('writes what zod then JSON.stringify write, dropping keys the contract does not name', () => {
    const data = { code: 201, message: 'ok', error: null, payload: { products: [{ ...product, secret: 'x' }], count: 1, extra: 2 } };
    expect(compile(listSchema)(data)).toBe(JSON.stringify(listSchema.encode(data)));
    const capped = { ...data, payload: { ...data.payload, countCapped: true } };
    expect(compile(listSchema)(capped)).toBe(JSON.stringify(listSchema.encode(capped)));
  });

  it('still refuses a response missing a required field', () => {
    const { createdAt: _gone, ...incomplete } = product;
    expect(() => compile(listSchema)({ code: 201, message: 'ok', error: null, payload: { products: [incomplete], count: 1 } })).toThrow();
  });

  describe('on the public routes', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await createTestApp();
    });

    it('answers products and catalogues byte for byte as zod would', async () => {
      // (a lone surrogate cannot be stored: PostgreSQL keeps UTF-8)
      const tricky = 'Quote " back \\ slash, emoji 🪔, line sep \u2028 and </script>';
      const owner = await app.owner('compiled-shop');
      const auth = { authorization: owner.token };
      const ids: string[] = [];
      const prices = [12.5, 0.1, 99999999999.99];
      for (const [i, productName] of [tricky, 'Plain lamp', 'Third lamp'].entries()) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/userAdmin/products/create',
          headers: auth,
          payload: {
            productName,
            category: 'Lamps',
            // what JSON escapes: quotes, backslashes and control characters, in their short and \u forms
            description: 'Quoted "text"\nnext line\ttab \u0001 \u001f \u007f end',
            // what the array text format quotes and escapes: commas, braces, quotes, backslashes, NULL-looking words
            tags: ['brass', 'a,b', '{x}', 'NULL'],
            specifications: ['12" tall', 'back\\slash', ' padded '],
            images: ['lamp.jpg'],
            pricePerUnit: prices[i],
          },
        });
        expect(res.statusCode, res.body).toBe(201);
        const id = res.json().payload.product._id as string;
        await app.inject({ method: 'PUT', url: '/api/userAdmin/products/updateStatus', headers: auth, payload: { id } });
        ids.push(id);
      }
      await updateProductRows(app.ctx, eq(products.id, ids[1]), { pricePerUnit: null });
      const made = await app.inject({
        method: 'POST',
        url: '/api/userAdmin/catalogues/create',
        headers: auth,
        payload: { catalogueName: 'Lamps "all"', description: 'd', products: ids },
      });
      expect(made.statusCode, made.body).toBe(201);
      const catalogueId = made.json().payload.catalogue._id as string;
      await app.inject({ method: 'PUT', url: '/api/userAdmin/catalogues/updateStatus', headers: auth, payload: { id: catalogueId } });

      const businessName = 'compiled-shop';
      const cases: { url: string; query: Record<string, string>; schema: { encode(v: unknown): unknown } }[] = [
        { url: '/api/public/products/fetchAll', query: { businessName }, schema: listSchema },
        { url: '/api/public/products/fetch', query: { businessName, id: ids[0] }, schema: envelopeSchema(productPayload) },
        { url: '/api/public/products/fetchAllUsers', query: {}, schema: listSchema },
        { url: '/api/public/catalogues/fetch', query: { businessName, id: catalogueId }, schema: envelopeSchema(cataloguePayload) },
        { url: '/api/public/catalogues/fetchProducts', query: { businessName, id: catalogueId }, schema: listSchema },
      ];
      for (const { url, query, schema } of cases) {
        const res = await app.inject({ method: 'GET', url, query });
        expect(res.statusCode, `${url} ${res.body}`).toBe(200);
        expect(res.body, url).toBe(zodBytes(schema, res.body));
      }
      const list = (await app.inject({ method: 'GET', url: cases[0].url, query: cases[0].query })).json().payload;
      expect(list.products.map((p: { productName: string }) => p.productName).sort()).toEqual([tricky, 'Plain lamp', 'Third lamp'].sort());
      expect(list.products.map((p: { pricePerUnit: number | null }) => p.pricePerUnit).sort()).toEqual([12.5, 99999999999.99, null]);
      // the listing (JSON written by PostgreSQL) shows each product exactly as its own page (read through drizzle) does
      for (const listed of list.products as { _id: string }[]) {
        const one = await app.inject({ method: 'GET', url: '/api/public/products/fetch', query: { businessName, id: listed._id } });
        expect(listed).toEqual(one.json().payload.product);
      }
      expect(list.products[0].tags).toEqual(['brass', 'a,b', '{x}', 'null']); // tags are kept lower-case
      expect(list.products[0].images).toHaveLength(1);
    });
  });
});
