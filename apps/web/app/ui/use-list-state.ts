import { useEffect, useState } from 'react';

/**
 * The state every admin list shares (SPEC §4): a tab (Casual/Promoted, Products/Catalogues,
 * All/New/Read…), a search that applies once typing settles (back on page 1), and switching tabs
 * resets search and page to 1 (SPEC: "toggling Casual/Promoted resets search and page to 1",
 * "Leads tab switch resets page, lists and search").
 */
export function useListState<Tab extends string = 'casual' | 'promoted'>(initialTab: Tab = 'casual' as Tab) {
  const [tab, setTab] = useState<Tab>(initialTab);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);

  useEffect(() => {
    const t = setTimeout(() => {
      setSearch(searchText.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(t);
  }, [searchText]);

  function switchTab(next: Tab) {
    if (next === tab) return;
    setTab(next);
    setSearchText('');
    setSearch('');
    setPage(1);
  }

  return { tab, switchTab, searchText, setSearchText, search, page, setPage };
}

export type ListState<Tab extends string = 'casual' | 'promoted'> = ReturnType<typeof useListState<Tab>>;
