import type { Catalogue } from '@stashblog/contract/catalogues';
import { decodeId } from '@stashblog/contract/ids';
import { limits } from '@stashblog/contract/limits';
import type { Product } from '@stashblog/contract/products';
import { defaultSort } from '@stashblog/contract/sort-options';
import { AppError } from '@stashblog/server/http/app-error.ts';
import { fetchPublicCatalogue, fetchPublicCatalogueProducts } from '@stashblog/server/modules/catalogues/public-catalogues.service.ts';
import { type AppLoadContext, data } from 'react-router';

type Tenant = { businessName: string; onOwnDomain: boolean };

function tenantOf(context: AppLoadContext): Tenant | null {
  const t = context.tenant as Partial<Tenant> | null | undefined;
  return t && typeof t.businessName === 'string' ? { businessName: t.businessName, onOwnDomain: t.onOwnDomain === true } : null;
}

export type CataloguePageData = {
  catalogue: Catalogue;
  /** The first page (wide size, default sort), rendered on the server. */
  products: Product[];
  count: number;
  onOwnDomain: boolean;
  origin: string;
  publicUrl: string;
};

/** SSR loader of the public catalogue page: services in-process; unknown, private or blocked → 404 page. */
export async function loadCataloguePage(
  context: AppLoadContext,
  request: Request,
  params: { businessName?: string; catalogueId?: string },
): Promise<CataloguePageData> {
  const tenant = tenantOf(context);
  const businessName = params.businessName ?? tenant?.businessName;
  const id = decodeId(params.catalogueId ?? '');
  if (!businessName || !id) throw data(null, { status: 404 });
  try {
    const [{ catalogue }, { products, count }] = await Promise.all([
      fetchPublicCatalogue(context.ctx, { businessName, id }),
      fetchPublicCatalogueProducts(context.ctx, {
        businessName,
        id,
        sort: defaultSort,
        pageNo: 1,
        perPage: limits.publicCataloguePageWide,
      }),
    ]);
    const onOwnDomain = tenant?.onOwnDomain ?? false;
    const publicUrl = context.ctx.config.publicUrl;
    return { catalogue, products, count, onOwnDomain, origin: onOwnDomain ? new URL(request.url).origin : publicUrl, publicUrl };
  } catch (e) {
    if (e instanceof AppError && e.status === 404) throw data(null, { status: 404 });
    throw e;
  }
}
