import { Link } from 'react-router';
import { ProductForm } from '../../features/products/product-form';

export const meta = () => [{ title: 'Add Product | Admin' }];

export default function AddProduct() {
  return (
    <section className="space-y-6">
      <div className="flex items-center gap-3">
        <Link to="/userAdmin/products" className="underline">
          Products
        </Link>
        <span aria-hidden="true">/</span>
        <h1 className="font-bold text-2xl">Add Product</h1>
      </div>
      <ProductForm />
    </section>
  );
}
