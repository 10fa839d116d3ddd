import type { Catalogue } from '@stashblog/contract/catalogues';
import { endpoints } from '@stashblog/contract/endpoints';
import { limits } from '@stashblog/contract/limits';
import type { Product } from '@stashblog/contract/products';
import { EditItemPage } from '../../features/admin/edit-item-page';
import { adminCatalogueKey, fetchAdminCatalogueProducts } from '../../features/catalogues/admin-catalogues-api';
import { CatalogueForm } from '../../features/catalogues/catalogue-form';
import { apiPayload } from '../../lib/api-client';

export const meta = () => [{ title: 'Edit Catalogue | Admin' }];

// The form needs every member with its name and image, in catalogue order.
async function fetchForEdit(id: string): Promise<{ catalogue: Catalogue; products: Product[] }> {
  const { catalogue } = await apiPayload(endpoints.userAdminCatalogues.fetch, { id });
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
  return (
    <EditItemPage
      kind="catalogue"
      queryKey={adminCatalogueKey}
      fetch={fetchForEdit}
      isBlocked={({ catalogue }) => catalogue.isBlocked}
      isPublic={({ catalogue }) => catalogue.isPublic}
    >
      {({ catalogue: c, products }) => (
        <CatalogueForm
          key={c._id}
          catalogueId={c._id}
          initial={{ catalogueName: c.catalogueName, description: c.description }}
          initialProducts={products}
        />
      )}
    </EditItemPage>
  );
}
