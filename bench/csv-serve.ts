import { encodePassword } from '@stashblog/contract/auth';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/open.ts';
import { createBusiness } from '../apps/server/src/modules/businesses/businesses.service.ts';

// Child process of bench/csv.ts: the real app (its own process, so its RSS is the server's alone)
// with one business holding LEADS product leads. Answers 'rss' messages with its resident set size.
const leadCount = Number(process.env.LEADS ?? 100_000);
const config = loadConfig({ ...process.env, SEED_DEMO: '0', LOG_LEVEL: 'silent' });
const database = await openDatabase(config, () => {});
const app = await buildApp({ config, db: database.db });
await app.listen({ port: config.port, host: '127.0.0.1' });

const email = 'csv-bench@example.test';
const { id: businessId } = await createBusiness(app.ctx, {
  businessName: 'csv-bench',
  name: 'CSV Bench',
  email,
  password: 'bench-password-1',
});
const productId = '01900000-0000-7000-8000-000000000001';
await app.ctx.db.execute(sql`
  insert into products (business_id, id, product_name, description, category, is_public)
  values (${businessId}, ${productId}, 'Hand-woven silk scarf', 'd', 'textiles', true)`);
// Realistic rows: names, 10-digit phones, mail, a sentence of query text, spread over a year.
await app.ctx.db.execute(sql`
  insert into leads (business_id, id, kind, name, phone_no, email, query, fk_product_id, product_name, created_at)
  select ${businessId}, gen_random_uuid(), 'product', 'Visitor ' || g, (9000000000 + g)::text, 'visitor' || g || '@example.test',
         'Please share the price for ' || (g % 500) || ' pieces, delivered to Pune, with GST invoice.', ${productId},
         'Hand-woven silk scarf', now() - (g || ' minutes')::interval
  from generate_series(1, ${leadCount}) g`);
await app.ctx.db.execute(sql`analyze leads`);
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/user/logIn',
  payload: { email, password: encodePassword('bench-password-1') },
});
const token = login.json().payload.authorization as string;

// 'rss' while the export runs (no GC: that would slow the server down); 'rss-gc' for the settled figure before and after.
process.on('message', (m) => {
  if (m === 'rss-gc') globalThis.gc?.();
  if (m === 'rss' || m === 'rss-gc') process.send?.({ rss: process.memoryUsage().rss });
});
process.send?.({ ready: true, token, leadCount, url: `http://127.0.0.1:${config.port}/api/userAdmin/products/downloadLeads` });

process.on('SIGTERM', async () => {
  await app.close();
  await database.close({ stopEmbedded: true });
  process.exit(0);
});
