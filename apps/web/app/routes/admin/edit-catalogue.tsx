import type { Catalogue } from '@stashblog/contract/catalogues';
import { decodeId } from '@stashblog/contract/ids';
import { limits } from '@stashblog/contract/limits';
import type { Product } from '@stashblog/contract/products';
import { specTexts } from '@stashblog/contract/spec-texts';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { adminCatalogueKey, fetchAdminCatalogueProducts } from '../../features/catalogues/admin-catalogues-api';
import { CatalogueForm } from '../../features/catalogues/catalogue-form';
import { apiPayload } from '../../lib/api-client';

export const meta = () => [{ title: 'Edit Catalogue | Admin' }];

// The form needs every member with its name and image, in catalogue order.
async function fetchForEdit(id: string): Promise<{ catalogue: Catalogue; products: Product[] }> {
  const { catalogue } = await apiPayload<{ catalogue: Catalogue }>('GET', '/userAdmin/catalogues/fetch', { id });
  const members: Product[] = [];
  for (let page = 1; members.length < catalogue.totalProducts; page++) {
    const { products } = await fetchAdminCatalogueProducts(id, page, limits.maxPerPage);
    if (!products.length) break;
    members.push(...products);
  }
  const byId = new Map(members.map((p) => [p._id, p]));
  const ordered = catalogue.products.flatMap((pid) => byId.get(pid) ?? []);
  return { catalogue, products: ordered };
}

export default function EditCatalogue() {
  const { catalogueId = '' } = useParams();
  const id = decodeId(catalogueId);
  const { data, isPending, isError, error } = useQuery({
    queryKey: adminCatalogueKey(id),
    queryFn: () => fetchForEdit(id as string),
    enabled: id !== null,
    staleTime: 0,
  });

  let body: React.ReactNode;
  if (id === null) body = <p role="alert">{specTexts.notFoundTitle}</p>;
  else if (isPending) body = <p className="text-muted">Loading…</p>;
  else if (isError) body = <p role="alert">{error.message}</p>;
  else {
    const c = data.catalogue;
    body = (
      <>
        {c.isBlocked ? (
          <p role="alert" className="rounded bg-red-50 p-3 text-red-800">
            {specTexts.catalogueBlocked}
          </p>
        ) : null}
        <CatalogueForm
          key={c._id}
          catalogueId={c._id}
          initial={{ catalogueName: c.catalogueName, description: c.description }}
          initialProducts={data.products}
        />
      </>
    );
  }

  return (
    <section className="space-y-6">
      <div className="flex items-center gap-3">
        <Link to="/userAdmin/catalogues" className="underline">
          Catalogues
        </Link>
        <span aria-hidden="true">/</span>
        <h1 className="font-bold text-2xl">Edit Catalogue</h1>
      </div>
      {body}
    </section>
  );
}
