import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import http from 'node:http';
import { BlockList, isIPv6 } from 'node:net';
import { challengePath, challengePrefix, type DomainStatus, domainTexts } from '@stashblog/contract/domains';
import { serverTexts } from '@stashblog/contract/server-texts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { parseAddressRange } from '../../config.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { domainClaims } from '../../db/schema/domains.ts';
import { bumpContentVersions } from '../../db/tenant-writes.ts';
import { AppError } from '../../http/app-error.ts';
import { findBusinessByHost, requirePublicBusiness } from '../businesses/businesses.service.ts';
import { businessIsPublic } from '../businesses/visibility.ts';

type Ctx = Pick<AppContext, 'db' | 'config' | 'log'>;

// Hosts are compared lowercased and without a trailing dot ('Shop.Test.' is 'shop.test').
export function normaliseHost(domain: string): string {
  return domain.trim().toLowerCase().replace(/\.$/, '');
}

const label = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
function isDomainName(host: string): boolean {
  const labels = host.split('.');
  return host.length <= 253 && labels.length >= 2 && labels.every((l) => label.test(l)) && !/^\d+$/.test(labels.at(-1) ?? '');
}

function ownHosts(ctx: Pick<AppContext, 'config'>): string[] {
  const hosts = [...ctx.config.appHosts, new URL(ctx.config.publicUrl).host];
  return [...new Set(hosts.flatMap((h) => [h, h.replace(/:\d+$/, '')]))];
}

const recordName = (domain: string) => `${challengePrefix}.${domain}`;
const recordValue = (token: string) => `stashblog-verify=${token}`;

export async function fetchDomainStatus(ctx: Ctx, { businessId }: { businessId: string }): Promise<DomainStatus> {
  const [row] = await ctx.db
    .select({ domain: businesses.domain, claim: domainClaims })
    .from(businesses)
    .leftJoin(domainClaims, eq(domainClaims.businessId, businesses.id))
    .where(eq(businesses.id, businessId));
  if (!row) throw AppError.unauthorised();
  const c = row.claim;
  return {
    domain: row.domain,
    claim: c
      ? {
          domain: c.domain,
          verified: c.verifiedAt !== null && row.domain === c.domain,
          state: c.verifiedAt !== null && row.domain === c.domain ? 'verified' : c.lastError ? 'failing' : 'pending',
          verifiedAt: c.verifiedAt?.toISOString() ?? null,
          checkedAt: c.checkedAt?.toISOString() ?? null,
          lastError: c.lastError,
          record: { type: 'TXT', name: recordName(c.domain), value: recordValue(c.token) },
        }
      : null,
    target: publicHost(ctx),
    addresses: ctx.config.platformAddresses,
  };
}

/** The owner asks for a domain (or '' to remove theirs). It is not routed until verified. */
export async function setDomain(ctx: Ctx, { businessId, domain }: { businessId: string; domain: string }): Promise<DomainStatus> {
  const host = normaliseHost(domain);
  if (!host) {
    await ctx.db.transaction(async (tx) => {
      await tx.delete(domainClaims).where(eq(domainClaims.businessId, businessId));
      await tx.update(businesses).set({ domain: null, updatedAt: new Date() }).where(eq(businesses.id, businessId));
      await bumpContentVersions(tx, [businessId]);
    });
    return fetchDomainStatus(ctx, { businessId });
  }
  if (!isDomainName(host)) throw AppError.badRequest(domainTexts.invalid(domain.trim().slice(0, 100)));
  if (ownHosts(ctx).includes(host)) throw AppError.badRequest(domainTexts.ownHost);
  await ctx.db.transaction(async (tx) => {
    const [routed] = await tx
      .select({ id: businesses.id })
      .from(businesses)
      .where(and(eq(businesses.domain, host), ne(businesses.id, businessId)));
    if (routed) throw AppError.conflict(domainTexts.taken);
    const [current] = await tx.select().from(domainClaims).where(eq(domainClaims.businessId, businessId));
    if (current?.domain === host) return;
    // Another business's unverified claim does not block: whoever proves control first gets it.
    await tx.delete(domainClaims).where(and(eq(domainClaims.domain, host), ne(domainClaims.businessId, businessId)));
    const values = {
      domain: host,
      token: randomBytes(16).toString('hex'),
      createdAt: new Date(),
      checkedAt: null,
      verifiedAt: null,
      lastError: null,
      nextCheckAt: null,
    };
    await tx
      .insert(domainClaims)
      .values({ businessId, ...values })
      .onConflictDoUpdate({ target: domainClaims.businessId, set: values });
  });
  return fetchDomainStatus(ctx, { businessId });
}

const day = 24 * 3600_000;
/** How long a verified domain is redirected to with 302/307 before 301 (browsers keep a 301). */
export const permanentRedirectAfterMs = 7 * day;
const recheckEveryMs = day;
// A re-check that could not tell (DNS timed out, our own front did not answer) tries again sooner.
const retryUnsureMs = 3600_000;

function newResolver(ctx: Pick<AppContext, 'config'>): Resolver {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (ctx.config.dnsServers) resolver.setServers(ctx.config.dnsServers);
  return resolver;
}

/** A DNS answer; `unsure` when the resolver failed (timeout, server failure) rather than said "none". */
async function answer<T>(query: () => Promise<T[]>): Promise<{ values: T[]; unsure: boolean }> {
  try {
    return { values: await query(), unsure: false };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { values: [], unsure: code !== 'ENOTFOUND' && code !== 'ENODATA' };
  }
}

const publicHost = (ctx: Pick<AppContext, 'config'>) => new URL(ctx.config.publicUrl).hostname.toLowerCase();

function platformAddresses(ctx: Pick<AppContext, 'config'>): BlockList {
  const list = new BlockList();
  for (const entry of ctx.config.platformAddresses) {
    const range = parseAddressRange(entry);
    if (range) list.addSubnet(range.address, range.bits, range.family);
  }
  return list;
}

type Pointing = { ok: true; addresses: string[] } | { ok: false; unsure: boolean };

/** Whether `domain` resolves to the platform: a CNAME to PUBLIC_URL's host, or A/AAAA records all within PLATFORM_ADDRESSES. */
async function resolvesToUs(ctx: Ctx, resolver: Resolver, domain: string): Promise<Pointing> {
  const [cname, v4, v6] = await Promise.all([
    answer(() => resolver.resolveCname(domain)),
    answer(() => resolver.resolve4(domain)),
    answer(() => resolver.resolve6(domain)),
  ]);
  const addresses = [...v4.values, ...v6.values];
  if (cname.values.some((c) => normaliseHost(c) === publicHost(ctx))) return { ok: true, addresses };
  const ours = platformAddresses(ctx);
  const within = (a: string) => ours.check(a, isIPv6(a) ? 'ipv6' : 'ipv4');
  if (ctx.config.platformAddresses.length && addresses.length && addresses.every(within)) return { ok: true, addresses };
  return { ok: false, unsure: cname.unsure || v4.unsure || v6.unsure };
}

/** GET http://<domain>/.well-known/stashblog-domain/<token>, connecting to one of the addresses DNS gave for it. */
function servesChallenge(ctx: Ctx, { domain, token, addresses }: { domain: string; token: string; addresses: string[] }): Promise<boolean> {
  const address = addresses[0];
  if (!address) return Promise.resolve(false);
  const port = ctx.config.domainCheckPort;
  return new Promise((resolve) => {
    const request = http.get(
      {
        host: address,
        port,
        path: `${challengePath}${token}`,
        headers: { host: port === 80 ? domain : `${domain}:${port}`, 'user-agent': 'StashBlog domain check' },
        timeout: 5000,
        agent: false,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
          if (body.length > 1024) res.destroy();
        });
        res.on('end', () => resolve(res.statusCode === 200 && body.trim() === token));
        res.on('error', () => resolve(false));
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });
}

type ClaimRow = typeof domainClaims.$inferSelect;
type Check = { ok: true } | { ok: false; error: string; unsure: boolean; pointsAtUs: boolean };

/** The whole check of a claim: TXT record (unless `skipTxt`), DNS pointing at us, our challenge over HTTP. */
async function checkClaim(ctx: Ctx, claim: ClaimRow, { skipTxt = false } = {}): Promise<Check> {
  const resolver = newResolver(ctx);
  if (!skipTxt) {
    const txt = await answer(() => resolver.resolveTxt(recordName(claim.domain)));
    if (!txt.values.map((chunks) => chunks.join('')).includes(recordValue(claim.token))) {
      const error = txt.unsure ? domainTexts.lookupFailed(recordName(claim.domain)) : domainTexts.notVerified(recordName(claim.domain));
      return { ok: false, error, unsure: txt.unsure, pointsAtUs: false };
    }
  }
  const pointing = await resolvesToUs(ctx, resolver, claim.domain);
  if (!pointing.ok) {
    const error = pointing.unsure ? domainTexts.lookupFailed(claim.domain) : domainTexts.notPointing(claim.domain, publicHost(ctx));
    return { ok: false, error, unsure: pointing.unsure, pointsAtUs: false };
  }
  if (!(await servesChallenge(ctx, { domain: claim.domain, token: claim.token, addresses: pointing.addresses }))) {
    return { ok: false, error: domainTexts.notServing(claim.domain), unsure: true, pointsAtUs: true };
  }
  return { ok: true };
}

/** Routes the claim's domain (it passed its check): businesses.domain, and the verified time the redirects count from. */
async function routeClaim(ctx: Ctx, claim: ClaimRow): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [routed] = await tx
      .select({ id: businesses.id })
      .from(businesses)
      .where(and(eq(businesses.domain, claim.domain), ne(businesses.id, claim.businessId)));
    if (routed) throw AppError.conflict(domainTexts.taken);
    const now = new Date();
    await tx
      .update(domainClaims)
      .set({ checkedAt: now, verifiedAt: now, lastError: null, nextCheckAt: new Date(now.getTime() + recheckEveryMs) })
      .where(and(eq(domainClaims.businessId, claim.businessId), eq(domainClaims.token, claim.token)));
    await tx.update(businesses).set({ domain: claim.domain, updatedAt: now }).where(eq(businesses.id, claim.businessId));
    await bumpContentVersions(tx, [claim.businessId]);
  });
}

async function isRouted(ctx: Ctx, claim: ClaimRow): Promise<boolean> {
  const [row] = await ctx.db.select({ domain: businesses.domain }).from(businesses).where(eq(businesses.id, claim.businessId));
  return row?.domain === claim.domain;
}

/**
 * The owner's Verify: the TXT record proves control, DNS points at us and the domain serves our
 * challenge over HTTP; only then does it become the routed one. A failed check is kept with its reason.
 */
export async function verifyDomain(ctx: Ctx, { businessId }: { businessId: string }): Promise<DomainStatus> {
  const [claim] = await ctx.db.select().from(domainClaims).where(eq(domainClaims.businessId, businessId));
  if (!claim) throw AppError.badRequest(domainTexts.noClaim);
  if (await isRouted(ctx, claim)) return recheckDomain(ctx, { businessId });
  const check = await checkClaim(ctx, claim);
  if (!check.ok) {
    await ctx.db
      .update(domainClaims)
      .set({ checkedAt: new Date(), lastError: check.error })
      .where(and(eq(domainClaims.businessId, businessId), eq(domainClaims.token, claim.token)));
    throw AppError.badRequest(check.error);
  }
  await routeClaim(ctx, claim);
  return fetchDomainStatus(ctx, { businessId });
}

/**
 * The daily check of a verified claim (one claim; `recheckDueDomains` picks the due ones). A domain
 * that no longer resolves to us is unrouted: /{business}/ pages stop redirecting to it and it gets no
 * certificate; the claim keeps the reason for the owner. One that resolves to us again, and serves
 * the challenge, is routed again (its week before 301 redirects starts anew). A check that cannot
 * tell (DNS timeout, our own front not answering) changes nothing and is tried again within the hour.
 * The TXT record is not checked again: owners may remove it once verified.
 */
export async function recheckDomain(ctx: Ctx, { businessId }: { businessId: string }): Promise<DomainStatus> {
  const [claim] = await ctx.db.select().from(domainClaims).where(eq(domainClaims.businessId, businessId));
  if (!claim) return fetchDomainStatus(ctx, { businessId });
  const mine = and(eq(domainClaims.businessId, businessId), eq(domainClaims.token, claim.token));
  if (!claim.verifiedAt) {
    await ctx.db.update(domainClaims).set({ nextCheckAt: null }).where(mine);
    return fetchDomainStatus(ctx, { businessId });
  }
  const routed = await isRouted(ctx, claim);
  const check = await checkClaim(ctx, claim, { skipTxt: true });
  const now = new Date();
  const later = (ms: number) => new Date(now.getTime() + ms);
  if (check.ok) {
    if (routed)
      await ctx.db
        .update(domainClaims)
        .set({ checkedAt: now, lastError: null, nextCheckAt: later(recheckEveryMs) })
        .where(mine);
    else
      await routeClaim(ctx, claim).catch(() =>
        ctx.db
          .update(domainClaims)
          .set({ nextCheckAt: later(recheckEveryMs) })
          .where(mine),
      );
  } else if (check.unsure) {
    ctx.log.warn({ domain: claim.domain, reason: check.error }, 'custom domain re-check could not tell; retrying');
    await ctx.db
      .update(domainClaims)
      .set({ checkedAt: now, nextCheckAt: later(retryUnsureMs), ...(routed ? {} : { lastError: check.error }) })
      .where(mine);
  } else {
    await ctx.db.transaction(async (tx) => {
      const error = domainTexts.fellBack(claim.domain, publicHost(ctx));
      await tx
        .update(domainClaims)
        .set({ checkedAt: now, lastError: error, nextCheckAt: later(recheckEveryMs) })
        .where(mine);
      await tx
        .update(businesses)
        .set({ domain: null, updatedAt: now })
        .where(and(eq(businesses.id, businessId), eq(businesses.domain, claim.domain)));
      await bumpContentVersions(tx, [businessId]);
    });
    if (routed) ctx.log.info({ domain: claim.domain, businessId }, 'custom domain no longer points at us; unrouted');
  }
  return fetchDomainStatus(ctx, { businessId });
}

/**
 * Re-checks the claims that are due (the `domains:recheck-due` cron job, domains.jobs.ts): each is
 * leased first (its next_check_at moved 10 minutes on, the rows picked with FOR UPDATE SKIP LOCKED),
 * so calls running at once never check one claim twice. DNS and HTTP run outside any transaction.
 * Returns how many this call checked.
 */
export async function recheckDueDomains(ctx: Ctx, { limit = 20 }: { limit?: number } = {}): Promise<number> {
  const due = await ctx.db.execute<{ business_id: string }>(sql`
    update domain_claims set next_check_at = now() + interval '10 minutes'
    where business_id in (
      select business_id from domain_claims where next_check_at <= now()
      order by next_check_at limit ${limit} for update skip locked)
    returning business_id`);
  for (const { business_id: businessId } of due.rows) {
    await recheckDomain(ctx, { businessId }).catch((e) => ctx.log.warn({ err: e, businessId }, 'custom domain re-check failed'));
  }
  return due.rows.length;
}

/** The HTTP challenge's answer: the token, on the claim's own domain (any port), else null. */
export async function answerChallenge(
  ctx: Pick<AppContext, 'db'>,
  { host, token }: { host: string; token: string },
): Promise<string | null> {
  if (!/^[0-9a-f]{32}$/.test(token)) return null;
  const [claim] = await ctx.db.select({ domain: domainClaims.domain }).from(domainClaims).where(eq(domainClaims.token, token));
  return claim && claim.domain === normaliseHost(host.replace(/:\d+$/, '')) ? token : null;
}

/** When the business's routed domain was verified (null: unknown, e.g. a claim replaced since). */
export async function routedDomainSince(ctx: Pick<AppContext, 'db'>, { businessId, domain }: { businessId: string; domain: string }) {
  const [row] = await ctx.db
    .select({ verifiedAt: domainClaims.verifiedAt })
    .from(domainClaims)
    .where(and(eq(domainClaims.businessId, businessId), eq(domainClaims.domain, domain)));
  return row?.verifiedAt ?? null;
}

/** Caddy on-demand TLS `ask`: a certificate only for a verified domain of a visible business. */
export async function isDomainAllowed(ctx: Pick<AppContext, 'db'>, { domain }: { domain: string }): Promise<boolean> {
  const host = normaliseHost(domain);
  if (!host || host.length > 253) return false;
  const [row] = await ctx.db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.domain, host), businessIsPublic(sql`${businesses}`)));
  return Boolean(row);
}

/** SPEC §7 checkDomain: the business answering on this Host (404 for our own hosts and unknown ones). */
export async function checkDomain(ctx: Pick<AppContext, 'db' | 'config'>, { host }: { host: string }) {
  const own = ctx.config.appHosts.includes(host.toLowerCase());
  const b = own ? null : await findBusinessByHost(ctx, host);
  if (!b) throw AppError.notFound(serverTexts.domainNotFound);
  return { businessName: b.businessName };
}

export async function checkDomainViaBusiness(ctx: Pick<AppContext, 'db'>, { businessName }: { businessName: string }) {
  const b = await requirePublicBusiness(ctx, businessName);
  return { domain: b.domain };
}
