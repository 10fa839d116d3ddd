import { product } from '@stashblog/contract/products';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { productJson } from '../../db/schema/product-json.ts';
import { checkProductJson, productJsonFunctionBody, productJsonMigration } from './product-json.ts';

// The SQL that writes each product's stored JSON is generated from the contract (decision 042); the server
// checks at start-up that the database's function is the generated one.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

const runMigration = async (text: string) => {
  for (const statement of text.split('--> statement-breakpoint')) await app.ctx.db.execute(sql.raw(statement));
};

describe('product JSON from the contract', () => {
  it('the migrated database writes what the contract generates, every key in the contract’s order', async () => {
    await expect(checkProductJson(app.ctx.db)).resolves.toBeUndefined();
    const owner = await app.owner('jsonkeys');
    const made = await app.inject({
      method: 'POST',
      url: '/api/userAdmin/products/create',
      headers: { authorization: owner.token },
      payload: { productName: 'Lamp', category: 'Lamps', description: 'd' },
    });
    const id = made.json().payload.product._id as string;
    await app.inject({
      method: 'PUT',
      url: '/api/userAdmin/products/updateStatus',
      headers: { authorization: owner.token },
      payload: { id },
    });
    const list = await app.inject({ method: 'GET', url: '/api/public/products/fetchAll', query: { businessName: 'jsonkeys' } });
    const listed = list.json().payload.products;
    expect(listed).toHaveLength(1);
    expect(Object.keys(listed[0])).toEqual(Object.keys(product.shape));
  });

  it('a server whose database function differs from the contract refuses to start until the generated migration runs', async () => {
    // the contract grows a key (one a products column already holds)
    const grown = { ...product.shape, visits: z.number() };
    expect(productJsonFunctionBody(grown)).toContain(`',"visits":' || to_json(trim_scale(p.visits))`);
    await expect(checkProductJson(app.ctx.db, grown)).rejects.toThrow(/npm run db:product-json/);

    // the database drifts from the contract: start-up says so
    await app.ctx.db.execute(
      sql.raw(
        `CREATE OR REPLACE FUNCTION stash_product_json(p products) RETURNS text LANGUAGE sql STABLE AS $$ SELECT '"productName":' || to_json(p.product_name) || '}' $$`,
      ),
    );
    await expect(buildApp({ config: app.ctx.config, db: app.ctx.db })).rejects.toThrow(/differs from the contract/);

    // the generated migration brings the function and every stored row in line
    const owner = await app.owner('jsongrown');
    await app.inject({
      method: 'POST',
      url: '/api/userAdmin/products/create',
      headers: { authorization: owner.token },
      payload: { productName: 'Vase', category: 'Pots', description: 'd' },
    });
    await runMigration(productJsonMigration(grown));
    await expect(checkProductJson(app.ctx.db, grown)).resolves.toBeUndefined();
    const [row] = await app.ctx.db.select().from(productJson).where(eq(productJson.businessId, owner.businessId));
    expect(JSON.parse(`{${row?.body}`)).toMatchObject({ productName: 'Vase', visits: 0 });

    await runMigration(productJsonMigration());
    await expect(checkProductJson(app.ctx.db)).resolves.toBeUndefined();
  });
});
