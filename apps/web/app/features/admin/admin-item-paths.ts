import { encodeId } from '@stashblog/contract/ids';
import { specTexts } from '@stashblog/contract/spec-texts';

// The owner's pages of one product or catalogue (SPEC §2 admin routes), shared by the lists, cards and edit pages.

export type ItemKind = 'product' | 'catalogue';
export const listTabs = ['casual', 'promoted'] as const;
export type ListTab = (typeof listTabs)[number];

/** The list tab named by `?tab=` (Casual when absent or unknown): Edit carries it there and back. */
export const tabOf = (search: URLSearchParams): ListTab => (search.get('tab') === 'promoted' ? 'promoted' : 'casual');
const withTab = (path: string, tab: ListTab) => (tab === 'casual' ? path : `${path}?tab=${tab}`);

export function adminItemPaths(kind: ItemKind) {
  const plural = kind === 'product' ? 'products' : 'catalogues';
  const Noun = kind === 'product' ? 'Product' : 'Catalogue';
  return {
    /** 'Products' / 'Catalogues'. */
    title: kind === 'product' ? 'Products' : 'Catalogues',
    list: (tab: ListTab = 'casual') => withTab(`/userAdmin/${plural}`, tab),
    add: `/userAdmin/add${Noun}`,
    edit: (id: string, tab: ListTab = 'casual') => withTab(`/userAdmin/edit${Noun}/${encodeId(id)}`, tab),
    leads: (id: string) => `/userAdmin/${plural}/leads/${encodeId(id)}`,
    privateLinks: `/userAdmin/${plural}/privateLinks`,
    blockedText: kind === 'product' ? specTexts.productBlocked : specTexts.catalogueBlocked,
  };
}
