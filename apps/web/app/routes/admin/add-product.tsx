import { ProductForm } from '../../features/products/product-form';
import { SubPage } from '../../ui/sub-page';

export const meta = () => [{ title: 'Add Product | Admin' }];

export default function AddProduct() {
  return (
    <SubPage parent={{ to: '/userAdmin/products', label: 'Products' }} title="Add Product">
      <ProductForm />
    </SubPage>
  );
}
