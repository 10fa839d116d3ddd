import { limits } from '@stashblog/contract/limits';
import { apiPayload } from '../../lib/api-client';
import type { KindInfo } from './link-kind';

export const privateLinksKey = (kind: string, itemId?: string | null, page?: number, search?: string) =>
  ['admin-private-links', kind, ...(itemId ? [itemId] : []), ...(page !== undefined ? [page, search ?? ''] : [])] as const;

export function fetchPrivateLinks(info: KindInfo, itemId: string, page: number, search: string) {
  return apiPayload(info.api.fetchAllPrivateLinks, {
    [info.fk]: itemId,
    pageNo: page,
    perPage: limits.adminListPage,
    searchQuery: search || undefined,
  });
}

export const privateLinkKey = (kind: string, id: string | null | undefined) => ['admin-private-link', kind, id] as const;

export function fetchOnePrivateLink(info: KindInfo, id: string) {
  return apiPayload(info.api.fetchPrivateLink, { id });
}
