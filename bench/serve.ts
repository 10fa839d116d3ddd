import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { seedDemoIfEmpty } from '../apps/server/src/cli/seed-demo.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/open.ts';

// Child process of bench/run.ts: the real app on PORT, and on PORT+1 a bare Fastify route that
// returns the very JSON the real list call returned (the baseline).
const config = loadConfig({ ...process.env, SEED_DEMO: '1', LOG_LEVEL: 'silent' });
const database = await openDatabase(config, () => {});
const app = await buildApp({ config, db: database.db });
await seedDemoIfEmpty(app.ctx, () => {});
await app.listen({ port: config.port, host: '127.0.0.1' });

const listUrl = process.env.BENCH_LIST_PATH ?? '/api/public/products/fetchAll?businessName=lotus-handicrafts&pageNo=1&perPage=12';
const body = (await app.inject({ method: 'GET', url: listUrl })).body;
const bare = Fastify();
bare.get('/bare', async (_req, reply) => reply.type('application/json').send(body));
await bare.listen({ port: config.port + 1, host: '127.0.0.1' });
process.send?.({ ready: true, listUrl, bytes: body.length });

process.on('SIGTERM', async () => {
  await bare.close();
  await app.close();
  await database.close({ stopEmbedded: true });
  process.exit(0);
});
