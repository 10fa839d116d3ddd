import { encodeId, isUuid } from '@stashblog/contract/ids';
import { type CatalogueLeadInput, leadTexts, type OwnerLead, type ProductLeadInput } from '@stashblog/contract/leads';
import { limits } from '@stashblog/contract/limits';
import { productPath } from '@stashblog/contract/paths';
import { serverTexts } from '@stashblog/contract/server-texts';
import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { catalogueProducts, catalogues } from '../../db/schema/catalogues.ts';
import { leads } from '../../db/schema/leads.ts';
import { products } from '../../db/schema/products.ts';
import { addLead } from '../../db/tenant-writes.ts';
import { AppError } from '../../http/app-error.ts';
import { acceptSubmission, type PublicForm } from '../anti-spam/anti-spam.service.ts';
import { requirePublicBusiness } from '../businesses/businesses.service.ts';
import { itemShowsIn } from '../businesses/visibility.ts';
import { notifyOwner } from '../notifications/notifications.service.ts';
import { linkGrantsItem } from '../private-links/private-links.service.ts';
import { csvBom, csvDate, csvRow } from './leads-csv.ts';

type Ctx = Pick<AppContext, 'db' | 'config' | 'log'>;
type LeadRow = Omit<typeof leads.$inferInsert, 'id'>;

// The lead, the owner's notification, activity and mail are written in one transaction (an
// enquiry never exists unannounced, and a double submit stores nothing twice); SMTP delivery
// starts after commit, so a mail server that is down never loses the lead.
async function storeLead(
  ctx: Ctx,
  {
    form,
    lead,
    input,
    notification,
  }: { form: PublicForm; lead: LeadRow; input: ProductLeadInput | CatalogueLeadInput; notification: { item: string; redirect: string } },
) {
  const text = serverTexts.leadNotification(input.name, notification.item);
  const result = await acceptSubmission(ctx, { form, businessId: lead.businessId, input }, async (tx, id) => {
    await addLead(tx, { ...lead, id });
    await notifyOwner(ctx, tx, {
      businessId: lead.businessId,
      text,
      redirect: notification.redirect,
      mail: {
        subject: text,
        replyTo: input.email,
        text: [
          `${input.name} sent an enquiry about ${notification.item}.`,
          '',
          `Name: ${input.name}`,
          `Phone: ${limits.phonePrefix} ${input.phoneNo}`,
          `Email: ${input.email}`,
          `Query: ${input.query || '-'}`,
        ].join('\n'),
      },
    });
  });
  return { id: result.id };
}

const contact = (input: ProductLeadInput | CatalogueLeadInput) => ({
  name: input.name,
  email: input.email,
  phoneNo: input.phoneNo,
  query: input.query,
});

/** Whether visitors may see an item of the business (businesses/visibility.ts), as a column. */
const shownIn = (kind: 'product' | 'catalogue', t: SQL, businessId: string) =>
  sql<boolean>`${itemShowsIn(kind, t, sql`${businessId}::uuid`)}`;

/** A private item is visible to a visitor holding a private link for it on an admitted device. */
type Visitor = { deviceId: string | null };

/** SPEC §7 public products createLead: an enquiry about one visible product (or a private one opened through its link). */
export async function createProductLead(ctx: Ctx, { input, visitor = { deviceId: null } }: { input: ProductLeadInput; visitor?: Visitor }) {
  const business = await requirePublicBusiness(ctx, input.businessName);
  if (!isUuid(input.fkProductId)) throw AppError.notFound(serverTexts.productNotFound);
  const [product] = await ctx.db
    .select({ id: products.id, productName: products.productName, shown: shownIn('product', sql`${products}`, business.id) })
    .from(products)
    .where(and(eq(products.businessId, business.id), eq(products.id, input.fkProductId), eq(products.isBlocked, false)));
  if (!product) throw AppError.notFound(serverTexts.productNotFound);
  if (!product.shown) {
    const granted =
      input.privateLink !== undefined &&
      (await linkGrantsItem(ctx, {
        kind: 'product',
        businessName: business.businessName,
        code: input.privateLink,
        itemId: product.id,
        deviceId: visitor.deviceId,
      }));
    if (!granted) throw AppError.notFound(serverTexts.productNotFound);
  }
  return storeLead(ctx, {
    form: 'product-lead',
    input,
    lead: { businessId: business.id, kind: 'product', ...contact(input), fkProductId: product.id, productName: product.productName },
    notification: { item: product.productName, redirect: `/userAdmin/products/leads/${encodeId(product.id)}` },
  });
}

/** SPEC §7 public catalogues createLead: an enquiry about products selected on a visible catalogue (or a private one opened through its link). */
export async function createCatalogueLead(
  ctx: Ctx,
  { input, visitor = { deviceId: null } }: { input: CatalogueLeadInput; visitor?: Visitor },
) {
  const business = await requirePublicBusiness(ctx, input.businessName);
  if (!isUuid(input.fkCatalogueId)) throw AppError.notFound(serverTexts.catalogueNotFound);
  const [catalogue] = await ctx.db
    .select({ id: catalogues.id, catalogueName: catalogues.catalogueName, shown: shownIn('catalogue', sql`${catalogues}`, business.id) })
    .from(catalogues)
    .where(and(eq(catalogues.businessId, business.id), eq(catalogues.id, input.fkCatalogueId), eq(catalogues.isBlocked, false)));
  if (!catalogue) throw AppError.notFound(serverTexts.catalogueNotFound);
  // Through a valid private link the visitor sees the whole (unblocked) catalogue, private members included.
  const viaLink =
    input.privateLink !== undefined &&
    (await linkGrantsItem(ctx, {
      kind: 'catalogue',
      businessName: business.businessName,
      code: input.privateLink,
      itemId: catalogue.id,
      deviceId: visitor.deviceId,
    }));
  if (!catalogue.shown && !viaLink) throw AppError.notFound(serverTexts.catalogueNotFound);
  // Every selected product must be a member the visitor can see on that catalogue.
  if (!input.products.every(isUuid)) throw AppError.notFound(serverTexts.productNotFound);
  const members = await ctx.db
    .select({ id: products.id })
    .from(catalogueProducts)
    .innerJoin(products, and(eq(products.businessId, catalogueProducts.businessId), eq(products.id, catalogueProducts.productId)))
    .where(
      and(
        eq(catalogueProducts.businessId, business.id),
        eq(catalogueProducts.catalogueId, catalogue.id),
        inArray(catalogueProducts.productId, input.products),
        viaLink ? undefined : itemShowsIn('product', sql`${products}`, sql`${business.id}::uuid`),
        eq(products.isBlocked, false),
      ),
    );
  if (members.length !== input.products.length) throw AppError.notFound(serverTexts.productNotFound);
  return storeLead(ctx, {
    form: 'catalogue-lead',
    input,
    lead: {
      businessId: business.id,
      kind: 'catalogue',
      ...contact(input),
      fkCatalogueId: catalogue.id,
      catalogueName: catalogue.catalogueName,
      products: input.products,
    },
    notification: { item: catalogue.catalogueName, redirect: `/userAdmin/catalogues/leads/${encodeId(catalogue.id)}` },
  });
}

// ---------------------------------------------------------------------------------------------
// Owner side: lists (search, paging, new/seen), delete, CSV export. Every query is scoped by the
// signed-in owner's business; a foreign id answers 404.

export type LeadKind = 'product' | 'catalogue';
type OwnerCtx = Pick<AppContext, 'db'>;
type LeadRecord = typeof leads.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function leadsWhere(businessId: string, kind: LeadKind, { fkId, searchQuery }: { fkId?: string; searchQuery?: string }) {
  const pattern = `%${escapeLike(searchQuery ?? '')}%`;
  return and(
    eq(leads.businessId, businessId),
    eq(leads.kind, kind),
    fkId ? (kind === 'product' ? eq(leads.fkProductId, fkId) : eq(leads.fkCatalogueId, fkId)) : undefined,
    searchQuery
      ? or(
          ilike(leads.name, pattern),
          ilike(leads.email, pattern),
          ilike(leads.phoneNo, pattern),
          ilike(leads.query, pattern),
          ilike(kind === 'product' ? leads.productName : leads.catalogueName, pattern),
        )
      : undefined,
  );
}

/** Names of the products a page of leads asked about (current names; deleted products are left out). */
async function productNamesFor(ctx: OwnerCtx, businessId: string, rows: LeadRecord[]) {
  const ids = [...new Set(rows.flatMap((r) => r.products))];
  if (ids.length === 0) return new Map<string, string>();
  const found = await ctx.db
    .select({ id: products.id, productName: products.productName })
    .from(products)
    .where(and(eq(products.businessId, businessId), inArray(products.id, ids)));
  return new Map(found.map((p) => [p.id, p.productName]));
}

function toOwnerLead(r: LeadRecord, names: Map<string, string>): OwnerLead {
  return {
    _id: r.id,
    name: r.name,
    phoneNo: r.phoneNo,
    email: r.email,
    query: r.query,
    createdAt: r.createdAt.toISOString(),
    fkProductId: r.fkProductId,
    productName: r.productName,
    fkCatalogueId: r.fkCatalogueId,
    catalogueName: r.catalogueName,
    products: r.products,
    isNew: r.seenAt === null,
    productNames: r.kind === 'product' ? [r.productName ?? ''] : r.products.flatMap((id) => names.get(id) ?? []),
  };
}

/**
 * One page of leads (newest first) and the count. Leads on the page are marked seen: the page
 * answers whether each was new before this view, and the next view shows them as seen.
 */
async function pageOfLeads(
  ctx: OwnerCtx,
  {
    businessId,
    kind,
    fkId,
    searchQuery,
    pageNo,
    perPage,
  }: { businessId: string; kind: LeadKind; fkId?: string; searchQuery: string; pageNo: number; perPage: number },
) {
  const where = leadsWhere(businessId, kind, { fkId, searchQuery });
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(leads)
      .where(where)
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(perPage)
      .offset((pageNo - 1) * perPage),
    ctx.db.select({ total: count() }).from(leads).where(where),
  ]);
  const names = await productNamesFor(ctx, businessId, rows);
  const unseen = rows.filter((r) => r.seenAt === null).map((r) => r.id);
  if (unseen.length) {
    await ctx.db
      .update(leads)
      .set({ seenAt: sql`now()` })
      .where(and(eq(leads.businessId, businessId), inArray(leads.id, unseen), isNull(leads.seenAt)));
  }
  return { rows: rows.map((r) => toOwnerLead(r, names)), count: total };
}

const itemNames = {
  product: { table: products, name: products.productName, keptName: leads.productName, fk: leads.fkProductId },
  catalogue: { table: catalogues, name: catalogues.catalogueName, keptName: leads.catalogueName, fk: leads.fkCatalogueId },
};
const itemNotFound = { product: serverTexts.productNotFound, catalogue: serverTexts.catalogueNotFound };

/** The item's name for its leads page: its current name, else the name its leads kept. 404 when neither exists. */
async function itemNameOf(ctx: OwnerCtx, businessId: string, kind: LeadKind, id: string): Promise<string> {
  if (!isUuid(id)) throw AppError.notFound(itemNotFound[kind]);
  const t = itemNames[kind];
  const [item] = await ctx.db
    .select({ name: t.name })
    .from(t.table)
    .where(and(eq(t.table.businessId, businessId), eq(t.table.id, id)));
  if (item) return item.name;
  const [lead] = await ctx.db
    .select({ name: t.keptName })
    .from(leads)
    .where(and(eq(leads.businessId, businessId), eq(t.fk, id)))
    .limit(1);
  if (!lead) throw AppError.notFound(itemNotFound[kind]);
  return lead.name ?? '';
}

type ListArgs = { businessId: string; searchQuery: string; pageNo: number; perPage: number };

/** SPEC §7 products fetchAllLeads -> productLeads, productName, count. */
export async function fetchProductLeads(ctx: OwnerCtx, { fkProductId, ...args }: ListArgs & { fkProductId: string }) {
  const productName = await itemNameOf(ctx, args.businessId, 'product', fkProductId);
  const page = await pageOfLeads(ctx, { ...args, kind: 'product', fkId: fkProductId });
  return { productLeads: page.rows, productName, count: page.count };
}

/** SPEC §7 catalogues fetchAllLeads -> catalogueLeads, catalogueName, count. */
export async function fetchCatalogueLeads(ctx: OwnerCtx, { fkCatalogueId, ...args }: ListArgs & { fkCatalogueId: string }) {
  const catalogueName = await itemNameOf(ctx, args.businessId, 'catalogue', fkCatalogueId);
  const page = await pageOfLeads(ctx, { ...args, kind: 'catalogue', fkId: fkCatalogueId });
  return { catalogueLeads: page.rows, catalogueName, count: page.count };
}

/** SPEC §7 fetchAllProductsLeads / fetchAllCataloguesLeads -> leads, count. */
export async function fetchAllLeads(ctx: OwnerCtx, args: ListArgs & { kind: LeadKind }) {
  const page = await pageOfLeads(ctx, args);
  return { leads: page.rows, count: page.count };
}

/** SPEC §7 deleteLead {id} (products or catalogues): only the owner's own lead of that kind. */
export async function deleteLead(ctx: OwnerCtx, { businessId, kind, id }: { businessId: string; kind: LeadKind; id: string }) {
  if (!isUuid(id)) throw AppError.notFound(leadTexts.notFound);
  const rows = await ctx.db
    .delete(leads)
    .where(and(eq(leads.businessId, businessId), eq(leads.kind, kind), eq(leads.id, id)))
    .returning({ id: leads.id });
  if (rows.length === 0) throw AppError.notFound(leadTexts.notFound);
  return { _id: id };
}

// SPEC §3: the export leaves out _id, __v, updatedAt, fkCatalogueId, fkProductId, isActive.
const csvHeaders: Record<LeadKind, string[]> = {
  product: ['S.No.', 'name', 'phoneNo', 'email', 'query', 'createdAt', 'productName', 'productLink'],
  catalogue: ['S.No.', 'name', 'phoneNo', 'email', 'query', 'createdAt', 'catalogueName', 'products'],
};
const csvBatch = 2000;

/**
 * SPEC §7 downloadLeads: every lead of a kind (or of one product/catalogue) as CSV, newest first,
 * streamed from PostgreSQL in keyset batches: memory stays flat however many leads there are.
 * Product columns are links to the public product pages (on the business's own domain if it has one).
 */
export async function leadsCsv(
  ctx: Pick<AppContext, 'db' | 'config'>,
  { businessId, kind, fkId }: { businessId: string; kind: LeadKind; fkId: string },
): Promise<AsyncIterable<string>> {
  if (fkId) await itemNameOf(ctx, businessId, kind, fkId);
  const [business] = await ctx.db
    .select({ businessName: businesses.businessName, domain: businesses.domain })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  if (!business) throw AppError.notFound(serverTexts.businessNotFound);
  const base = business.domain ? `https://${business.domain}` : ctx.config.publicUrl;
  const link = (id: string) => `${base}${productPath(business.businessName, id, Boolean(business.domain))}`;
  const where = leadsWhere(businessId, kind, { fkId: fkId || undefined });

  async function* rows() {
    yield csvBom + csvRow(csvHeaders[kind]);
    let serial = 0;
    let cursor: { at: string; id: string } | null = null;
    for (;;) {
      // Only the exported columns, no ORM mapping: this loop runs 100 k times.
      type CsvLead = Pick<
        LeadRecord,
        'id' | 'name' | 'phoneNo' | 'email' | 'query' | 'createdAt' | 'productName' | 'fkProductId' | 'catalogueName' | 'products'
      > & { at: string };
      const batch: CsvLead[] = await ctx.db
        .select({
          id: leads.id,
          name: leads.name,
          phoneNo: leads.phoneNo,
          email: leads.email,
          query: leads.query,
          createdAt: leads.createdAt,
          productName: leads.productName,
          fkProductId: leads.fkProductId,
          catalogueName: leads.catalogueName,
          products: leads.products,
          at: sql<string>`${leads.createdAt}::text`,
        })
        .from(leads)
        .where(and(where, cursor ? sql`(${leads.createdAt}, ${leads.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined))
        .orderBy(desc(leads.createdAt), desc(leads.id))
        .limit(csvBatch);
      let out = '';
      for (const r of batch) {
        serial++;
        const common = [String(serial), r.name, r.phoneNo, r.email, r.query, csvDate(r.createdAt)];
        out +=
          kind === 'product'
            ? csvRow([...common, r.productName ?? '', r.fkProductId ? link(r.fkProductId) : ''])
            : csvRow([...common, r.catalogueName ?? '', r.products.map(link).join(', ')]);
      }
      if (out) yield out;
      if (batch.length < csvBatch) return;
      const last = batch[batch.length - 1];
      cursor = { at: last.at, id: last.id };
    }
  }
  return rows();
}
