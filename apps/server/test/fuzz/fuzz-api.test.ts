import { encodePassword } from '@stashblog/contract/auth';
import { encodeId } from '@stashblog/contract/ids';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import JSZip from 'jszip';
import { afterAll, describe, expect, it } from 'vitest';
import { setDomain } from '../../src/cli/set-domain.ts';
import { badRequestText } from '../../src/http/hostile-input.ts';
import { createSession } from '../../src/modules/auth/auth.service.ts';
import { createPlatformAdmin } from '../../src/modules/platform/platform-auth.service.ts';
import { crawlerPaths } from '../../src/modules/seo/seo.routes.ts';
import { createDemoTestApp } from '../test-app.ts';
import { fuzzRuns, fuzzSeed, hostileBody, hostileQuery, hostileString, queryString, runCases } from './hostile-input.ts';

// Walks every route of the OpenAPI document (routes added later join without edits) with generated
// hostile input; any response >= 500 fails, with the seed to replay it (FUZZ_SEED=… FUZZ_RUNS=…).
// Owner routes run signed in as an owner (a fresh session per route), platform routes as a platform
// admin, so handlers run past authentication. Each case comes from another address, so per-address
// limits do not stop the handlers from running.

const app = await createDemoTestApp();
await setDomain(app.ctx, { businessName: 'spice-route-exports', domain: 'spice.test' });
const owner = await app.owner('fuzz-owner');
await createPlatformAdmin(app.ctx, { email: 'fuzz-admin@example.test', name: 'Fuzz Admin', password: 'fuzz-password-1' });

const ids = (
  await app.ctx.db.execute<{ id: string }>(sql`(select id::text from products limit 6) union all (select id::text from catalogues limit 4)`)
).rows.map((r) => r.id);
// Raw bodies for routes that take a ZIP (decision 062): entries with hostile names and contents, a
// truncated one, one declaring a bomb's size, an empty one.
async function zipOf(files: Record<string, Buffer | string>) {
  const zip = new JSZip();
  for (const [name, data] of Object.entries(files)) zip.file(name, data);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
const hostileZip = await zipOf({ '../../etc/passwd': 'x', 'a/../../b.png': 'not a png', '\u0000.jpg': 'x', 'ok.png': 'x' });
const zipSamples = [
  hostileZip,
  hostileZip.subarray(0, hostileZip.length - 10),
  await zipOf({ 'bomb.png': Buffer.alloc(20 * 1024 * 1024) }),
  await zipOf({}),
  Buffer.from('PK\u0005\u0006'),
];

const plausible = [
  ...ids,
  ...ids.map(encodeId),
  'lotus-handicrafts',
  'spice-route-exports',
  'fuzz-owner',
  'nobody-here',
  'demo@stashblog.test',
  encodePassword('demo-password-1'),
  encodePassword('x'),
  'Pottery',
  'vase',
];

type Operation = {
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: object } }> };
};
const doc = app.swagger() as { paths: Record<string, Record<string, Operation>> };
const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops)
    .filter(([method]) => ['get', 'post', 'put', 'delete', 'patch'].includes(method))
    .map(([method, op]) => ({ path, method: method.toUpperCase() as 'GET', op })),
);

// The session a route needs, as its OpenAPI entry declares it (http/guards.ts).
const sessionOf = (op: Operation) => Object.keys(op.security?.[0] ?? {})[0] as 'ownerSession' | 'platformSession' | undefined;
// What a caller without that session must get, before anything of its request is judged.
const refusal = { ownerSession: 401, platformSession: 403 } as const;

let platformToken = '';
async function freshTokens() {
  const token = await createSession(app.ctx, owner.businessId);
  if (!platformToken) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/platform/logIn',
      remoteAddress: '10.9.9.9',
      payload: { email: 'fuzz-admin@example.test', password: encodePassword('fuzz-password-1') },
    });
    platformToken = res.json().payload?.authorization ?? '';
  }
  return { token, platformToken };
}

let counter = 0;
const address = () => {
  counter++;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
};

describe('fuzz: every OpenAPI route answers hostile input with < 500', () => {
  it('finds the API routes in the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(30);
    // the import's ZIP upload declares its raw body, so it gets ZIP bodies (and not only JSON ones)
    expect(routes.filter((r) => r.op.requestBody?.content?.['application/zip']).map((r) => r.path)).toEqual([
      '/api/userAdmin/products/uploadImportZip',
    ]);
    console.log(`fuzz: ${routes.length} API routes × ${fuzzRuns} cases, seed ${fuzzSeed}`);
  });

  for (const [index, route] of routes.entries()) {
    it(`${route.method} ${route.path}`, { timeout: 120_000 }, async () => {
      const pathParams = (route.op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      const queryNames = (route.op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const bodyKeys = Object.keys(route.op.requestBody?.content?.['application/json']?.schema?.properties ?? {});
      const raw = route.op.requestBody?.content?.['application/zip'] ? { contentType: 'application/zip', samples: zipSamples } : undefined;
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      const tokens = await freshTokens();
      const arb = fc.record({
        path: fc.tuple(...pathParams.map(() => hostileString(plausible))).map((values) => values as string[]),
        query: hostileQuery(queryNames, plausible),
        body: hasBody
          ? hostileBody(bodyKeys, plausible, raw).map((b) => b as ReturnType<typeof hostileBody> extends fc.Arbitrary<infer T> ? T : never)
          : fc.constant(null),
        auth: fc.constantFrom('owner', 'owner', 'owner', 'owner', 'platform', 'none', 'garbage'),
      });
      await runCases(arb, index, async (c) => {
        let url = route.path;
        pathParams.forEach((name, i) => {
          const v = c.path[i] ?? '';
          let encoded: string;
          try {
            encoded = encodeURIComponent(v);
          } catch {
            encoded = '%ED%A0%80';
          }
          url = url.replace(`{${name}}`, encoded);
        });
        url += queryString(c.query);
        const headers: Record<string, string> = { host: 'localhost:5004' };
        if (c.auth === 'owner') headers.authorization = tokens.token;
        if (c.auth === 'platform') headers.authorization = tokens.platformToken;
        if (c.auth === 'garbage') headers.authorization = 'Bearer \u00ff garbage';
        if (c.body) headers['content-type'] = c.body.contentType;
        const res = await app.inject({ method: route.method, url, headers, payload: c.body?.payload, remoteAddress: address() });
        const session = sessionOf(route.op);
        const rightCaller = (session === 'ownerSession' && c.auth === 'owner') || (session === 'platformSession' && c.auth === 'platform');
        // An address with control characters is refused for every path, routed or not (http/hostile-input.ts):
        // it tells nothing of a route's schema.
        const refusedAddress = res.statusCode === 400 && res.json().message === badRequestText;
        if (session && !rightCaller && res.statusCode !== refusal[session] && !refusedAddress) {
          return `${route.method} ${url.slice(0, 300)} as '${c.auth}' answered ${res.statusCode} before its session check: ${res.body.slice(0, 300)}`;
        }
        return res.statusCode < 500 ? null : `${route.method} ${url.slice(0, 300)} answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
      });
    });
  }

  afterAll(() => {
    // a `__proto__` key in a body never reaches the prototype of every object
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});

// The crawler and install files (sitemaps, robots.txt, store manifests) are hidden from the OpenAPI
// document: walked here with hostile business names, queries and hosts (ours, a routed domain, others).
describe('fuzz: every crawler file answers hostile input with < 500', () => {
  it('finds the crawler files', () => {
    expect(crawlerPaths.size).toBeGreaterThanOrEqual(6);
  });
  for (const [index, path] of [...crawlerPaths].entries()) {
    it(`GET ${path}`, { timeout: 120_000 }, async () => {
      const arb = fc.record({
        name: hostileString(plausible),
        query: hostileQuery(['v', 'page', 'utm_source'], plausible),
        host: fc.oneof(
          { arbitrary: fc.constant('localhost:5004'), weight: 4 },
          { arbitrary: hostileString(['spice.test', 'nobody.test', '127.0.0.1:5004']), weight: 1 },
        ),
      });
      await runCases(arb, routes.length + index, async (c) => {
        let name: string;
        try {
          name = encodeURIComponent(c.name) || 'x';
        } catch {
          name = '%ED%A0%80';
        }
        const url = path.replace(':businessName', name) + queryString(c.query);
        const host = c.host.replace(/[^\x21-\x7e]/g, '') || 'localhost:5004';
        const res = await app.inject({ method: 'GET', url, headers: { host }, remoteAddress: address() });
        return res.statusCode < 500 ? null : `GET ${url.slice(0, 300)} on ${host} answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
      });
    });
  }
});

describe('guarded routes refuse callers without the right session before they validate', () => {
  const guarded = routes.filter((r) => sessionOf(r.op));
  it('every /api/userAdmin and /api/platform route (and the owner calls of /api/auth) declares its session', () => {
    const undeclared = routes.filter(
      (r) =>
        !sessionOf(r.op) &&
        r.path !== '/api/platform/domains/allowed' &&
        (r.path.startsWith('/api/userAdmin/') ||
          r.path.startsWith('/api/platform/') ||
          ['/api/auth/user/fetch', '/api/auth/user/logOut'].includes(r.path)),
    );
    expect(undeclared.map((r) => `${r.method} ${r.path}`)).toEqual([]);
    expect(guarded.length).toBeGreaterThan(60);
  });

  for (const route of guarded) {
    it(`${route.method} ${route.path}`, async () => {
      const session = sessionOf(route.op) as 'ownerSession' | 'platformSession';
      const tokens = await freshTokens();
      const wrongRole = session === 'ownerSession' ? tokens.platformToken : tokens.token;
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      // No body at all, then one of the wrong shape: either would be a 400 from a route that validates first.
      for (const payload of [undefined, '{"id": 12, "bogus": [}', JSON.stringify({ id: ['x'], status: 'nope' })]) {
        for (const authorization of [undefined, 'Bearer \u00ff garbage', 'not-a-session', wrongRole]) {
          const headers: Record<string, string> = { host: 'localhost:5004' };
          if (authorization) headers.authorization = authorization;
          if (hasBody && payload) headers['content-type'] = 'application/json';
          const url = route.path.replace(/\{[^}]+\}/g, 'x') + (route.method === 'GET' ? '?pageNo=-1&perPage=abc' : '');
          const res = await app.inject({
            method: route.method,
            url,
            headers,
            payload: hasBody ? payload : undefined,
            remoteAddress: address(),
          });
          expect(res.statusCode, `${route.method} ${url} with ${authorization ?? 'no token'}: ${res.body.slice(0, 200)}`).toBe(
            refusal[session],
          );
          expect(res.body).not.toMatch(/Invalid input|expected|too_small|invalid_type/i);
        }
      }
    });
  }
});
