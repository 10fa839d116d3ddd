import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { challengePrefix, type DomainStatus, domainTexts } from '@stashblog/contract/domains';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { domainClaims } from '../../db/schema/domains.ts';
import { AppError } from '../../http/app-error.ts';
import { businessIsPublic } from '../users/visibility.ts';

type Ctx = Pick<AppContext, 'db' | 'config'>;

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
          checkedAt: c.checkedAt?.toISOString() ?? null,
          lastError: c.lastError,
          record: { type: 'TXT', name: recordName(c.domain), value: recordValue(c.token) },
        }
      : null,
    target: new URL(ctx.config.publicUrl).hostname,
  };
}

/** The owner asks for a domain (or '' to remove theirs). It is not routed until verified. */
export async function setDomain(ctx: Ctx, { businessId, domain }: { businessId: string; domain: string }): Promise<DomainStatus> {
  const host = normaliseHost(domain);
  if (!host) {
    await ctx.db.transaction(async (tx) => {
      await tx.delete(domainClaims).where(eq(domainClaims.businessId, businessId));
      await tx.update(businesses).set({ domain: null, updatedAt: new Date() }).where(eq(businesses.id, businessId));
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
    };
    await tx
      .insert(domainClaims)
      .values({ businessId, ...values })
      .onConflictDoUpdate({ target: domainClaims.businessId, set: values });
  });
  return fetchDomainStatus(ctx, { businessId });
}

async function lookupTxt(ctx: Pick<AppContext, 'config'>, name: string): Promise<string[]> {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (ctx.config.dnsServers) resolver.setServers(ctx.config.dnsServers);
  try {
    return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
  } catch {
    return [];
  }
}

/** Looks up the TXT record; when it matches, the domain becomes the routed one. */
export async function verifyDomain(ctx: Ctx, { businessId }: { businessId: string }): Promise<DomainStatus> {
  const [claim] = await ctx.db.select().from(domainClaims).where(eq(domainClaims.businessId, businessId));
  if (!claim) throw AppError.badRequest(domainTexts.noClaim);
  const records = await lookupTxt(ctx, recordName(claim.domain));
  if (!records.includes(recordValue(claim.token))) {
    const error = domainTexts.notVerified(recordName(claim.domain));
    await ctx.db.update(domainClaims).set({ checkedAt: new Date(), lastError: error }).where(eq(domainClaims.businessId, businessId));
    throw AppError.badRequest(error);
  }
  await ctx.db.transaction(async (tx) => {
    const [routed] = await tx
      .select({ id: businesses.id })
      .from(businesses)
      .where(and(eq(businesses.domain, claim.domain), ne(businesses.id, businessId)));
    if (routed) throw AppError.conflict(domainTexts.taken);
    const now = new Date();
    await tx.update(domainClaims).set({ checkedAt: now, verifiedAt: now, lastError: null }).where(eq(domainClaims.businessId, businessId));
    await tx.update(businesses).set({ domain: claim.domain, updatedAt: now }).where(eq(businesses.id, businessId));
  });
  return fetchDomainStatus(ctx, { businessId });
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
