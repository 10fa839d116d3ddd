import { encodeId } from '@stashblog/contract/ids';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { setDomain } from '../../src/cli/set-domain.ts';
import { loadWebBuild } from '../../src/http/ssr.ts';
import { createSession } from '../../src/modules/auth/auth.service.ts';
import { createDemoTestApp } from '../test-app.ts';
import { encodeForUrl, fuzzRuns, fuzzSeed, hostileBody, hostileQuery, hostileString, queryString, runCases } from './hostile-input.ts';

// Walks every page route of the web build (apps/web/app/routes.ts: routes added later join without
// edits) with hostile path segments, queries, hosts and form posts, as documents and as React
// Router data requests (`.data`); any response >= 500 fails, with the seed to replay it.
// Rendering pages is the server suite's largest cost (about half of it in one file), so the routes
// are dealt round-robin into the files fuzz-pages-<n>.test.ts, which run in parallel workers; a
// route's cases come from its index in the whole list, whichever file runs it.

/** Fuzzes the page routes whose index in the web build's list is `shard` (1-based) modulo `of`. */
export async function fuzzPageRoutes({ shard, of }: { shard: number; of: number }) {
  const app = await createDemoTestApp();
  const build = await loadWebBuild(app.ctx);
  if (!build) console.warn('fuzz: no web build in apps/web/build — page routes are NOT fuzzed (run `npm run build`; `npm test` does)');

  type PageRoute = { id: string; path: string; hasAction: boolean };
  const pageRoutes: PageRoute[] = [];
  if (build) {
    const full = (id: string | undefined): string => {
      const r = id ? build.routes[id] : undefined;
      if (!r) return '';
      const parent = full(r.parentId);
      return r.path ? `${parent}/${r.path}`.replace(/\/+/g, '/') : parent;
    };
    for (const [id, r] of Object.entries(build.routes)) {
      if (!r || (!r.path && !r.index)) continue;
      pageRoutes.push({ id, path: full(id) || '/', hasAction: typeof r.module.action === 'function' });
    }
  }

  const own = 'localhost:5004';
  let plausible: string[] = [];
  let token = '';
  if (build) {
    await setDomain(app.ctx, { businessName: 'spice-route-exports', domain: 'spice.test' });
    const ids = (
      await app.ctx.db.execute<{ id: string }>(
        sql`(select id::text from products limit 6) union all (select id::text from catalogues limit 4)`,
      )
    ).rows.map((r) => r.id);
    const [biz] = (await app.ctx.db.execute<{ id: string }>(sql`select id::text from businesses where business_name = 'lotus-handicrafts'`))
      .rows;
    token = biz ? await createSession(app.ctx, biz.id) : '';
    plausible = [
      ...ids.map(encodeId),
      ...ids,
      'lotus-handicrafts',
      'spice-route-exports',
      'nobody-here',
      'Pottery',
      'Basic',
      'Date, new to old',
    ];
  }
  const queryNames = ['category', 'sort', 'pageNo', 'perPage', 'searchQuery', 'filter', 'tab', 'q', '_routes', 'utm_source', 'index'];
  const bodyKeys = ['name', 'email', 'message', 'subject', 'phoneNo', 'query', 'intent', 'products', 'businessName'];

  let counter = 0;
  const address = () => {
    counter++;
    return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
  };

  describe(`fuzz: every page route answers hostile input with < 500 (routes ${shard} of every ${of})`, () => {
    if (shard === 1) {
      it.skipIf(!build)('finds the page routes in the web build', () => {
        expect(pageRoutes.length).toBeGreaterThan(20);
        console.log(`fuzz: ${pageRoutes.length} page routes × ${fuzzRuns} cases, seed ${fuzzSeed}`);
      });
    }

    for (const [index, route] of pageRoutes.entries()) {
      if (index % of !== shard - 1) continue;
      const domainRoute = route.id.startsWith('domain-');
      it(`page ${route.path} (${route.id})`, { timeout: 180_000 }, async () => {
        const params = route.path.split('/').filter((s) => s.startsWith(':') || s === '*');
        const arb = fc.record({
          params: fc.tuple(...params.map(() => hostileString(plausible))).map((v) => v as string[]),
          rawSegments: fc.boolean(),
          query: hostileQuery(queryNames, plausible),
          host: domainRoute
            ? fc.oneof(
                { arbitrary: fc.constant('spice.test'), weight: 6 },
                { arbitrary: hostileString(['SPICE.TEST', 'nobody.test', own]), weight: 1 },
              )
            : fc.oneof(
                { arbitrary: fc.constant(own), weight: 6 },
                { arbitrary: hostileString(['spice.test', '127.0.0.1:5004', 'nobody.test']), weight: 1 },
              ),
          data: fc.boolean(),
          method: route.hasAction ? fc.constantFrom('GET', 'POST', 'POST') : fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST'),
          body: hostileBody(bodyKeys, plausible),
          signedIn: fc.boolean(),
        });
        await runCases(arb, index, async (c) => {
          let i = 0;
          let url = route.path.replace(/:[A-Za-z]+\??|\*/g, () => encodeForUrl(c.params[i++] ?? '', c.rawSegments) || 'x');
          if (c.data) url = `${url === '/' ? '/_root' : url.replace(/\/$/, '')}.data`;
          url += queryString(c.query);
          const headers: Record<string, string> = { host: c.host.replace(/[^\x21-\x7e]/g, '') || own };
          if (c.signedIn) headers.cookie = `token=${token}`;
          if (c.method === 'POST') headers['content-type'] = c.body.contentType;
          const res = await app.inject({
            method: c.method as 'GET',
            url,
            headers,
            payload: c.method === 'POST' ? c.body.payload : undefined,
            remoteAddress: address(),
          });
          return res.statusCode < 500
            ? null
            : `${c.method} ${url.slice(0, 300)} (host ${headers.host}) answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
        });
      });
    }
  });
}
