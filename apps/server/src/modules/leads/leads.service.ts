import { encodeId, isUuid } from '@stashblog/contract/ids';
import type { CatalogueLeadInput, ProductLeadInput } from '@stashblog/contract/leads';
import { limits } from '@stashblog/contract/limits';
import { serverMessages } from '@stashblog/contract/messages';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { catalogueProducts, catalogues } from '../../db/schema/catalogues.ts';
import { leads } from '../../db/schema/leads.ts';
import { products } from '../../db/schema/products.ts';
import { AppError } from '../../http/app-error.ts';
import { acceptSubmission, type PublicForm } from '../anti-spam/anti-spam.service.ts';
import { notifyOwner } from '../notifications/notifications.service.ts';
import { linkGrantsItem } from '../private-links/private-links.service.ts';
import { requirePublicBusiness } from '../users/users.service.ts';

type Ctx = Pick<AppContext, 'db' | 'config' | 'log' | 'mail'>;
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
  const text = serverMessages.leadNotification(input.name, notification.item);
  const result = await acceptSubmission(ctx, { form, businessId: lead.businessId, input }, async (tx, id) => {
    await tx.insert(leads).values({ ...lead, id });
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
  ctx.mail.kick();
  return { id: result.id };
}

const contact = (input: ProductLeadInput | CatalogueLeadInput) => ({
  name: input.name,
  email: input.email,
  phoneNo: input.phoneNo,
  query: input.query,
});

/** A private item is visible to a visitor holding a private link for it on an admitted device. */
type Visitor = { deviceId: string | null };

/** SPEC §7 public products createLead: an enquiry about one visible product (or a private one opened through its link). */
export async function createProductLead(ctx: Ctx, { input, visitor = { deviceId: null } }: { input: ProductLeadInput; visitor?: Visitor }) {
  const business = await requirePublicBusiness(ctx, input.businessName);
  if (!isUuid(input.fkProductId)) throw AppError.notFound(serverMessages.productNotFound);
  const [product] = await ctx.db
    .select({ id: products.id, productName: products.productName, isPublic: products.isPublic })
    .from(products)
    .where(and(eq(products.businessId, business.id), eq(products.id, input.fkProductId), eq(products.isBlocked, false)));
  if (!product) throw AppError.notFound(serverMessages.productNotFound);
  if (!product.isPublic) {
    const granted =
      input.privateLink !== undefined &&
      (await linkGrantsItem(ctx, {
        kind: 'product',
        businessName: business.businessName,
        code: input.privateLink,
        itemId: product.id,
        deviceId: visitor.deviceId,
      }));
    if (!granted) throw AppError.notFound(serverMessages.productNotFound);
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
  if (!isUuid(input.fkCatalogueId)) throw AppError.notFound(serverMessages.catalogueNotFound);
  const [catalogue] = await ctx.db
    .select({ id: catalogues.id, catalogueName: catalogues.catalogueName, isPublic: catalogues.isPublic })
    .from(catalogues)
    .where(and(eq(catalogues.businessId, business.id), eq(catalogues.id, input.fkCatalogueId), eq(catalogues.isBlocked, false)));
  if (!catalogue) throw AppError.notFound(serverMessages.catalogueNotFound);
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
  if (!catalogue.isPublic && !viaLink) throw AppError.notFound(serverMessages.catalogueNotFound);
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
        viaLink ? undefined : eq(products.isPublic, true),
        eq(products.isBlocked, false),
      ),
    );
  if (members.length !== input.products.length) throw AppError.notFound(serverMessages.productNotFound);
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
