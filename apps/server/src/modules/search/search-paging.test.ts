import { searchTexts } from '@stashblog/contract/search-options';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { names, searchFixtures, seedSofaShops } from '../../../test/search-fixtures.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { ReadStopped, searchPlanSteeringOn, stoppable, unlessStopped, unsteered } from './search-steering.ts';

// Paging, the SPEC sorts, refusals and the nav box's suggestions. Every search runs through the plain and the steered
// path alike (search-fixtures.ts: found).

const app = await createTestApp();
const fx = searchFixtures(app);
const { insert, search, found } = fx;
let a: Awaited<ReturnType<typeof seedSofaShops>>['a'];

beforeAll(async () => {
  ({ a } = await seedSofaShops(app, fx));
});

describe('public search: paging, sorting, refusals', () => {
  beforeAll(async () => {
    await insert(
      a.businessId,
      Array.from({ length: 20 }, (_, i) => ({ productName: `Widget ${String(i + 1).padStart(2, '0')}` })),
    );
  });

  it('pages exactly, with exact counts and page totals', async () => {
    const p1 = await found({ searchQuery: 'widget', businessName: 'search-a', sort: 'Alphabetically A-Z' });
    const p2 = await found({ searchQuery: 'widget', businessName: 'search-a', sort: 'Alphabetically A-Z', pageNo: 2 });
    const p3 = await found({ searchQuery: 'widget', businessName: 'search-a', sort: 'Alphabetically A-Z', pageNo: 3 });
    expect(p1.searchedData).toHaveLength(15);
    expect(p2.searchedData).toHaveLength(5);
    expect([p1.count, p2.count, p3.count]).toEqual([20, 20, 20]);
    expect(p1.maxTotal).toBe(2);
    expect(p3.searchedData).toEqual([]);
    expect([...names(p1), ...names(p2)]).toEqual(Array.from({ length: 20 }, (_, i) => `Widget ${String(i + 1).padStart(2, '0')}`));
  });

  it('sorts by the SPEC options', async () => {
    const zA = await found({ searchQuery: 'widget', businessName: 'search-a', sort: 'Alphabetically Z-A', perPage: 3 });
    expect(names(zA)).toEqual(['Widget 20', 'Widget 19', 'Widget 18']);
    const newest = await found({ searchQuery: 'widget', businessName: 'search-a', sort: 'Date, new to old', perPage: 2 });
    expect(names(newest)).toEqual(['Widget 20', 'Widget 19']);
    const oldest = await found({ searchQuery: 'widget', businessName: 'search-a', sort: 'Date, old to new', perPage: 2 });
    expect(names(oldest)).toEqual(['Widget 01', 'Widget 02']);
  });

  it('refuses an empty term with a clear error', async () => {
    for (const searchQuery of ['', '   ']) {
      const res = await search({ searchQuery, businessName: 'search-a' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(searchTexts.termRequired);
    }
    const missing = await app.inject({ method: 'GET', url: '/api/public/user/search?businessName=search-a' });
    expect(missing.statusCode).toBe(400);
  });

  it('treats query syntax and hostile text as plain words, never a server error', async () => {
    for (const searchQuery of ["'", "\\'", ':*', '!&|()<->', '%_', 'x'.repeat(200), 'sofa:A | oak']) {
      const res = await search({ searchQuery, businessName: 'search-a' });
      expect(res.statusCode, `${searchQuery}: ${res.body}`).toBe(200);
    }
    expect((await search({ searchQuery: 'x'.repeat(201) })).statusCode).toBe(400);
    // control characters in a URL are refused at the edge (http/hostile-input.ts)
    expect((await search({ searchQuery: 'a\u0000b', businessName: 'search-a' })).statusCode).toBe(400);
    expect((await search({ searchQuery: 'sofa', sort: 'Cheapest' })).statusCode).toBe(400);
    expect((await search({ searchQuery: 'sofa', pageNo: 99999999 })).statusCode).toBe(200);
  });
});

describe('search suggestions (nav box)', () => {
  async function suggest(args: Record<string, string>) {
    const res = await app.inject({ method: 'GET', url: '/api/public/user/searchSuggestions', query: args });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().payload.suggestions as string[];
  }

  it('suggests visible names of the business with a word starting with the typed text', async () => {
    const s = await suggest({ searchQuery: 'sof', businessName: 'search-a' });
    expect(s.sort()).toEqual(['Living Room Sofas', 'Velvet Sofa']);
  });

  it('completes a one-letter word as it is typed', async () => {
    expect(await suggest({ searchQuery: 'v', businessName: 'search-a' })).toEqual(['Velvet Sofa']);
  });

  it('gives at most 10, names starting with the text first', async () => {
    const s = await suggest({ searchQuery: 'wid', businessName: 'search-a' });
    expect(s).toHaveLength(10);
    expect(s[0]).toBe('Widget 01');
    const across = await suggest({ searchQuery: 'sofa' });
    expect(across[0]).toBe('Sofa Bed');
    expect(across).not.toContain('Blocked Shop Sofa');
  });
});

describe('the plan steering switch (decision 054)', () => {
  it('is on unless SEARCH_PLAN_STEERING=off, and a bad value stops start-up', async () => {
    const env = { DATA_DIR: '/tmp/stash-config-test', SECRET: 's'.repeat(40) };
    expect(loadConfig(env).searchPlanSteering).toBe(true);
    expect(loadConfig({ ...env, SEARCH_PLAN_STEERING: 'off' }).searchPlanSteering).toBe(false);
    expect(() => loadConfig({ ...env, SEARCH_PLAN_STEERING: 'maybe' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, SEARCH_PLAN_STEERING: 'maybe' })).toThrow(/SEARCH_PLAN_STEERING/);
    // The test database has no citus extension: steering stays as configured.
    expect(await searchPlanSteeringOn(app.ctx.db, true)).toBe(true);
    expect(await searchPlanSteeringOn(app.ctx.db, false)).toBe(false);
    expect(app.ctx.searchPlanSteering).toBe(true);
  });
});

describe('page reads stopped once the count needs no page (decision 070)', () => {
  it('sends no statement after the stop, still sends the kept reads, and a stopped read is an empty page', async () => {
    let stopped = false;
    const reads = stoppable(unsteered(app.ctx.db), () => stopped);
    const backends = sql`select count(*)::int as n from pg_stat_activity where query like '%stop-probe%' and pid <> pg_backend_pid()`;
    expect((await reads.execute<{ one: number }>(sql`select 1 as one /* stop-probe */`)).rows).toEqual([{ one: 1 }]);
    stopped = true;
    await expect(reads.execute(sql`select pg_sleep(5) /* stop-probe */`)).rejects.toBeInstanceOf(ReadStopped);
    // Not sent: no backend runs it.
    expect((await app.ctx.db.execute<{ n: number }>(backends)).rows[0]?.n).toBe(0);
    expect((await reads.unplanned.execute<{ two: number }>(sql`select 2 as two`)).rows).toEqual([{ two: 2 }]);
    expect(await reads.execute(sql`select 3`).catch(unlessStopped)).toEqual([]);
    await expect(Promise.reject(new Error('boom')).catch(unlessStopped)).rejects.toThrow('boom');
  });
});
