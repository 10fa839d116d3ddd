import { limits } from '@stashblog/contract/limits';
import { Fragment } from 'react';

/** SPEC §9 pagination window: at most `size` consecutive page numbers, the current one centred where possible. */
export function pageWindow(current: number, totalPages: number, size: number = limits.paginationWindow): number[] {
  if (totalPages < 1) return [];
  const page = Math.min(Math.max(1, current), totalPages);
  const width = Math.min(size, totalPages);
  const start = Math.min(Math.max(1, page - Math.floor((width - 1) / 2)), totalPages - width + 1);
  return Array.from({ length: width }, (_, i) => start + i);
}

export function totalPagesOf(count: number, perPage: number): number {
  return Math.max(0, Math.ceil(count / perPage));
}

type Props = {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  label?: string;
  /**
   * Public pages: each page is a real link (`?pageNo=N`) the server can answer, so a click made before
   * hydration, or without JavaScript, still opens that page; once hydrated a plain click calls
   * `onChange` instead (client navigation), a modified click (new tab) follows the link.
   */
  hrefOf?: (page: number) => string;
};

const plainClick = (e: React.MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

export function Pagination({ page, totalPages, onChange, label = 'Pagination', hrefOf }: Props) {
  if (totalPages <= 1) return null;
  const pages = pageWindow(page, totalPages);
  const button = 'min-w-10 rounded border border-primary/40 px-3 py-2 text-center text-sm disabled:opacity-40';
  const to = (p: number, text: React.ReactNode, attrs: { 'aria-label'?: string; 'aria-current'?: 'page'; className: string }) => {
    if (!hrefOf)
      return (
        <button type="button" {...attrs} disabled={p < 1 || p > totalPages} onClick={() => onChange(p)}>
          {text}
        </button>
      );
    // No previous page before the first, no next after the last: nothing to follow, nothing to focus.
    if (p < 1 || p > totalPages)
      return (
        <span aria-hidden="true" className={`${attrs.className} opacity-40`}>
          {text}
        </span>
      );
    return (
      <a
        href={hrefOf(p)}
        {...attrs}
        onClick={(e) => {
          if (!plainClick(e)) return;
          e.preventDefault();
          onChange(p);
        }}
      >
        {text}
      </a>
    );
  };
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-2">
      {to(page - 1, '‹', { className: button, 'aria-label': 'Previous page' })}
      {pages.map((p) => (
        <Fragment key={p}>
          {to(p, p, {
            className: `${button} ${p === page ? 'bg-primary text-on-primary' : ''}`,
            'aria-current': p === page ? 'page' : undefined,
          })}
        </Fragment>
      ))}
      {to(page + 1, '›', { className: button, 'aria-label': 'Next page' })}
    </nav>
  );
}
