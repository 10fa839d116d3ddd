import { randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { businesses } from '../db/schema/businesses.ts';
import { domainClaims } from '../db/schema/domains.ts';
import { bumpContentVersions } from '../db/tenant-writes.ts';
import { AppError } from '../http/app-error.ts';

// Hosts are compared lowercased and without a trailing dot, so 'Shop.Test.' and 'shop.test' are one domain.
export function normaliseDomain(domain: string): string {
  return domain.trim().toLowerCase().replace(/\.$/, '');
}

// `npm run cli -- set-domain`: the operator sets (or with '' removes) a business's domain without the owner's checks.
export async function setDomain(
  ctx: Pick<AppContext, 'db' | 'config'>,
  { businessName, domain }: { businessName: string; domain: string },
): Promise<{ businessName: string; domain: string | null }> {
  const name = businessName.trim().toLowerCase();
  const [business] = await ctx.db.select({ id: businesses.id }).from(businesses).where(eq(businesses.businessName, name));
  if (!business) throw AppError.notFound(`No business named '${businessName}'`);
  const host = normaliseDomain(domain);
  if (host && (host.length > 253 || !/^[a-z0-9.-]+(:\d{1,5})?$/.test(host))) throw AppError.badRequest(`'${domain}' is not a host name`);
  // Our own hosts always serve the platform; a business cannot claim one.
  const ownHosts = [...ctx.config.appHosts, new URL(ctx.config.publicUrl).host];
  if (host && ownHosts.includes(host)) throw AppError.badRequest(`'${host}' is this site's own host`);
  if (host) {
    const [taken] = await ctx.db
      .select({ id: businesses.id })
      .from(businesses)
      .where(and(eq(businesses.domain, host), ne(businesses.id, business.id)));
    if (taken) throw AppError.conflict(`Domain '${host}' is already used by another business`);
  }
  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .update(businesses)
      .set({ domain: host || null, updatedAt: now })
      .where(eq(businesses.id, business.id));
    await bumpContentVersions(tx, [business.id]);
    if (!host) {
      await tx.delete(domainClaims).where(eq(domainClaims.businessId, business.id));
      return;
    }
    // The operator's word verifies it: the owner's panel says so, and the daily re-check and the
    // week before permanent redirects count from now, as for a domain the owner verified.
    await tx.delete(domainClaims).where(and(eq(domainClaims.domain, host), ne(domainClaims.businessId, business.id)));
    const [current] = await tx.select().from(domainClaims).where(eq(domainClaims.businessId, business.id));
    const verified = {
      domain: host,
      token: current?.domain === host ? current.token : randomBytes(16).toString('hex'),
      checkedAt: now,
      verifiedAt: now,
      lastError: null,
      nextCheckAt: new Date(now.getTime() + 24 * 3600_000),
    };
    await tx
      .insert(domainClaims)
      .values({ businessId: business.id, createdAt: now, ...verified })
      .onConflictDoUpdate({ target: domainClaims.businessId, set: verified });
  });
  return { businessName: name, domain: host || null };
}
