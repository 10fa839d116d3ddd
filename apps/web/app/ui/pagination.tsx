import { limits } from '@stashblog/contract/limits';

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

type Props = { page: number; totalPages: number; onChange: (page: number) => void; label?: string };

export function Pagination({ page, totalPages, onChange, label = 'Pagination' }: Props) {
  if (totalPages <= 1) return null;
  const pages = pageWindow(page, totalPages);
  const button = 'min-w-10 rounded border border-primary/40 px-3 py-2 text-sm disabled:opacity-40';
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-2">
      <button type="button" className={button} disabled={page <= 1} onClick={() => onChange(page - 1)} aria-label="Previous page">
        ‹
      </button>
      {pages.map((p) => (
        <button
          key={p}
          type="button"
          aria-current={p === page ? 'page' : undefined}
          className={`${button} ${p === page ? 'bg-primary text-on-primary' : ''}`}
          onClick={() => onChange(p)}
        >
          {p}
        </button>
      ))}
      <button type="button" className={button} disabled={page >= totalPages} onClick={() => onChange(page + 1)} aria-label="Next page">
        ›
      </button>
    </nav>
  );
}
