import { Fragment } from 'react';
import { Pagination } from './pagination';
import { type TabIds, TabPanel, Tabs, useTabIds } from './tabs';

// The one admin list shell (products, catalogues, leads, forums, private links, notifications,
// platform): heading and actions, optional tabs, optional search, loading / error / empty states,
// the items as cards or as a table that stacks into cards on narrow screens, and paging. Each list
// brings its own data (TanStack Query), columns or card, and actions.

export type ListTabs<Tab extends string> = {
  label: string;
  options: readonly { value: Tab; label: string }[];
  value: Tab;
  onChange: (tab: Tab) => void;
};

export type ListSearch = { label: string; placeholder: string; value: string; onChange: (text: string) => void };

export type ListColumn<Item> = { header: string; cell: (item: Item) => React.ReactNode; className?: string };

type Layout<Item> =
  | { renderCard: (item: Item) => React.ReactNode; columns?: never; rowActions?: never }
  | { columns: readonly ListColumn<Item>[]; rowActions?: (item: Item) => React.ReactNode; renderCard?: never };

export type ListShellProps<Item, Tab extends string> = Layout<Item> & {
  title: string;
  /** Under the heading, e.g. the product whose leads these are. */
  subtitle?: React.ReactNode;
  /** Buttons and links beside the heading (Add, Download Leads, Mark All As Read…). */
  actions?: React.ReactNode;
  tabs?: ListTabs<Tab>;
  search?: ListSearch;
  items: readonly Item[] | undefined;
  itemKey: (item: Item) => string;
  isPending: boolean;
  error?: Error | null;
  /** A refetch is running while the previous items are shown. */
  isFetching?: boolean;
  /** What an empty list says (and offers); differs with and without a search. */
  empty: React.ReactNode;
  loadingLabel: string;
  paging?: { page: number; totalPages: number; onChange: (page: number) => void; label: string };
  /** Dialogs (confirm) and anything else the list renders after its items. */
  children?: React.ReactNode;
};

export function ListShell<Item, Tab extends string = never>(props: ListShellProps<Item, Tab>) {
  const { title, subtitle, actions, tabs, search, items, isPending, error, isFetching, empty, loadingLabel, paging, children } = props;
  const tabIds = useTabIds<Tab | ''>(tabs?.options ?? [], tabs?.value ?? '');
  // With tabs, what follows them is the panel they control.
  const Panel = tabs ? TabPanel : Plain;
  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="font-bold text-2xl">{title}</h1>
          {subtitle ? <div className="mt-1 break-words text-text/70">{subtitle}</div> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      {tabs || search ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          {tabs ? <Tabs ids={tabIds} {...tabs} /> : <span />}
          {search ? (
            <label className="flex items-center gap-2">
              <span className="sr-only">{search.label}</span>
              <input
                type="search"
                value={search.value}
                onChange={(e) => search.onChange(e.target.value)}
                placeholder={search.placeholder}
                className="w-full rounded border border-black/20 bg-background px-3 py-2 sm:w-72"
              />
            </label>
          ) : null}
        </div>
      ) : null}

      <Panel ids={tabIds} className="space-y-6">
        {isPending ? (
          <Loading label={loadingLabel} cards={Boolean(props.renderCard)} />
        ) : error ? (
          <p role="alert" className="rounded bg-surface p-6 text-center">
            {error.message}
          </p>
        ) : !items || items.length === 0 ? (
          <div className="rounded-lg bg-surface p-10 text-center">{empty}</div>
        ) : (
          <div className={isFetching ? 'opacity-70 transition-opacity' : undefined} aria-busy={isFetching || undefined}>
            {props.renderCard ? (
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
                {items.map((item) => (
                  <Fragment key={props.itemKey(item)}>{props.renderCard(item)}</Fragment>
                ))}
              </div>
            ) : (
              <Table items={items} itemKey={props.itemKey} columns={props.columns} rowActions={props.rowActions} />
            )}
          </div>
        )}
        {paging ? <Pagination page={paging.page} totalPages={paging.totalPages} onChange={paging.onChange} label={paging.label} /> : null}
      </Panel>
      {children}
    </section>
  );
}

function Plain({ className, children }: { ids: TabIds; className?: string; children: React.ReactNode }) {
  return <div className={className}>{children}</div>;
}

type TableProps<Item> = {
  items: readonly Item[];
  itemKey: (item: Item) => string;
  columns: readonly ListColumn<Item>[];
  rowActions?: (item: Item) => React.ReactNode;
};

/** A table on wide screens; below 640 px each row stacks into a card with the column names as labels. */
function Table<Item>({ items, itemKey, columns, rowActions }: TableProps<Item>) {
  return (
    <div className="sm:overflow-x-auto sm:rounded-lg sm:border sm:border-black/10">
      <table className="block w-full text-left text-sm sm:table">
        <thead className="hidden bg-surface sm:table-header-group">
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className="px-3 py-2 font-semibold">
                {c.header}
              </th>
            ))}
            {rowActions ? (
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="block space-y-3 sm:table-row-group sm:space-y-0">
          {items.map((item) => (
            <tr
              key={itemKey(item)}
              className="block rounded-lg border border-black/10 p-3 sm:table-row sm:rounded-none sm:border-0 sm:border-black/10 sm:border-t sm:p-0"
            >
              {columns.map((c) => (
                <td key={c.header} className={`flex gap-3 py-1 align-top sm:table-cell sm:px-3 sm:py-3 ${c.className ?? ''}`}>
                  <span className="w-28 shrink-0 font-medium text-text/70 sm:hidden">{c.header}</span>
                  <span className="min-w-0 break-words">{c.cell(item)}</span>
                </td>
              ))}
              {rowActions ? (
                <td className="pt-2 align-top sm:table-cell sm:px-3 sm:py-3">
                  <div className="flex flex-wrap gap-2 sm:justify-end">{rowActions(item)}</div>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Loading({ label, cards }: { label: string; cards: boolean }) {
  return (
    <div
      className={cards ? 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4' : 'space-y-2'}
      role="status"
      aria-busy="true"
      aria-label={label}
    >
      {Array.from({ length: 4 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className={`animate-pulse rounded-lg bg-surface ${cards ? 'h-80' : 'h-12'}`} />
      ))}
    </div>
  );
}
