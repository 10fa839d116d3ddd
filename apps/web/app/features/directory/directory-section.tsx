import type { endpoints } from '@stashblog/contract/endpoints';
import { searchTexts } from '@stashblog/contract/search-options';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { apiPayload } from '../../lib/api-client';

import { Pagination, totalPagesOf } from '../../ui/pagination';
import { useEarlyValue } from '../../ui/use-early-value';
import type { DirectorySectionId } from './directory-sizes';

type DirectoryEndpoint =
  | typeof endpoints.publicProducts.fetchAllUsers
  | typeof endpoints.publicCatalogues.fetchAllUsers
  | typeof endpoints.publicUser.fetchAll;

type Page<T> = { items: T[]; count: number; countCapped?: boolean };

export type DirectorySectionProps<T> = {
  /** The section's element id, also the query parameter of its page (`?products=2#products`). */
  id: DirectorySectionId;
  title: string;
  subtitle?: string;
  /** The call that pages the section, and its items field. */
  endpoint: DirectoryEndpoint;
  field: string;
  args: Record<string, unknown>;
  perPage: number;
  /** The page the server rendered (`firstPage`, 1 unless the URL asked for another) without a search. */
  first: Page<T>;
  firstPage: number;
  keyOf: (item: T) => string;
  render: (item: T, index: number) => React.ReactNode;
  gridClass: string;
  empty: string;
  searchLabel: string;
};

const debounceMs = 300;

/**
 * One directory section: its own search box and pages (window of 5). The server renders the page the URL
 * names (page 1 by default) without a search; page links are real links to that URL, so one clicked
 * before hydration still opens its page. Once hydrated, pages and searches come from the SPEC §7 call.
 */
export function DirectorySection<T>(props: DirectorySectionProps<T>) {
  const { id, title, subtitle, endpoint, field, args, perPage, first, firstPage, keyOf, render, gridClass, empty, searchLabel } = props;
  const headingId = useId();
  const location = useLocation();
  const [text, setText] = useState('');
  const searchBox = useRef<HTMLInputElement>(null);
  // Text typed before the page hydrated (a page opened from a pager link, say) is searched once it has.
  useEarlyValue(searchBox, '', setText);
  const [search, setSearch] = useState('');
  const [pageNo, setPageNo] = useState(firstPage);

  // A new search starts at page 1; nothing changes until the text differs (the server's page stays).
  useEffect(() => {
    const next = text.trim();
    if (next === search) return;
    const t = setTimeout(() => {
      setSearch(next);
      setPageNo(1);
    }, debounceMs);
    return () => clearTimeout(t);
  }, [text, search]);

  const hrefOf = (p: number) => {
    const params = new URLSearchParams(location.search);
    if (p > 1) params.set(id, String(p));
    else params.delete(id);
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ''}#${id}`;
  };

  const isFirst = pageNo === firstPage && search === '';
  const query = useQuery({
    queryKey: ['directory', id, search, pageNo],
    queryFn: async () => {
      const payload: Record<string, unknown> = await apiPayload(endpoint, {
        ...args,
        pageNo,
        perPage,
        searchQuery: search || undefined,
      });
      return { items: (payload[field] as T[]) ?? [], count: Number(payload.count ?? 0), countCapped: payload.countCapped === true };
    },
    initialData: isFirst ? first : undefined,
    placeholderData: keepPreviousData,
  });
  const page = query.data ?? (isFirst ? first : { items: [], count: 0 });
  const totalPages = totalPagesOf(page.count, perPage);

  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-24">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id={headingId} className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">
            {title}
          </h2>
          {subtitle ? <p className="mt-1 text-slate-600">{subtitle}</p> : null}
        </div>
        <label className="relative w-full sm:w-72">
          <span className="sr-only">{searchLabel}</span>
          <input
            ref={searchBox}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={searchLabel}
            maxLength={200}
            className="w-full rounded-full border border-slate-300 bg-white px-4 py-2 text-sm outline-none focus:border-indigo-500 focus:ring-2 focus:ring-indigo-100"
          />
        </label>
      </div>
      <div aria-busy={query.isFetching} aria-live="polite" className={`transition-opacity ${query.isFetching ? 'opacity-60' : ''}`}>
        {query.isError ? (
          <p className="rounded-lg border border-red-200 bg-red-50 p-6 text-center text-red-700">
            {query.error instanceof Error ? query.error.message : 'Could not load this list.'}
          </p>
        ) : page.items.length === 0 ? (
          <div className="rounded-xl border border-slate-300 border-dashed bg-white p-10 text-center text-slate-500">
            {search ? `Nothing matches “${search}”.` : empty}
          </div>
        ) : (
          <ul className={gridClass}>
            {page.items.map((item, i) => (
              <li key={keyOf(item)}>{render(item, i)}</li>
            ))}
          </ul>
        )}
      </div>
      <div className="mt-6">
        <Pagination
          page={pageNo}
          totalPages={totalPages}
          onChange={setPageNo}
          // With a search the pages are the search's, which only the client knows: no link for those.
          hrefOf={search ? undefined : hrefOf}
          label={`${title} pages`}
        />
        {page.countCapped && pageNo >= totalPages ? (
          <p className="mt-3 text-center text-slate-500 text-sm">{search ? searchTexts.capped() : searchTexts.listCapped()}</p>
        ) : null}
      </div>
    </section>
  );
}
