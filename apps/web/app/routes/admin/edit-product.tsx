import { decodeId } from '@stashblog/contract/ids';
import type { Product } from '@stashblog/contract/products';
import { specTexts } from '@stashblog/contract/spec-texts';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ProductForm } from '../../features/products/product-form';
import { apiPayload } from '../../lib/api-client';

export const meta = () => [{ title: 'Edit Product | Admin' }];

export default function EditProduct() {
  const { productId = '' } = useParams();
  const id = decodeId(productId);
  const { data, isPending, isError, error } = useQuery({
    queryKey: ['admin-product', id],
    queryFn: () => apiPayload<{ product: Product }>('GET', '/userAdmin/products/fetch', { id }),
    enabled: id !== null,
    staleTime: 0,
  });

  let body: React.ReactNode;
  if (id === null) body = <p role="alert">{specTexts.notFoundTitle}</p>;
  else if (isPending) body = <p className="text-muted">Loading…</p>;
  else if (isError) body = <p role="alert">{error.message}</p>;
  else {
    const p = data.product;
    body = (
      <>
        {p.isBlocked ? (
          <p role="alert" className="rounded bg-red-50 p-3 text-red-800">
            {specTexts.productBlocked}
          </p>
        ) : null}
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
      </>
    );
  }

  return (
    <section className="space-y-6">
      <div className="flex items-center gap-3">
        <Link to="/userAdmin/products" className="underline">
          Products
        </Link>
        <span aria-hidden="true">/</span>
        <h1 className="font-bold text-2xl">Edit Product</h1>
      </div>
      {body}
    </section>
  );
}
