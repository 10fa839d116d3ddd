import { endpoints } from '@stashblog/contract/endpoints';
import { EditItemPage } from '../../features/admin/edit-item-page';
import { ProductForm } from '../../features/products/product-form';
import { apiPayload } from '../../lib/api-client';

export const meta = () => [{ title: 'Edit Product | Admin' }];

export default function EditProduct() {
  return (
    <EditItemPage
      kind="product"
      queryKey={(id) => ['admin-product', id]}
      fetch={(id) => apiPayload(endpoints.userAdminProducts.fetch, { id })}
      isBlocked={({ product }) => product.isBlocked}
      isPublic={({ product }) => product.isPublic}
    >
      {({ product: p }) => (
        <ProductForm
          key={p._id}
          productId={p._id}
          initial={{
            category: p.category,
            productName: p.productName,
            itemNo: p.itemNo,
            description: p.description,
            pricePerUnit: p.pricePerUnit === null ? '' : String(p.pricePerUnit),
            totalUnits: p.totalUnits === null ? '' : String(p.totalUnits),
            link: p.link,
            tags: p.tags,
            specifications: p.specifications,
            disclaimers: p.disclaimer,
          }}
          initialImages={p.images.map((url) => ({ key: url, kind: 'existing' as const, url }))}
        />
      )}
    </EditItemPage>
  );
}
