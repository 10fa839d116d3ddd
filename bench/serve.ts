import http from 'node:http';
import { encodeId } from '@stashblog/contract/ids';
import Fastify from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { buildApp } from '../apps/server/src/app.ts';
import { seedDemoIfEmpty } from '../apps/server/src/cli/seed-demo.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/open.ts';
import { newCspNonce } from '../apps/server/src/http/content-security-policy.ts';
import { createPageServices, type PageLoadContext } from '../apps/server/src/http/page-load-context.ts';
import { loadWebBuild } from '../apps/server/src/http/ssr.ts';

// Child process of bench/http.ts:
//   PORT    the real app (demo data, web build) exactly as `npm start` serves it
//   PORT+1  GET /bare-list: a bare Fastify route sending the very JSON the real list call returned
//   PORT+2  GET /bare-ssr: the same server build rendered by React Router's own handler behind
//           node:http with every loader answered from memory (no database, no Fastify, no hooks)
//   PORT+3  the real app again with the public cache off (the uncached list figure)
const config = loadConfig({ ...process.env, SEED_DEMO: '1', LOG_LEVEL: 'silent' });
const database = await openDatabase(config, () => {});
const app = await buildApp({ config, db: database.db });
await seedDemoIfEmpty(app.ctx, () => {});
await app.listen({ port: config.port, host: '127.0.0.1' });

const businessName = 'lotus-handicrafts';
const listUrl = process.env.BENCH_LIST_PATH ?? `/api/public/products/fetchAll?businessName=${businessName}&pageNo=1&perPage=12`;
const listBody = (await app.inject({ method: 'GET', url: listUrl })).body;
const firstId = (JSON.parse(listBody) as { payload: { products: { _id: string }[] } }).payload.products[0]?._id;
if (!firstId) throw new Error('the demo business has no public products');
const productPath = `/${businessName}/products/${encodeURIComponent(encodeId(firstId))}`;
const host = `127.0.0.1:${config.port}`;
const page = await app.inject({ method: 'GET', url: productPath, headers: { host } });
if (page.statusCode !== 200) throw new Error(`product page answered ${page.statusCode}`);

// The same app on the same database with the public cache off: every call runs its queries.
const uncached = await buildApp({ config, db: database.db, publicCache: false });
await uncached.listen({ port: config.port + 3, host: '127.0.0.1' });

const bare = Fastify();
bare.get('/bare-list', async (_req, reply) => reply.type('application/json').send(listBody));
await bare.listen({ port: config.port + 1, host: '127.0.0.1' });

const build = await loadWebBuild(app.ctx);
if (!build) throw new Error('no web build: run `npm run build` first');
const handle = createRequestHandler(memoisedLoaders(build), 'production');
const loadContext: PageLoadContext = {
  services: createPageServices(app.ctx),
  tenant: { businessName, onOwnDomain: false },
  publicUrl: config.publicUrl,
  // as the real page is rendered before the adapter trades its nonce for hashes
  cspNonce: newCspNonce(),
};
const bareSsr = http.createServer(async (_req, res) => {
  const response = await handle(new Request(`http://${host}${productPath}`, { headers: { host } }), loadContext);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
});
await new Promise<void>((resolve) => bareSsr.listen(config.port + 2, '127.0.0.1', resolve));

process.send?.({
  listUrl,
  listBytes: Buffer.byteLength(listBody),
  productPath,
  pageBytes: Buffer.byteLength(page.body),
  bareListUrl: `http://127.0.0.1:${config.port + 1}/bare-list`,
  bareSsrUrl: `http://127.0.0.1:${config.port + 2}/bare-ssr`,
  uncachedBase: `http://127.0.0.1:${config.port + 3}`,
});

// Every route's loader runs for real once, then answers from memory: what is left is rendering.
function memoisedLoaders(build: ServerBuild): ServerBuild {
  const routes: ServerBuild['routes'] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const loader = route.module.loader;
    let memo: Promise<unknown> | undefined;
    routes[id] = {
      ...route,
      module: { ...route.module, loader: loader ? (args) => (memo ??= Promise.resolve(loader(args))) : undefined },
    };
  }
  return { ...build, routes };
}

process.on('SIGTERM', async () => {
  bareSsr.close();
  await bare.close();
  await uncached.close();
  await app.close();
  await database.close({ stopEmbedded: true });
  process.exit(0);
});
