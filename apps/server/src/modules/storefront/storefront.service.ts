import { mediaUrl } from '@stashblog/contract/paths';
import type { AdminCategoriesQuery, Category, FetchCategoriesQuery, UserProfile } from '@stashblog/contract/users';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { products } from '../../db/schema/products.ts';
import { requirePublicBusiness } from '../businesses/businesses.service.ts';
import { itemShowsIn } from '../businesses/visibility.ts';
import { fetchAllUsers } from '../directory/directory.service.ts';

// What visitors may see of a business's products (businesses/visibility.ts).
const publicProduct = (businessId: string) =>
  and(eq(products.businessId, businessId), itemShowsIn('product', sql`${products}`, sql`${businessId}::uuid`));

/** One visible profile, for the storefront's server-rendered pages (theme, template, nav, footer). */
export async function fetchPublicProfile(ctx: Pick<AppContext, 'db'>, { businessName }: { businessName: string }): Promise<UserProfile> {
  const { userProfiles } = await fetchAllUsers(ctx, { businessName, pageNo: 1, perPage: 1, isPrimeUser: undefined });
  return userProfiles[0];
}

export async function fetchAboutUs(ctx: Pick<AppContext, 'db'>, { businessName }: { businessName: string }) {
  const { id } = await requirePublicBusiness(ctx, businessName);
  const [b] = await ctx.db
    .select({ images: businesses.images, description: businesses.description })
    .from(businesses)
    .where(eq(businesses.id, id));
  return { aboutUs: { images: b.images.map(mediaUrl), description: b.description } };
}

/** SPEC §3 Categories: each category of the visible products, pictured by its newest product with an image. */
export async function fetchCategories(ctx: Pick<AppContext, 'db'>, query: FetchCategoriesQuery): Promise<{ categories: Category[] }> {
  const { id } = await requirePublicBusiness(ctx, query.businessName);
  const rows = await ctx.db
    .select({
      category: products.category,
      newest: sql<Date>`max(${products.createdAt})`.as('newest'),
      image: sql<string | null>`(array_agg(${products.images}[1] order by ${products.createdAt} desc)
        filter (where cardinality(${products.images}) > 0))[1]`,
    })
    .from(products)
    .where(publicProduct(id))
    .groupBy(products.category)
    .orderBy(sql`newest desc`, products.category)
    .limit(query.perPage)
    .offset((query.pageNo - 1) * query.perPage);
  return { categories: rows.map((r) => ({ category: r.category, image: r.image ? mediaUrl(r.image) : null })) };
}

/** SPEC §3 Home: the owner's banners; without any, the first images of the newest visible products (up to 3). */
export async function fetchHome(ctx: Pick<AppContext, 'db'>, { businessName }: { businessName: string }) {
  const { id } = await requirePublicBusiness(ctx, businessName);
  const [b] = await ctx.db.select({ banners: businesses.banners }).from(businesses).where(eq(businesses.id, id));
  if (b.banners.length) return { home: { banners: b.banners.map(mediaUrl) } };
  const newest = await ctx.db
    .select({ image: sql<string>`${products.images}[1]` })
    .from(products)
    .where(and(publicProduct(id), sql`cardinality(${products.images}) > 0`))
    .orderBy(desc(products.createdAt))
    .limit(3);
  return { home: { banners: newest.map((r) => mediaUrl(r.image)) } };
}

/** GET fetchCategories (owner): the owner's categories, private products included, pictured by their newest image. */
export async function fetchOwnerCategories(
  ctx: Pick<AppContext, 'db'>,
  { businessId, query }: { businessId: string; query: AdminCategoriesQuery },
): Promise<{ categories: Category[] }> {
  const rows = await ctx.db
    .select({
      category: products.category,
      newest: sql<Date>`max(${products.createdAt})`.as('newest'),
      image: sql<string | null>`(array_agg(${products.images}[1] order by ${products.createdAt} desc)
        filter (where cardinality(${products.images}) > 0))[1]`,
    })
    .from(products)
    .where(eq(products.businessId, businessId))
    .groupBy(products.category)
    .orderBy(sql`newest desc`, products.category)
    .limit(query.perPage)
    .offset(Math.min((query.pageNo - 1) * query.perPage, 2 ** 31 - 1));
  return { categories: rows.map((r) => ({ category: r.category, image: r.image ? mediaUrl(r.image) : null })) };
}
