import { endpoints } from '@stashblog/contract/endpoints';
import { limits } from '@stashblog/contract/limits';
import { apiPayload } from '../../lib/api-client';

export type AdminCataloguesQuery = { page: number; isPromoted: boolean; catalogueName: string };

export const adminCataloguesKey = (q?: AdminCataloguesQuery) => (q ? ['admin-catalogues', q] : ['admin-catalogues']);
export const adminCatalogueKey = (id: string | null) => ['admin-catalogue', id];

export function fetchAdminCatalogues(q: AdminCataloguesQuery) {
  return apiPayload(endpoints.userAdminCatalogues.fetchAll, {
    pageNo: q.page,
    perPage: limits.adminListPage,
    isPromoted: q.isPromoted,
    catalogueName: q.catalogueName || undefined,
  });
}

export function fetchAdminCatalogueProducts(id: string, pageNo: number, perPage: number = limits.adminListPage) {
  return apiPayload(endpoints.userAdminCatalogues.fetchProducts, { id, pageNo, perPage });
}

/** Every product of the owner, promoted or not (no isPromoted filter), for the catalogue picker. */
export function fetchOwnerProducts(q: { page: number; productName: string }) {
  return apiPayload(endpoints.userAdminProducts.fetchAll, {
    pageNo: q.page,
    perPage: limits.adminListPage,
    productName: q.productName || undefined,
  });
}
