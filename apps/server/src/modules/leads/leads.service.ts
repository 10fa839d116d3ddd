import { encodeId, isUuid } from '@stashblog/contract/ids';
import type { CatalogueLeadInput, ProductLeadInput } from '@stashblog/contract/leads';
import { serverMessages } from '@stashblog/contract/messages';
import { and, eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../app-context.ts';
import { catalogueProducts, catalogues } from '../../db/schema/catalogues.ts';
import { leads } from '../../db/schema/leads.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { products } from '../../db/schema/products.ts';
import { AppError } from '../../http/app-error.ts';
import { requirePublicBusiness } from '../users/users.service.ts';

type Ctx = Pick<AppContext, 'db'>;
type LeadRow = typeof leads.$inferInsert;

// The lead and the owner's notification are written together: an enquiry never exists unannounced.
async function storeLead(ctx: Ctx, lead: LeadRow, notification: { text: string; redirect: string }) {
  await ctx.db.transaction(async (tx) => {
    await tx.insert(leads).values(lead);
    await tx
      .insert(notifications)
      .values({ businessId: lead.businessId, id: uuidv7(), notification: notification.text, redirect: notification.redirect });
  });
  return { id: lead.id as string };
}

const contact = (input: ProductLeadInput | CatalogueLeadInput) => ({
  name: input.name,
  email: input.email,
  phoneNo: input.phoneNo,
  query: input.query,
});

/** SPEC §7 public products createLead: an enquiry about one visible product. */
export async function createProductLead(ctx: Ctx, { input }: { input: ProductLeadInput }) {
  const business = await requirePublicBusiness(ctx, input.businessName);
  if (!isUuid(input.fkProductId)) throw AppError.notFound(serverMessages.productNotFound);
  const [product] = await ctx.db
    .select({ id: products.id, productName: products.productName })
    .from(products)
    .where(
      and(
        eq(products.businessId, business.id),
        eq(products.id, input.fkProductId),
        eq(products.isPublic, true),
        eq(products.isBlocked, false),
      ),
    );
  if (!product) throw AppError.notFound(serverMessages.productNotFound);
  return storeLead(
    ctx,
    {
      businessId: business.id,
      id: uuidv7(),
      kind: 'product',
      ...contact(input),
      fkProductId: product.id,
      productName: product.productName,
    },
    {
      text: serverMessages.leadNotification(input.name, product.productName),
      redirect: `/userAdmin/products/leads/${encodeId(product.id)}`,
    },
  );
}

/** SPEC §7 public catalogues createLead: an enquiry about products selected on a visible catalogue. */
export async function createCatalogueLead(ctx: Ctx, { input }: { input: CatalogueLeadInput }) {
  const business = await requirePublicBusiness(ctx, input.businessName);
  if (!isUuid(input.fkCatalogueId)) throw AppError.notFound(serverMessages.catalogueNotFound);
  const [catalogue] = await ctx.db
    .select({ id: catalogues.id, catalogueName: catalogues.catalogueName })
    .from(catalogues)
    .where(
      and(
        eq(catalogues.businessId, business.id),
        eq(catalogues.id, input.fkCatalogueId),
        eq(catalogues.isPublic, true),
        eq(catalogues.isBlocked, false),
      ),
    );
  if (!catalogue) throw AppError.notFound(serverMessages.catalogueNotFound);
  // Every selected product must be a member the visitor can see on that catalogue.
  if (!input.products.every(isUuid)) throw AppError.notFound(serverMessages.productNotFound);
  const members = await ctx.db
    .select({ id: products.id })
    .from(catalogueProducts)
    .innerJoin(products, and(eq(products.businessId, catalogueProducts.businessId), eq(products.id, catalogueProducts.productId)))
    .where(
      and(
        eq(catalogueProducts.businessId, business.id),
        eq(catalogueProducts.catalogueId, catalogue.id),
        inArray(catalogueProducts.productId, input.products),
        eq(products.isPublic, true),
        eq(products.isBlocked, false),
      ),
    );
  if (members.length !== input.products.length) throw AppError.notFound(serverMessages.productNotFound);
  return storeLead(
    ctx,
    {
      businessId: business.id,
      id: uuidv7(),
      kind: 'catalogue',
      ...contact(input),
      fkCatalogueId: catalogue.id,
      catalogueName: catalogue.catalogueName,
      products: input.products,
    },
    {
      text: serverMessages.leadNotification(input.name, catalogue.catalogueName),
      redirect: `/userAdmin/catalogues/leads/${encodeId(catalogue.id)}`,
    },
  );
}
