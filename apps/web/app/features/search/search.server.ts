import { limits } from '@stashblog/contract/limits';
import { type SearchPayload, searchQuery } from '@stashblog/contract/search';
import {
  relevanceSort,
  type SearchFilter,
  type SearchSort,
  searchFilters,
  searchSortOptions,
  searchTermMax,
} from '@stashblog/contract/search-options';
import { type AppLoadContext, data } from 'react-router';
import { or404, storeTenant } from '../store/store.server';

export type SearchPageData = {
  term: string;
  filter: SearchFilter;
  sort: SearchSort;
  pageNo: number;
  businessName: string | null;
  result: SearchPayload | null;
};

const pick = <T extends string>(value: string | null, options: readonly T[], fallback: T): T =>
  (options as readonly string[]).includes(value ?? '') ? (value as T) : fallback;

/**
 * `/{business}/search?searchQuery=` (or `/search` on a custom domain, or across every business on our
 * own host): the page of results is rendered on the server; filter, sort and page live in the URL.
 */
export async function loadSearchPage(
  context: AppLoadContext,
  request: Request,
  params: { businessName?: string },
): Promise<SearchPageData> {
  const tenant = storeTenant(context, params);
  const url = new URL(request.url);
  const term = (url.searchParams.get('searchQuery') ?? '').replace(/\0/g, '').trim().slice(0, searchTermMax);
  const filter = pick(url.searchParams.get('filter'), searchFilters, 'All');
  const sort = pick(url.searchParams.get('sort'), searchSortOptions, relevanceSort);
  const pageNo = Math.min(Math.max(1, Number.parseInt(url.searchParams.get('pageNo') ?? '1', 10) || 1), 10_000);
  const businessName = tenant?.businessName ?? null;
  if (!term) return { term, filter, sort, pageNo, businessName, result: null };
  const parsed = searchQuery.safeParse({
    searchQuery: term,
    businessName: businessName ?? undefined,
    filter,
    sort,
    pageNo,
    perPage: limits.searchPage,
  });
  // the term is cut to its limit above, so only a business name no business can have fails here
  if (!parsed.success) throw data(null, { status: 404 });
  const result = await or404(context, context.services.searchItems(parsed.data));
  return { term, filter, sort, pageNo, businessName, result };
}
