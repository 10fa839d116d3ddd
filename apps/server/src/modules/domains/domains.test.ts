import { domainTexts } from '@stashblog/contract/domains';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { setDomain as operatorSetDomain } from '../../cli/set-domain.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { startDnsServer } from './dns-test-server.ts';

let app: TestApp;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
const records = new Map<string, string[]>();

beforeAll(async () => {
  dns = await startDnsServer(records);
  app = await createTestApp({ dnsServers: [dns.address] });
});
afterAll(() => dns.close());

type Owner = Awaited<ReturnType<TestApp['owner']>>;
const call = (owner: Owner, method: 'GET' | 'PUT', path: string, payload?: object) =>
  app.inject({ method, url: `/api/userAdmin/domains/${path}`, headers: { authorization: owner.token }, ...(payload ? { payload } : {}) });
const ask = (domain: string) => app.inject({ url: '/api/platform/domains/allowed', query: { domain } });
const page = (host: string) => app.inject({ url: '/home', headers: { host } });

describe('custom domains', () => {
  it('an owner sets a domain, it is not routed until the TXT record proves control, then it is', async () => {
    const owner = await app.owner('domain-shop');
    const set = await call(owner, 'PUT', 'set', { domain: ' Shop.Example.TEST. ' });
    expect(set.statusCode, set.body).toBe(200);
    const status = set.json().payload;
    expect(status.domain).toBeNull();
    expect(status.claim).toMatchObject({ domain: 'shop.example.test', verified: false });
    expect(status.claim.record).toMatchObject({ type: 'TXT', name: '_stashblog-challenge.shop.example.test' });
    expect(status.claim.record.value).toMatch(/^stashblog-verify=[0-9a-f]{32}$/);

    // unverified: not routed, no certificate, and the owner's storefront stays on the own host
    expect((await page('shop.example.test')).headers.location).toMatch(/\/Error_404_Not_Found$/);
    expect((await ask('shop.example.test')).statusCode).toBe(404);
    const checked = await app.inject({ url: '/api/public/user/checkDomainViaBusiness', query: { businessName: 'domain-shop' } });
    expect(checked.json().payload.domain).toBeNull();

    // a wrong record: refused, explained, still not routed
    records.set('_stashblog-challenge.shop.example.test', ['stashblog-verify=someone-else']);
    const wrong = await call(owner, 'PUT', 'verify');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(domainTexts.notVerified('_stashblog-challenge.shop.example.test'));
    expect((await call(owner, 'GET', 'fetch')).json().payload.claim.lastError).toBe(wrong.json().error);
    expect((await ask('shop.example.test')).statusCode).toBe(404);

    records.set('_stashblog-challenge.shop.example.test', ['v=spf1 -all', status.claim.record.value]);
    const ok = await call(owner, 'PUT', 'verify');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().payload).toMatchObject({ domain: 'shop.example.test', claim: { verified: true, lastError: null } });
    expect((await ask('SHOP.example.test')).statusCode).toBe(200);
    // page routing caches host lookups for 5 s; a minute later the domain is routed
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    const routed = await page('shop.example.test').finally(() => vi.useRealTimers());
    expect(routed.headers.location ?? '').not.toMatch(/Error_404_Not_Found/);
    const byHost = await app.inject({ url: '/api/public/user/checkDomain', headers: { host: 'shop.example.test' } });
    expect(byHost.json().payload.businessName).toBe('domain-shop');

    // removing it unroutes at once
    const removed = await call(owner, 'PUT', 'set', { domain: '' });
    expect(removed.json()).toMatchObject({ message: domainTexts.removed, payload: { domain: null, claim: null } });
    expect((await ask('shop.example.test')).statusCode).toBe(404);
  });

  it('refuses hosts that are not domains, our own hosts, and a domain another business has verified', async () => {
    const a = await app.owner('domain-a');
    const b = await app.owner('domain-b');
    for (const bad of ['localhost', 'not a domain', 'http://x.test/', 'a..b', '-x.test', '1.2.3.4', 'x'.repeat(300), 'ü.test']) {
      const res = await call(a, 'PUT', 'set', { domain: bad });
      expect(res.statusCode, bad).toBe(400);
    }
    expect((await call(a, 'PUT', 'set', { domain: 'localhost:5004' })).statusCode).toBe(400);
    expect((await call(a, 'PUT', 'verify')).json().error).toBe(domainTexts.noClaim);

    await operatorSetDomain(app.ctx, { businessName: 'domain-a', domain: 'a-shop.test' });
    const taken = await call(b, 'PUT', 'set', { domain: 'a-shop.test' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(domainTexts.taken);

    // an unverified claim does not block another business; whoever proves control first gets it
    await call(a, 'PUT', 'set', { domain: 'contested.test' });
    const bClaim = (await call(b, 'PUT', 'set', { domain: 'contested.test' })).json().payload.claim;
    records.set('_stashblog-challenge.contested.test', [bClaim.record.value]);
    expect((await call(b, 'PUT', 'verify')).statusCode).toBe(200);
    expect((await call(a, 'GET', 'fetch')).json().payload).toMatchObject({ domain: 'a-shop.test', claim: null });
  });

  it('the ask endpoint refuses blocked businesses and nonsense, and a foreign owner cannot touch another domain', async () => {
    const owner = await app.owner('domain-blocked');
    await operatorSetDomain(app.ctx, { businessName: 'domain-blocked', domain: 'blocked-shop.test' });
    expect((await ask('blocked-shop.test')).statusCode).toBe(200);
    await app.ctx.db.update(businesses).set({ isBlocked: true }).where(eq(businesses.id, owner.businessId));
    expect((await ask('blocked-shop.test')).statusCode).toBe(404);
    for (const bad of ['', '%00', 'x'.repeat(400)]) expect((await ask(bad)).statusCode, bad).toBeLessThan(500);

    const other = await app.owner('domain-other');
    const fetched = await call(other, 'GET', 'fetch');
    expect(fetched.json().payload).toMatchObject({ domain: null, claim: null });
    await call(other, 'PUT', 'set', { domain: '' });
    const [row] = await app.ctx.db.select().from(businesses).where(eq(businesses.id, owner.businessId));
    expect(row.domain).toBe('blocked-shop.test');
    expect((await app.inject({ url: '/api/userAdmin/domains/fetch' })).statusCode).toBe(401);
  });
});
