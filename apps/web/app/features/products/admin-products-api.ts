import { endpoints } from '@stashblog/contract/endpoints';
import { limits } from '@stashblog/contract/limits';
import { apiPayload } from '../../lib/api-client';

export type AdminProductsQuery = { page: number; isPromoted: boolean; productName: string };

export const adminProductsKey = (q?: AdminProductsQuery) => (q ? ['admin-products', q] : ['admin-products']);

export function fetchAdminProducts(q: AdminProductsQuery) {
  return apiPayload(endpoints.userAdminProducts.fetchAll, {
    pageNo: q.page,
    perPage: limits.adminListPage,
    isPromoted: q.isPromoted,
    productName: q.productName || undefined,
  });
}
