import type { Product } from '@stashblog/contract/products';
import { AdminItemList } from '../../features/admin/admin-item-list';
import { AdminProductCard } from '../../features/products/admin-product-card';
import { ProductTransferActions } from '../../features/products/product-export';

export const meta = () => [{ title: 'Products | Admin' }];

export default function AdminProducts() {
  return (
    <AdminItemList
      kind="product"
      renderCard={(p: Product, state) => <AdminProductCard product={p} {...state} />}
      moreActions={(q) => <ProductTransferActions productName={q.name} />}
    />
  );
}
