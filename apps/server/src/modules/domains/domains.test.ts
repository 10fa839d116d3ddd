import net from 'node:net';
import { domainTexts } from '@stashblog/contract/domains';
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer } from '../../../test/dns-server.ts';
import { updateBusiness } from '../../../test/storefront-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { setDomain as operatorSetDomain } from '../../cli/set-domain.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { domainClaims } from '../../db/schema/domains.ts';
import { addJob } from '../../jobs/queue.ts';
import { runDueJobs } from '../../jobs/worker.ts';
import { recheckDueDomains } from './domains.service.ts';

// Every lookup goes to the DNS server this file starts on loopback (DNS_SERVERS), never the
// machine's resolver; domains "point at us" with A records on loopback (PLATFORM_ADDRESSES
// 127.0.0.0/8) or a CNAME to PUBLIC_URL's host, and the HTTP challenge reaches this app on its port.
let app: TestApp;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
const records = new Map<string, string[]>();
const platform = '127.0.0.1';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  dns = await startDnsServer(records);
  const port = await freePort();
  app = await createTestApp({ dnsServers: [dns.address], platformAddresses: ['127.0.0.0/8'], domainCheckPort: port });
  await app.listen({ port, host: '127.0.0.1' });
  records.set('A localhost', [platform]);
});
afterAll(() => dns.close());

/** The owner's DNS for a domain: its TXT record, and where it points. */
function dnsFor(domain: string, { txt, a, cname }: { txt?: string; a?: string; cname?: string }) {
  for (const type of ['TXT', 'A', 'CNAME']) records.delete(`${type} ${domain}`);
  records.delete(`TXT _stashblog-challenge.${domain}`);
  if (txt) records.set(`TXT _stashblog-challenge.${domain}`, ['v=spf1 -all', txt]);
  if (a) records.set(`A ${domain}`, [a]);
  if (cname) records.set(`CNAME ${domain}`, [cname]);
}

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
    dnsFor('shop.example.test', { txt: 'stashblog-verify=someone-else', a: platform });
    const wrong = await call(owner, 'PUT', 'verify');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(domainTexts.notVerified('_stashblog-challenge.shop.example.test'));
    expect((await call(owner, 'GET', 'fetch')).json().payload.claim.lastError).toBe(wrong.json().error);
    expect((await ask('shop.example.test')).statusCode).toBe(404);

    dnsFor('shop.example.test', { txt: status.claim.record.value, a: platform });
    const ok = await call(owner, 'PUT', 'verify');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().payload).toMatchObject({ domain: 'shop.example.test', claim: { verified: true, state: 'verified', lastError: null } });
    expect((await ask('SHOP.example.test')).statusCode).toBe(200);
    // routed at once (the page routing's cache is dropped by the change)
    const routed = await page('shop.example.test');
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
    dnsFor('contested.test', { txt: bClaim.record.value, cname: 'localhost' });
    expect((await call(b, 'PUT', 'verify')).statusCode).toBe(200);
    expect((await call(a, 'GET', 'fetch')).json().payload).toMatchObject({ domain: 'a-shop.test', claim: null });
  });

  it('the ask endpoint refuses blocked businesses and nonsense, and a foreign owner cannot touch another domain', async () => {
    const owner = await app.owner('domain-blocked');
    await operatorSetDomain(app.ctx, { businessName: 'domain-blocked', domain: 'blocked-shop.test' });
    expect((await ask('blocked-shop.test')).statusCode).toBe(200);
    await updateBusiness(app.ctx, owner.businessId, { isBlocked: true });
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

describe('custom domains resolve to us and serve the challenge before they switch (issue 20 item 8)', () => {
  const redirect = async (businessName: string) =>
    (await app.inject({ url: `/${businessName}/home`, headers: { host: 'localhost:5004' } })).headers.location;

  it('a domain with the right TXT record but DNS pointing elsewhere is not switched, and says why', async () => {
    const owner = await app.owner('elsewhere-shop');
    const claim = (await call(owner, 'PUT', 'set', { domain: 'elsewhere.test' })).json().payload.claim;
    for (const points of [{}, { a: '203.0.113.9' }, { cname: 'some-other-host.test' }]) {
      dnsFor('elsewhere.test', { txt: claim.record.value, ...points });
      const res = await call(owner, 'PUT', 'verify');
      expect(res.statusCode, JSON.stringify(points)).toBe(400);
      expect(res.json().error).toBe(domainTexts.notPointing('elsewhere.test', 'localhost'));
      const status = (await call(owner, 'GET', 'fetch')).json().payload;
      expect(status).toMatchObject({ domain: null, claim: { state: 'failing', verified: false, lastError: res.json().error } });
      expect(status.claim.checkedAt).not.toBeNull();
      expect((await ask('elsewhere.test')).statusCode).toBe(404);
      expect(await redirect('elsewhere-shop')).toBeUndefined();
    }
    // the panel is told where to point it: PUBLIC_URL's host, or the platform's addresses
    expect((await call(owner, 'GET', 'fetch')).json().payload).toMatchObject({ target: 'localhost', addresses: ['127.0.0.0/8'] });
  });

  it('one pointing at us that does not serve our challenge over HTTP is not switched either', async () => {
    const owner = await app.owner('silent-shop');
    const claim = (await call(owner, 'PUT', 'set', { domain: 'silent.test' })).json().payload.claim;
    // within PLATFORM_ADDRESSES, but nothing of ours listens there
    dnsFor('silent.test', { txt: claim.record.value, a: '127.0.0.2' });
    const res = await call(owner, 'PUT', 'verify');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(domainTexts.notServing('silent.test'));
    expect((await call(owner, 'GET', 'fetch')).json().payload).toMatchObject({ domain: null, claim: { state: 'failing' } });
    expect((await ask('silent.test')).statusCode).toBe(404);
  });

  it('the app answers the challenge on any host, only for that host’s own claim', async () => {
    const owner = await app.owner('challenge-shop');
    const token = (await call(owner, 'PUT', 'set', { domain: 'challenge.test' })).json().payload.claim.record.value.split('=')[1];
    const challenge = (host: string, t = token) => app.inject({ url: `/.well-known/stashblog-domain/${t}`, headers: { host } });
    for (const host of ['challenge.test', 'CHALLENGE.test:8080']) {
      const res = await challenge(host);
      expect(res.statusCode, host).toBe(200);
      expect(res.body).toBe(token);
    }
    for (const [host, t] of [
      ['other.test', token],
      ['challenge.test', '0'.repeat(32)],
      ['challenge.test', 'x'],
      ['localhost:5004', token],
    ]) {
      expect((await challenge(host, t)).statusCode, `${host} ${t}`).toBe(404);
    }
  });

  it('a CNAME to PUBLIC_URL’s host that serves the challenge switches; the owner sees it verified', async () => {
    const owner = await app.owner('cname-shop');
    const claim = (await call(owner, 'PUT', 'set', { domain: 'www.cname.test' })).json().payload.claim;
    expect(claim.state).toBe('pending');
    dnsFor('www.cname.test', { txt: claim.record.value, cname: 'localhost.' });
    const res = await call(owner, 'PUT', 'verify');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toMatchObject({ domain: 'www.cname.test', claim: { state: 'verified', verified: true, lastError: null } });
    expect(Date.parse(res.json().payload.claim.verifiedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await redirect('cname-shop')).toBe('http://www.cname.test/home');
  });

  it('after the operator sets the domain with the CLI, the owner’s panel says verified, not failed', async () => {
    const owner = await app.owner('cli-shop');
    await call(owner, 'PUT', 'set', { domain: 'cli-shop.test' });
    expect((await call(owner, 'PUT', 'verify')).statusCode).toBe(400); // no records yet: a failure is on record
    await operatorSetDomain(app.ctx, { businessName: 'cli-shop', domain: 'cli-shop.test' });
    const status = (await call(owner, 'GET', 'fetch')).json().payload;
    expect(status).toMatchObject({
      domain: 'cli-shop.test',
      claim: { domain: 'cli-shop.test', state: 'verified', verified: true, lastError: null },
    });
    await operatorSetDomain(app.ctx, { businessName: 'cli-shop', domain: '' });
    expect((await call(owner, 'GET', 'fetch')).json().payload).toMatchObject({ domain: null, claim: null });
  });

  it('the daily re-check falls back to the platform URL when DNS stops pointing at us, and switches back when it points again', async () => {
    const owner = await app.owner('recheck-shop');
    const claim = (await call(owner, 'PUT', 'set', { domain: 'recheck.test' })).json().payload.claim;
    dnsFor('recheck.test', { txt: claim.record.value, a: platform });
    expect((await call(owner, 'PUT', 'verify')).statusCode).toBe(200);
    const due = () =>
      app.ctx.db
        .update(domainClaims)
        .set({ nextCheckAt: new Date(Date.now() - 1000) })
        .where(eq(domainClaims.businessId, owner.businessId));
    const nextCheck = async () =>
      (await app.ctx.db.select().from(domainClaims).where(eq(domainClaims.businessId, owner.businessId)))[0].nextCheckAt?.getTime() ?? 0;
    // scheduled a day on, and not checked before it is due
    expect(await nextCheck()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    dnsFor('recheck.test', { a: '203.0.113.9' }); // the owner moved the domain elsewhere (and removed the TXT record)
    expect(await recheckDueDomains(app.ctx)).toBe(0);
    expect(await redirect('recheck-shop')).toBe('http://recheck.test/home');

    await due();
    expect(await recheckDueDomains(app.ctx)).toBe(1);
    const failing = (await call(owner, 'GET', 'fetch')).json().payload;
    expect(failing).toMatchObject({
      domain: null,
      claim: { domain: 'recheck.test', state: 'failing', verified: false, lastError: domainTexts.fellBack('recheck.test', 'localhost') },
    });
    expect(await redirect('recheck-shop')).toBeUndefined();
    expect((await ask('recheck.test')).statusCode).toBe(404);
    expect(await nextCheck()).toBeGreaterThan(Date.now() + 23 * 3600_000);

    // pointing at us again (TXT record gone: not needed once verified): the next check, run by the
    // queue's cron job as on a node, routes it again
    dnsFor('recheck.test', { a: platform });
    await due();
    await addJob(app.ctx.db, 'domains:recheck-due', {});
    await runDueJobs(app.ctx);
    expect((await call(owner, 'GET', 'fetch')).json().payload).toMatchObject({
      domain: 'recheck.test',
      claim: { state: 'verified', lastError: null },
    });
    expect(await redirect('recheck-shop')).toBe('http://recheck.test/home');
  });

  it('nodes re-checking at once never check one claim twice', async () => {
    const ids: string[] = [];
    for (const n of [1, 2, 3, 4]) {
      const owner = await app.owner(`lease-shop-${n}`);
      await operatorSetDomain(app.ctx, { businessName: owner.businessName, domain: `lease-${n}.test` });
      dnsFor(`lease-${n}.test`, { a: platform });
      ids.push(owner.businessId);
    }
    await app.ctx.db
      .update(domainClaims)
      .set({ nextCheckAt: new Date(Date.now() - 1000) })
      .where(isNotNull(domainClaims.verifiedAt));
    const counts = await Promise.all([recheckDueDomains(app.ctx), recheckDueDomains(app.ctx), recheckDueDomains(app.ctx)]);
    const all = await app.ctx.db.select().from(domainClaims);
    expect(counts.reduce((a, b) => a + b)).toBe(all.filter((c) => c.verifiedAt).length);
    expect(await recheckDueDomains(app.ctx)).toBe(0);
    for (const c of all.filter((c) => ids.includes(c.businessId))) expect(c.lastError).toBeNull();
  });
});

describe('checkDomain and checkDomainViaBusiness', () => {
  const get = (url: string, host = 'localhost:5004') => app.inject({ method: 'GET', url, headers: { host } });
  beforeAll(async () => {
    await app.owner('domain-profile');
    await operatorSetDomain(app.ctx, { businessName: 'domain-profile', domain: 'profile.test' });
    await app.owner('profile-shop');
    const blocked = await app.owner('blocked-profile');
    await updateBusiness(app.ctx, blocked.businessId, { isBlocked: true });
  });

  it('names the business for a custom-domain Host, with or without port', async () => {
    const res = await get('/api/public/user/checkDomain', 'profile.test');
    expect(res.json()).toMatchObject({ code: 201, payload: { businessName: 'domain-profile' } });
    expect((await get('/api/public/user/checkDomain', 'Profile.Test:8443')).json().payload.businessName).toBe('domain-profile');
  });

  it('answers 404 on our own host and on unknown hosts', async () => {
    expect((await get('/api/public/user/checkDomain')).statusCode).toBe(404);
    const unknown = await get('/api/public/user/checkDomain', 'who.test');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(404);
  });

  it('gives the domain of a business, null without one, 404 for unknown or blocked', async () => {
    expect((await get('/api/public/user/checkDomainViaBusiness?businessName=domain-profile')).json().payload).toEqual({
      domain: 'profile.test',
    });
    expect((await get('/api/public/user/checkDomainViaBusiness?businessName=profile-shop')).json().payload).toEqual({ domain: null });
    expect((await get('/api/public/user/checkDomainViaBusiness?businessName=nobody')).statusCode).toBe(404);
    expect((await get('/api/public/user/checkDomainViaBusiness?businessName=blocked-profile')).statusCode).toBe(404);
  });
});
