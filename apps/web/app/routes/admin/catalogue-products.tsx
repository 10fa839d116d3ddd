import { endpoints } from '@stashblog/contract/endpoints';
import { decodeId, encodeId } from '@stashblog/contract/ids';
import { limits } from '@stashblog/contract/limits';
import { cataloguePath, productPath } from '@stashblog/contract/paths';
import { specTexts } from '@stashblog/contract/spec-texts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { fetchAdminCatalogueProducts } from '../../features/catalogues/admin-catalogues-api';
import { adminProductCountText } from '../../features/catalogues/catalogue-card';
import { apiPayload } from '../../lib/api-client';
import { MediaImage } from '../../ui/media-image';
import { Pagination, totalPagesOf } from '../../ui/pagination';

export const meta = () => [{ title: 'Catalogue Products | Admin' }];

/** SPEC "Catalogue products view": the products of one of the owner's catalogues, paged. */
export default function CatalogueProducts() {
  const { catalogueId = '' } = useParams();
  const id = decodeId(catalogueId);
  const [page, setPage] = useState(1);
  const catalogue = useQuery({
    queryKey: ['admin-catalogue-summary', id],
    queryFn: () => apiPayload(endpoints.userAdminCatalogues.fetch, { id: id ?? '' }),
    enabled: id !== null,
  });
  const products = useQuery({
    queryKey: ['admin-catalogue-products', id, page],
    queryFn: () => fetchAdminCatalogueProducts(id as string, page),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });

  if (id === null) return <p role="alert">{specTexts.notFoundTitle}</p>;
  const c = catalogue.data?.catalogue;
  const error = catalogue.error ?? products.error;

  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/userAdmin/catalogues" className="underline">
          Catalogues
        </Link>
        <span aria-hidden="true">/</span>
        <h1 className="break-words font-bold text-2xl">{c?.catalogueName ?? 'Catalogue'}</h1>
      </div>
      {c ? (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span>{adminProductCountText(c)}</span>
          <span className="rounded bg-surface px-2 py-0.5">{c.isPublic ? 'Public' : 'Private'}</span>
          {c.isPromoted ? <span className="rounded bg-primary px-2 py-0.5 text-on-primary">Promoted</span> : null}
          <Link to={`/userAdmin/editCatalogue/${encodeId(c._id)}`} className="rounded border border-primary px-3 py-1.5">
            Edit
          </Link>
          {c.isPublic && !c.isBlocked ? (
            <Link to={cataloguePath(c.businessName, c._id)} className="underline">
              Open public page
            </Link>
          ) : null}
        </div>
      ) : null}
      {c?.isBlocked ? (
        <p role="alert" className="rounded bg-red-50 p-3 text-red-800">
          {specTexts.catalogueBlocked}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="rounded bg-surface p-6 text-center">
          {error.message}
        </p>
      ) : products.isPending ? (
        <p className="text-muted">Loading…</p>
      ) : products.data?.products.length ? (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Catalogue products">
          {products.data.products.map((p) => (
            <li key={p._id} className="flex flex-col overflow-hidden rounded-lg border border-black/10 bg-background shadow-sm">
              <div className="relative aspect-square bg-surface">
                {p.images[0] ? (
                  <MediaImage
                    src={p.images[0]}
                    alt=""
                    width={640}
                    height={640}
                    sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
                    className="h-full w-full object-cover"
                  />
                ) : null}
                <div className="absolute top-2 left-2 flex gap-1">
                  {p.isBlocked ? (
                    <span className="rounded bg-red-700 px-2 py-0.5 text-white text-xs">{specTexts.blockedByAdmin}</span>
                  ) : null}
                  {!p.isPublic ? <span className="rounded bg-black/70 px-2 py-0.5 text-white text-xs">Private</span> : null}
                </div>
              </div>
              <div className="flex flex-1 flex-col gap-2 p-3">
                <h2 className="break-words font-semibold">{p.productName}</h2>
                <p className="line-clamp-4 whitespace-pre-line break-words text-muted text-sm">{p.description}</p>
                <div className="mt-auto flex gap-3 pt-2 text-sm">
                  <Link to={`/userAdmin/editProduct/${encodeId(p._id)}`} className="underline">
                    Edit
                  </Link>
                  <Link to={productPath(p.businessName, p._id)} className="underline">
                    View Product
                  </Link>
                </div>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-lg bg-surface p-10 text-center">No products in this catalogue.</p>
      )}
      <Pagination
        page={page}
        totalPages={totalPagesOf(products.data?.count ?? 0, limits.adminListPage)}
        onChange={setPage}
        label="Catalogue products pages"
      />
    </section>
  );
}
