import { endpoints } from '@stashblog/contract/endpoints';
import { decodeId } from '@stashblog/contract/ids';
import type { Product } from '@stashblog/contract/products';
import { specTexts } from '@stashblog/contract/spec-texts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { apiPayload } from '../../lib/api-client';
import { NotFound } from '../../ui/not-found';
import { QueryProvider } from '../../ui/query-provider';
import { useOwnerSession } from '../marketing/owner-session';
import { ProductDetails } from './product-details';
import { useStore } from './use-store';

// 'View Product' on a private product: the server answers 404 to everyone (the page may be cached
// and never knows who is signed in: the token is in localStorage). In the owner's browser the 404
// turns into a preview fetched with the owner's token through the admin API, which the public cache
// never stores (it skips any request with an authorization header). Everyone else keeps the 404.
export function PrivateProductPreview() {
  return (
    <QueryProvider>
      <OwnerPreview />
    </QueryProvider>
  );
}

function OwnerPreview() {
  const { productId = '' } = useParams();
  const store = useStore();
  const session = useOwnerSession();
  const id = decodeId(productId);
  const ownStore = session.signedIn && (session.user?.businessName ?? store.profile.businessName) === store.profile.businessName;
  const { data, isPending, isError } = useQuery({
    queryKey: ['owner-preview-product', id],
    queryFn: () => apiPayload(endpoints.userAdminProducts.fetch, { id: id ?? '' }),
    enabled: ownStore && id !== null,
    retry: false,
  });
  if (!ownStore || id === null || isError) return <NotFound />;
  if (isPending) return <p className="p-8 text-center text-muted">Loading…</p>;
  return <Preview product={data.product} onOwnDomain={store.onOwnDomain} />;
}

// The route's meta already says noindex and 'Page Not Found' (it sees no loader data); only the tab title changes here.
function Preview({ product, onOwnDomain }: { product: Product; onOwnDomain: boolean }) {
  const store = useStore();
  const title = `${product.productName} | ${store.displayName} (${specTexts.privatePreviewTitle})`;
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
  return (
    <>
      <PreviewBanner />
      <ProductDetails product={product} suggestions={[]} onOwnDomain={onOwnDomain} preview />
    </>
  );
}

function PreviewBanner() {
  return (
    <p role="status" className="border-amber-300 border-b bg-amber-100 px-4 py-3 text-center font-semibold text-amber-950">
      {specTexts.privatePreview}
    </p>
  );
}
