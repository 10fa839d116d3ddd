import type { Catalogue } from '@stashblog/contract/catalogues';
import { endpoints } from '@stashblog/contract/endpoints';
import { limits } from '@stashblog/contract/limits';
import { cataloguePath } from '@stashblog/contract/paths';
import type { Product } from '@stashblog/contract/products';
import { defaultSort, type SortOption } from '@stashblog/contract/sort-options';
import { specTexts } from '@stashblog/contract/spec-texts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { api } from '../../lib/api-client';
import { SortSelect } from '../../ui/sort-select';
import { preloadQueryForm, QueryForm } from '../leads/query-form-lazy';
import { ShareOnWhatsApp } from '../store/share-on-whatsapp';
import { BannerCarousel } from './banner-carousel';
import { CatalogueProductCard } from './catalogue-product-card';
import { CatalogueProducts, type CatalogueProductsState, preloadCatalogueProducts, useLoadMoreSentinel } from './catalogue-products';
import { canSendQuery, type Selection, useSelection } from './selection';

// Fetched when a visitor first opens a quick view or points at a View button (decision 051).
const loadQuickView = () => import('./product-quick-view');
const ProductQuickView = lazy(() => loadQuickView().then((m) => ({ default: m.ProductQuickView })));

type Props = {
  catalogue: Catalogue;
  products: Product[];
  count: number;
  onOwnDomain: boolean;
  /** Opened through a private link: `products` is the whole catalogue, and queries carry the link. */
  privateLink?: string;
};

/** SPEC "Public catalogue page": banner, heading, sort, Select mode with Send Query, infinite grid, quick view, FAQ. */
export function CatalogueView({ catalogue, products: firstProducts, count: firstCount, onOwnDomain, privateLink }: Props) {
  const [sort, setSort] = useState<SortOption>(defaultSort);
  const [selection, dispatch] = useSelection();
  const [viewing, setViewing] = useState<Product | null>(null);
  const [querying, setQuerying] = useState(false);

  // A view is counted from the browser, so crawlers that do not run scripts are not counted.
  // (A private link counts its own visits.)
  useEffect(() => {
    if (privateLink !== undefined) return;
    void api(endpoints.publicCatalogues.visits, { id: catalogue._id, businessName: catalogue.businessName });
  }, [catalogue._id, catalogue.businessName, privateLink]);

  const selected = selection.selected;
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6">
      <BannerCarousel images={catalogue.images} name={catalogue.catalogueName} />
      <div className="flex flex-col gap-2">
        <h1 className="break-words font-bold text-2xl sm:text-3xl">{catalogue.catalogueName}</h1>
        {catalogue.description ? <p className="whitespace-pre-line break-words text-muted">{catalogue.description}</p> : null}
        {/* A private link is the owner's to hand out: its page offers no sharing. */}
        {privateLink === undefined ? (
          <div>
            <ShareOnWhatsApp name={catalogue.catalogueName} path={cataloguePath(catalogue.businessName, catalogue._id, onOwnDomain)} />
          </div>
        ) : null}
      </div>
      <div className="sticky top-0 z-10 -mx-4 flex flex-wrap items-center justify-between gap-3 border-black/10 border-b bg-background/95 px-4 py-3 backdrop-blur">
        <SortSelect value={sort} onChange={setSort} onPoint={preloadCatalogueProducts} />
        <div className="flex flex-wrap items-center gap-2">
          {selection.selecting ? <span className="text-muted text-sm">{selected.length} selected</span> : null}
          <button
            type="button"
            onClick={() => dispatch({ type: 'toggleMode' })}
            aria-pressed={selection.selecting}
            className="rounded border border-primary px-4 py-2 text-sm"
          >
            {selection.selecting ? 'Deselect all' : 'Select'}
          </button>
          {canSendQuery(selection) ? (
            <button
              type="button"
              onClick={() => setQuerying(true)}
              onPointerEnter={preloadQueryForm}
              onFocus={preloadQueryForm}
              className="rounded bg-primary px-4 py-2 text-on-primary text-sm"
            >
              Send Query
            </button>
          ) : null}
        </div>
      </div>
      <CatalogueProducts
        id={catalogue._id}
        businessName={catalogue.businessName}
        sort={sort}
        first={{ products: firstProducts, count: firstCount }}
        local={privateLink !== undefined}
      >
        {(state) => (
          <ProductGrid state={state} selection={selection} onToggle={(id) => dispatch({ type: 'toggle', id })} onView={setViewing} />
        )}
      </CatalogueProducts>
      <section aria-labelledby="faq-heading" className="mt-6 rounded-lg bg-surface p-6">
        <h2 id="faq-heading" className="mb-3 font-semibold text-xl">
          {specTexts.faqHeading}
        </h2>
        <p className="text-muted">{specTexts.faqEmpty}</p>
      </section>
      {viewing ? (
        <Suspense fallback={null}>
          <ProductQuickView product={viewing} onOwnDomain={onOwnDomain} onClose={() => setViewing(null)} />
        </Suspense>
      ) : null}
      {querying ? (
        <QueryForm
          target={{ kind: 'catalogue', catalogueId: catalogue._id, products: selected, privateLink }}
          businessName={catalogue.businessName}
          subject={`${catalogue.catalogueName} (${selected.length} ${selected.length === 1 ? 'product' : 'products'})`}
          onClose={() => setQuerying(false)}
          onSent={() => dispatch({ type: 'clear' })}
        />
      ) : null}
    </main>
  );
}

type GridProps = {
  state: CatalogueProductsState;
  selection: Selection;
  onToggle: (id: string) => void;
  onView: (product: Product) => void;
};

/** SPEC §9 grid with infinite scroll, and what it says while it loads. */
function ProductGrid({ state, selection, onToggle, onView }: GridProps) {
  const { products, count, sized, hasNextPage, isFetchingNextPage, isPending, error, fetchNextPage } = state;
  // Not before the page size is known: a scroll before hydration would fetch a wide page on a phone.
  const sentinel = useLoadMoreSentinel(
    () => {
      if (hasNextPage && !isFetchingNextPage) fetchNextPage();
    },
    sized && hasNextPage && !isFetchingNextPage,
  );
  return (
    <>
      {error ? (
        <p role="alert" className="rounded bg-surface p-6 text-center">
          {error.message}
        </p>
      ) : isPending ? (
        <p className="p-6 text-center text-muted" role="status">
          Loading…
        </p>
      ) : products.length === 0 ? (
        <p className="rounded bg-surface p-10 text-center">No products in this catalogue yet.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5" aria-label="Catalogue products">
          {products.map((p, i) => (
            <li key={p._id} className={!sized && i >= limits.publicCataloguePageNarrow ? 'max-xl:hidden' : undefined}>
              <CatalogueProductCard
                product={p}
                eager={i < 5}
                selecting={selection.selecting}
                selected={selection.selected.includes(p._id)}
                onToggle={onToggle}
                onView={onView}
                onPointView={preloadQuickView}
              />
            </li>
          ))}
        </ul>
      )}
      <div ref={sentinel} aria-hidden="true" />
      {isFetchingNextPage ? (
        <p className="text-center text-muted text-sm" role="status">
          Loading more…
        </p>
      ) : null}
      {!hasNextPage && products.length > 0 && count > 0 ? (
        <p className="text-center text-muted text-sm">
          Showing all {count} {count === 1 ? 'product' : 'products'}
        </p>
      ) : null}
    </>
  );
}

function preloadQuickView() {
  void loadQuickView();
}
