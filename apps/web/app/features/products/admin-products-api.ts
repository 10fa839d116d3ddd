import { limits } from '@stashblog/contract/limits';
import type { ProductList } from '@stashblog/contract/products';
import { apiPayload } from '../../lib/api-client';

export type AdminProductsQuery = { page: number; isPromoted: boolean; productName: string };

export const adminProductsKey = (q?: AdminProductsQuery) => (q ? ['admin-products', q] : ['admin-products']);

export function fetchAdminProducts(q: AdminProductsQuery) {
  return apiPayload<ProductList>('GET', '/userAdmin/products/fetchAll', {
    pageNo: q.page,
    perPage: limits.adminListPage,
    isPromoted: q.isPromoted,
    productName: q.productName || undefined,
  });
}
