import { endpoints } from '@stashblog/contract/endpoints';
import { productPath, storePath } from '@stashblog/contract/paths';
import type { Product } from '@stashblog/contract/products';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api-client';
import { formatDate, formatNumber, formatRupees } from '../../speed/format';
import { SendQueryButton } from '../leads/send-query-button';
import { ProductGallery } from './product-gallery';
import { ShareOnWhatsApp } from './share-on-whatsapp';
import { SuggestionGroups } from './suggestion-groups';
import { useStore } from './use-store';

type Props = {
  product: Product;
  suggestions: Product[];
  onOwnDomain: boolean;
  /** Opened through a private link: the link counts its own visits, and queries carry it. */
  privateLink?: string;
  /** The owner's preview of a private product: no visit counted, no query form (visitors cannot see it). */
  preview?: boolean;
};

export function ProductDetails({ product, suggestions, onOwnDomain, privateLink, preview = false }: Props) {
  // A view is counted from the browser, so crawlers that do not run scripts are not counted.
  useEffect(() => {
    if (privateLink !== undefined || preview) return;
    void api(endpoints.publicProducts.visits, { id: product._id, businessName: product.businessName });
  }, [product._id, product.businessName, privateLink, preview]);

  const seller = useStore().displayName;
  const { template1 } = useStore();
  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      <div className="grid gap-8 lg:grid-cols-2">
        <ProductGallery images={product.images} name={product.productName} />
        <div className="flex min-w-0 flex-col gap-4">
          <h1 className="break-words font-bold text-2xl sm:text-3xl">{product.productName}</h1>
          {product.tags.length ? (
            <ul className="flex flex-wrap gap-2" aria-label="Tags">
              {product.tags.map((t) => (
                <li key={t} className="rounded-full bg-surface px-3 py-1 text-sm">
                  #{t}
                </li>
              ))}
            </ul>
          ) : null}
          <dl className="grid grid-cols-[auto_1fr] items-baseline gap-x-4 gap-y-2 text-sm sm:text-base">
            {product.category ? <Row label="Category" value={<span className="capitalize">{product.category}</span>} /> : null}
            {product.itemNo ? <Row label="Item No." value={product.itemNo} /> : null}
            {product.pricePerUnit !== null ? (
              <Row label="Price per unit" value={<span className="font-semibold text-lg">{formatRupees(product.pricePerUnit)}</span>} />
            ) : null}
            {product.totalUnits !== null ? <Row label="Total units" value={formatNumber(product.totalUnits)} /> : null}
            <Row
              label="Seller"
              value={
                <Link to={storePath(product.businessName, '/home', onOwnDomain)} className="underline">
                  {seller}
                </Link>
              }
            />
            {product.link ? (
              <Row
                label="Link"
                value={
                  <a href={product.link} target="_blank" rel="noopener noreferrer nofollow" className="break-all underline">
                    {product.link}
                  </a>
                }
              />
            ) : null}
            <Row label="Listed on" value={<time dateTime={product.createdAt}>{formatDate(product.createdAt)}</time>} />
          </dl>
          {preview ? null : (
            <div className="flex flex-wrap items-center gap-3">
              <SendQueryButton
                productId={product._id}
                productName={product.productName}
                businessName={product.businessName}
                privateLink={privateLink}
              />
              {/* A private link is the owner's to hand out: its page offers no sharing. */}
              {privateLink === undefined ? (
                <ShareOnWhatsApp name={product.productName} path={productPath(product.businessName, product._id, onOwnDomain)} />
              ) : null}
            </div>
          )}
          <section aria-labelledby="description-heading">
            <h2 id="description-heading" className="mb-2 font-semibold text-lg">
              Description
            </h2>
            <p className="whitespace-pre-line break-words text-muted">{product.description}</p>
          </section>
          <TextList heading="Specifications" items={product.specifications} />
          <TextList heading="Disclaimer" items={product.disclaimer} />
        </div>
      </div>
      {suggestions.length ? <SuggestionGroups products={suggestions} onOwnDomain={onOwnDomain} template1={template1} /> : null}
    </main>
  );
}

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0">{value}</dd>
    </>
  );
}

function TextList({ heading, items }: { heading: string; items: string[] }) {
  if (!items.length) return null;
  return (
    <section>
      <h2 className="mb-2 font-semibold text-lg">{heading}</h2>
      <ul className="list-disc space-y-1 pl-5 text-muted">
        {items.map((i) => (
          <li key={i} className="break-words">
            {i}
          </li>
        ))}
      </ul>
    </section>
  );
}
