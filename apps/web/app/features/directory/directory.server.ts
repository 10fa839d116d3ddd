import type { CatalogueList } from '@stashblog/contract/catalogues';
import type { ProductList } from '@stashblog/contract/products';
import { defaultSort } from '@stashblog/contract/sort-options';
import type { UserProfile } from '@stashblog/contract/users';
import type { AppLoadContext } from 'react-router';
import { type DirectorySectionId, directorySectionIds, directorySizes as size } from './directory-sizes';

export type ProfileList = { userProfiles: UserProfile[]; count: number; countCapped?: boolean };
export type DirectoryData = {
  promotedProducts: ProductList;
  products: ProductList;
  promotedCatalogues: CatalogueList;
  catalogues: CatalogueList;
  promotedProfiles: ProfileList;
  profiles: ProfileList;
  /** The page of each section the server rendered (`?products=2`, by section id), 1 when not asked. */
  pages: Record<DirectorySectionId, number>;
};

/**
 * `/showcases`: a page of every directory section, rendered on the server (SPEC §7 fetchAllUsers calls):
 * the first, or the one the pager's link asked for (`?catalogues=3#catalogues`), so a pager click made
 * before hydration or without JavaScript still opens that page.
 */
export async function loadDirectory(context: AppLoadContext, request: Request): Promise<DirectoryData> {
  const { fetchAllUsers, fetchAllUsersCatalogues, fetchDirectoryProducts } = context.services;
  const search = new URL(request.url).searchParams;
  const pages = Object.fromEntries(
    directorySectionIds.map((id) => [id, Math.min(Math.max(1, Number.parseInt(search.get(id) ?? '1', 10) || 1), 10_000)]),
  ) as Record<DirectorySectionId, number>;
  const paging = (perPage: number, id: DirectorySectionId) => ({ pageNo: pages[id], perPage, sort: defaultSort, searchQuery: undefined });
  const [promotedProducts, products, promotedCatalogues, catalogues, promotedProfiles, profiles] = await Promise.all([
    fetchDirectoryProducts({ query: { ...paging(size.promotedProducts, 'promoted-products'), isPromoted: true } }),
    fetchDirectoryProducts({ query: { ...paging(size.products, 'products'), isPromoted: undefined } }),
    fetchAllUsersCatalogues({ ...paging(size.promotedCatalogues, 'promoted-catalogues'), isPromoted: true }),
    fetchAllUsersCatalogues({ ...paging(size.catalogues, 'catalogues'), isPromoted: undefined }),
    fetchAllUsers({
      pageNo: pages['promoted-profiles'],
      perPage: size.promotedProfiles,
      isPrimeUser: true,
      businessName: undefined,
      searchQuery: undefined,
    }),
    fetchAllUsers({
      pageNo: pages.profiles,
      perPage: size.profiles,
      isPrimeUser: undefined,
      businessName: undefined,
      searchQuery: undefined,
    }),
  ]);
  return { promotedProducts, products, promotedCatalogues, catalogues, promotedProfiles, profiles, pages };
}
