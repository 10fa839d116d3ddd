import { cataloguePath } from '@stashblog/contract/paths';
import { Link } from 'react-router';
import { MediaImage } from '../../ui/media-image';
import { CatalogueCard } from '../catalogues/catalogue-card';
import { Carousel } from './carousel';
import type { HomeData } from './home.server';
import { homeLimits } from './home-limits';
import { ImageTile } from './image-tile';
import { ProductCard } from './product-card';
import type { Store } from './use-store';

export function StoreHome({ store, home }: { store: Store; home: HomeData }) {
  const sized = homeLimits(store.template1);
  return (
    <main>
      <h1 className="sr-only">{store.displayName}</h1>
      <Banners store={store} banners={home.banners} />
      <div className="mx-auto flex max-w-7xl flex-col gap-10 px-4 pt-8">
        {home.categories.length ? (
          <Block title="Categories">
            <Carousel label="Categories" autoplay loop slideClass={store.template1 ? 'basis-1/4 xl:basis-1/5' : 'basis-1/4 xl:basis-[10%]'}>
              {home.categories.map((c) => (
                <ImageTile
                  key={c.category}
                  to={`${store.path('/products')}?category=${encodeURIComponent(c.category)}`}
                  image={c.image ?? undefined}
                  label={c.category}
                  sizes="(min-width: 1280px) 10vw, 25vw"
                  round
                />
              ))}
            </Carousel>
          </Block>
        ) : null}
        {home.newArrivals.length ? (
          <Block title="New Arrivals">
            <ul className={`grid gap-4 ${store.template1 ? 'grid-cols-2 sm:grid-cols-3 xl:grid-cols-6' : 'sm:grid-cols-2'}`}>
              {home.newArrivals.slice(0, sized.newArrivals).map((p) => (
                <li key={p._id}>
                  <ProductCard
                    product={p}
                    wide={!store.template1}
                    onOwnDomain={store.onOwnDomain}
                    template1={store.template1}
                    sizes={store.template1 ? '(min-width: 1280px) 16vw, 50vw' : '50vw'}
                  />
                </li>
              ))}
            </ul>
          </Block>
        ) : null}
        {home.topProducts.length ? (
          <Block title="Top Products" more={{ to: store.path('/products'), label: 'View all products' }}>
            <Carousel
              label="Top Products"
              byView
              slideClass={store.template1 ? 'basis-1/2 sm:basis-1/3 lg:basis-1/6' : 'basis-1/2 sm:basis-1/3 lg:basis-1/4'}
            >
              {home.topProducts.map((p, i) => (
                // The first view's cards load at once: lazy ones inside the carousel stayed grey until scrolled.
                <ProductCard
                  key={p._id}
                  product={p}
                  onOwnDomain={store.onOwnDomain}
                  template1={store.template1}
                  eager={i < sized.topProductsPerPage}
                />
              ))}
            </Carousel>
          </Block>
        ) : (
          <p className="py-12 text-center text-muted">No products yet.</p>
        )}
        {home.catalogues.length ? (
          <Block title="Catalogues" more={{ to: store.path('/catalogues'), label: 'View all catalogues' }}>
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {home.catalogues.map((c) => (
                <li key={c._id}>
                  <CatalogueCard
                    catalogue={c}
                    href={cataloguePath(c.businessName, c._id, store.onOwnDomain)}
                    template={store.profile.template}
                  />
                </li>
              ))}
            </ul>
          </Block>
        ) : null}
      </div>
    </main>
  );
}

function Block({ title, more, children }: { title: string; more?: { to: string; label: string }; children: React.ReactNode }) {
  const id = `${title.toLowerCase().replace(/\s+/g, '-')}-heading`;
  return (
    <section aria-labelledby={id}>
      <div className="mb-4 flex items-baseline justify-between gap-3">
        <h2 id={id} className="font-bold text-xl sm:text-2xl">
          {title}
        </h2>
        {more ? (
          <Link to={more.to} className="font-medium text-primary text-sm underline underline-offset-2">
            {more.label}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

function Banners({ store, banners }: { store: Store; banners: string[] }) {
  if (!banners.length) {
    return (
      <div className="bg-primary px-4 py-16 text-center text-on-primary">
        <p className="font-bold text-3xl">{store.displayName}</p>
        {store.profile.description ? <p className="mx-auto mt-3 line-clamp-3 max-w-2xl">{store.profile.description}</p> : null}
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-7xl sm:px-4 sm:pt-4">
      <Carousel label="Banners" autoplay loop overlayArrows slideClass="basis-full">
        {banners.map((src, i) => (
          <div key={src} className="aspect-video overflow-hidden bg-surface sm:rounded-lg">
            <MediaImage
              src={src}
              alt={i === 0 ? `${store.displayName} banner` : ''}
              width={1280}
              height={720}
              sizes="(min-width: 1280px) 1248px, 100vw"
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : undefined}
              className="h-full w-full object-cover"
            />
          </div>
        ))}
      </Carousel>
    </div>
  );
}
