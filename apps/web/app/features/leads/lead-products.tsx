import { endpoints } from '@stashblog/contract/endpoints';
import { encodeId } from '@stashblog/contract/ids';
import { productPath } from '@stashblog/contract/paths';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { apiPayload } from '../../lib/api-client';
import { formatRupees } from '../../speed/format';
import { MediaImage } from '../../ui/media-image';

/**
 * SPEC /userAdmin/catalogues/leads/{catalogueId}/leadsProducts/{products}: the products a catalogue
 * lead asked about, each fetched through the owner's own product call (so another business's id is
 * simply not found), with a way to edit it or open its public page.
 */
export function LeadProducts({ productIds }: { productIds: readonly string[] }) {
  const results = useQueries({
    queries: productIds.map((id) => ({
      queryKey: ['admin-product', id],
      queryFn: () => apiPayload(endpoints.userAdminProducts.fetch, { id }),
      retry: false,
    })),
  });
  if (productIds.length === 0) return <p className="rounded-lg bg-surface p-10 text-center">This lead names no products.</p>;
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {results.map((r, i) => {
        const id = productIds[i];
        if (r.isPending)
          return <li key={id} className="h-72 animate-pulse rounded-lg bg-surface" role="status" aria-label="Loading product" />;
        const p = r.data?.product;
        if (!p)
          return (
            <li key={id} className="rounded-lg border border-black/10 p-4 text-text/70">
              This product is no longer available.
            </li>
          );
        return (
          <li key={id} className="overflow-hidden rounded-lg border border-black/10">
            {p.images[0] ? (
              <MediaImage
                src={p.images[0]}
                alt=""
                width={640}
                height={480}
                sizes="(min-width: 640px) 33vw, 100vw"
                className="aspect-[4/3] w-full object-cover"
              />
            ) : (
              <div className="aspect-[4/3] w-full bg-surface" />
            )}
            <div className="space-y-2 p-4">
              <h2 className="break-words font-semibold">{p.productName}</h2>
              <p className="text-sm text-text/70">
                {p.category}
                {p.pricePerUnit != null ? ` · ${formatRupees(p.pricePerUnit)}` : ''}
              </p>
              <div className="flex flex-wrap gap-3 text-sm">
                <Link to={`/userAdmin/editProduct/${encodeId(p._id)}`} className="rounded border border-primary px-3 py-1.5">
                  Edit
                </Link>
                <Link to={`/userAdmin/products/leads/${encodeId(p._id)}`} className="rounded border border-primary px-3 py-1.5">
                  Product leads
                </Link>
                {p.isPublic && !p.isBlocked ? (
                  <a href={productPath(p.businessName, p._id)} target="_blank" rel="noreferrer" className="px-1 py-1.5 underline">
                    View Product
                  </a>
                ) : null}
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
