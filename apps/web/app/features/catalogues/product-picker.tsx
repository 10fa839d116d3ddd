import { limits } from '@stashblog/contract/limits';
import type { Product } from '@stashblog/contract/products';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MediaImage } from '../../ui/media-image';
import { Pagination, totalPagesOf } from '../../ui/pagination';
import { fetchOwnerProducts } from './admin-catalogues-api';

type Props = { selectedIds: string[]; onAdd: (p: Product) => void; onRemove: (p: Product) => void };

/** Search over the owner's own products (all of them, private ones too); ticking adds to the catalogue. */
export function ProductPicker({ selectedIds, onAdd, onRemove }: Props) {
  const [text, setText] = useState('');
  const [productName, setProductName] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const t = setTimeout(() => {
      setProductName(text.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(t);
  }, [text]);

  const q = { page, productName };
  const { data, isPending, isError, error } = useQuery({
    queryKey: ['catalogue-picker', q],
    queryFn: () => fetchOwnerProducts(q),
    placeholderData: keepPreviousData,
  });

  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-lg border border-black/10 p-3">
      <legend className="px-1 font-medium text-sm">Add products</legend>
      <label className="flex flex-col gap-1">
        <span className="sr-only">Search your products</span>
        <input
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Search your products by name"
          className="rounded border border-black/20 bg-background px-3 py-2"
        />
      </label>
      {isPending ? (
        <p className="text-muted text-sm">Loading…</p>
      ) : isError ? (
        <p role="alert">{error.message}</p>
      ) : data.products.length === 0 ? (
        <p className="text-muted text-sm">{productName ? 'No products match your search.' : 'No products yet.'}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2" aria-label="Your products">
          {data.products.map((p) => {
            const checked = selectedIds.includes(p._id);
            return (
              <li key={p._id}>
                <label className="flex cursor-pointer items-center gap-3 rounded border border-black/10 p-2 hover:bg-surface">
                  <input type="checkbox" checked={checked} onChange={() => (checked ? onRemove(p) : onAdd(p))} className="h-4 w-4" />
                  <Thumb product={p} />
                  <span className="min-w-0 flex-1 truncate">{p.productName}</span>
                  {!p.isPublic ? <span className="text-muted text-xs">Private</span> : null}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination
        page={page}
        totalPages={totalPagesOf(data?.count ?? 0, limits.adminListPage)}
        onChange={setPage}
        label="Product search pages"
      />
    </fieldset>
  );
}

export function Thumb({ product }: { product: Product }) {
  return product.images[0] ? (
    <MediaImage src={product.images[0]} alt="" width={48} height={48} sizes="48px" className="h-12 w-12 shrink-0 rounded object-cover" />
  ) : (
    <span className="h-12 w-12 shrink-0 rounded bg-surface" />
  );
}
