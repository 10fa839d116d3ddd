import type { CatalogueList } from '@stashblog/contract/catalogues';
import type { ProductList } from '@stashblog/contract/products';
import { defaultSort } from '@stashblog/contract/sort-options';
import type { UserProfile } from '@stashblog/contract/users';
import { fetchAllUsersCatalogues } from '@stashblog/server/modules/catalogues/public-catalogues.service.ts';
import { fetchDirectoryProducts } from '@stashblog/server/modules/products/products.service.ts';
import { fetchAllUsers } from '@stashblog/server/modules/users/users.service.ts';
import type { AppLoadContext } from 'react-router';
import { directorySizes as size } from './directory-sizes';

export type ProfileList = { userProfiles: UserProfile[]; count: number };
export type DirectoryData = {
  promotedProducts: ProductList;
  products: ProductList;
  promotedCatalogues: CatalogueList;
  catalogues: CatalogueList;
  promotedProfiles: ProfileList;
  profiles: ProfileList;
};

/** `/showcases`: the first page of every directory section, rendered on the server (SPEC §7 fetchAllUsers calls). */
export async function loadDirectory(context: AppLoadContext): Promise<DirectoryData> {
  const ctx = context.ctx;
  const paging = (perPage: number) => ({ pageNo: 1, perPage, sort: defaultSort, searchQuery: undefined });
  const [promotedProducts, products, promotedCatalogues, catalogues, promotedProfiles, profiles] = await Promise.all([
    fetchDirectoryProducts(ctx, { query: { ...paging(size.promotedProducts), isPromoted: true } }),
    fetchDirectoryProducts(ctx, { query: { ...paging(size.products), isPromoted: undefined } }),
    fetchAllUsersCatalogues(ctx, { ...paging(size.promotedCatalogues), isPromoted: true }),
    fetchAllUsersCatalogues(ctx, { ...paging(size.catalogues), isPromoted: undefined }),
    fetchAllUsers(ctx, { pageNo: 1, perPage: size.promotedProfiles, isPrimeUser: true, businessName: undefined, searchQuery: undefined }),
    fetchAllUsers(ctx, { pageNo: 1, perPage: size.profiles, isPrimeUser: undefined, businessName: undefined, searchQuery: undefined }),
  ]);
  return { promotedProducts, products, promotedCatalogues, catalogues, promotedProfiles, profiles };
}
