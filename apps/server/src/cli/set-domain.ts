import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { businesses } from '../db/schema/businesses.ts';
import { AppError } from '../http/app-error.ts';

// Hosts are compared lowercased and without a trailing dot, so 'Shop.Test.' and 'shop.test' are one domain.
export function normaliseDomain(domain: string): string {
  return domain.trim().toLowerCase().replace(/\.$/, '');
}

// `npm run cli -- set-domain`: until owners can set their own domain, the operator does it here.
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
  await ctx.db
    .update(businesses)
    .set({ domain: host || null, updatedAt: new Date() })
    .where(eq(businesses.id, business.id));
  return { businessName: name, domain: host || null };
}
