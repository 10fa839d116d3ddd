import type { CatalogueList, CatalogueProductList } from '@stashblog/contract/catalogues';
import { limits } from '@stashblog/contract/limits';
import type { ProductList } from '@stashblog/contract/products';
import { apiPayload } from '../../lib/api-client';

export type AdminCataloguesQuery = { page: number; isPromoted: boolean; catalogueName: string };

export const adminCataloguesKey = (q?: AdminCataloguesQuery) => (q ? ['admin-catalogues', q] : ['admin-catalogues']);
export const adminCatalogueKey = (id: string | null) => ['admin-catalogue', id];

export function fetchAdminCatalogues(q: AdminCataloguesQuery) {
  return apiPayload<CatalogueList>('GET', '/userAdmin/catalogues/fetchAll', {
    pageNo: q.page,
    perPage: limits.adminListPage,
    isPromoted: q.isPromoted,
    catalogueName: q.catalogueName || undefined,
  });
}

export function fetchAdminCatalogueProducts(id: string, pageNo: number, perPage: number = limits.adminListPage) {
  return apiPayload<CatalogueProductList>('GET', '/userAdmin/catalogues/fetchProducts', { id, pageNo, perPage });
}

/** Every product of the owner, promoted or not (no isPromoted filter), for the catalogue picker. */
export function fetchOwnerProducts(q: { page: number; productName: string }) {
  return apiPayload<ProductList>('GET', '/userAdmin/products/fetchAll', {
    pageNo: q.page,
    perPage: limits.adminListPage,
    productName: q.productName || undefined,
  });
}
