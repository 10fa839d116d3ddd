import type { AntiSpamInput } from '@stashblog/contract/anti-spam';
import { endpoints } from '@stashblog/contract/endpoints';
import { errorsFromIssues } from '../../ui/use-form-values';

// The lead schemas (and zod with them) load when the form opens, not with the page: product and
// catalogue pages ship no zod (docs/decisions/016-public-pages-ship-no-zod.md).
let schemas: Promise<typeof import('@stashblog/contract/leads')> | undefined;
export function loadQuerySchemas() {
  schemas ??= import('@stashblog/contract/leads');
  return schemas;
}

/** What a query is about: one product (product page) or products picked in a catalogue. */
/** `privateLink`: the item is private and was opened through this link code (the server checks it). */
export type QueryTarget =
  | { kind: 'product'; productId: string; privateLink?: string }
  | { kind: 'catalogue'; catalogueId: string; products: string[]; privateLink?: string };

export type QueryValues = { name: string; email: string; phoneNo: string; query: string };
export type QueryErrors = Partial<Record<keyof QueryValues | 'products', string>>;

/** The request body for a target, and the SPEC §5 messages of its contract schema (first problem per field). */
export async function buildQuery(target: QueryTarget, businessName: string, values: QueryValues, guard: AntiSpamInput) {
  const { catalogueLeadBody, productLeadBody } = await loadQuerySchemas();
  const common = { ...values, businessName, ...guard };
  const parsed =
    target.kind === 'product'
      ? productLeadBody.safeParse({ ...common, fkProductId: target.productId })
      : catalogueLeadBody.safeParse({ ...common, fkCatalogueId: target.catalogueId, products: target.products });
  if (parsed.success) {
    const body = target.privateLink ? { ...parsed.data, privateLink: target.privateLink } : parsed.data;
    return { ok: true as const, body, errors: {} as QueryErrors };
  }
  const errors: QueryErrors = errorsFromIssues(parsed.error.issues, { fkProductId: 'products' });
  return { ok: false as const, errors, first: parsed.error.issues[0]?.message ?? '' };
}

export const queryEndpoint = (target: QueryTarget) =>
  target.kind === 'product' ? endpoints.publicProducts.createLead : endpoints.publicCatalogues.createLead;
