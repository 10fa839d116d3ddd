import { useEffect, useState } from 'react';

export type AdminListTab = 'casual' | 'promoted';

/**
 * The list state every admin list shares (SPEC §4): Casual/Promoted tab, a search that applies once
 * typing settles (resetting to page 1), and switching tabs resets search and page to 1.
 */
export function useAdminListState() {
  const [tab, setTab] = useState<AdminListTab>('casual');
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

  function switchTab(next: AdminListTab) {
    if (next === tab) return;
    setTab(next);
    setSearchText('');
    setSearch('');
    setPage(1);
  }

  return { tab, switchTab, searchText, setSearchText, search, page, setPage };
}
