import type { Catalogue } from '@stashblog/contract/catalogues';
import { endpoints } from '@stashblog/contract/endpoints';
import { cataloguePath } from '@stashblog/contract/paths';
import type { Product } from '@stashblog/contract/products';
import type { UserProfile } from '@stashblog/contract/users';
import { CatalogueCard } from '../catalogues/catalogue-card';
import { PageHero, Section } from '../marketing/section';
import { ProductCard } from '../store/product-card';
import type { DirectoryData } from './directory.server';
import { DirectorySection } from './directory-section';
import { directorySizes as size } from './directory-sizes';
import { ProfileCard } from './profile-card';

const productGrid = 'grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4';
const promotedGrid = 'grid grid-cols-2 gap-4 sm:grid-cols-3';
// SPEC §9: profiles in groups of 4.
const profileGrid = 'grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-4';

const product = (p: Product, i: number) => <ProductCard product={p} onOwnDomain={false} template1={false} eager={i < 2} />;
const catalogue = (c: Catalogue) => <CatalogueCard catalogue={c} href={cataloguePath(c.businessName, c._id)} />;
const profile = (u: UserProfile) => <ProfileCard profile={u} />;

const sections = [
  { id: 'promoted-products', title: 'Promoted Products' },
  { id: 'products', title: 'Products' },
  { id: 'promoted-catalogues', title: 'Promoted Catalogues' },
  { id: 'catalogues', title: 'Catalogues' },
  { id: 'promoted-profiles', title: 'Promoted Profiles' },
  { id: 'profiles', title: 'User Profiles' },
];

/**
 * SPEC Directory (/showcases): promoted and ordinary products, catalogues and profiles across businesses.
 * Each section is keyed by the page the server rendered: new loader data (a link followed, the nav)
 * restarts it there.
 */
export function DirectoryPage({ data }: { data: DirectoryData }) {
  return (
    <main>
      <PageHero title="Showcases" text="Products, catalogues and businesses from every StashBlog storefront.">
        <nav aria-label="Sections" className="mt-8 flex flex-wrap justify-center gap-2">
          {sections.map((s) => (
            <a
              key={s.id}
              href={`#${s.id}`}
              className="rounded-full border border-slate-300 bg-white px-4 py-1.5 font-medium text-slate-700 text-sm hover:border-indigo-400 hover:text-indigo-700"
            >
              {s.title}
            </a>
          ))}
        </nav>
      </PageHero>
      <Section tone="white">
        <div className="grid gap-16 lg:grid-cols-[1fr_2fr]">
          <DirectorySection<Product>
            id="promoted-products"
            firstPage={data.pages['promoted-products']}
            key={data.pages['promoted-products']}
            title="Promoted Products"
            endpoint={endpoints.publicProducts.fetchAllUsers}
            field="products"
            args={{ isPromoted: true }}
            perPage={size.promotedProducts}
            first={{ items: data.promotedProducts.products, count: data.promotedProducts.count }}
            keyOf={(p) => p._id}
            render={product}
            gridClass="grid grid-cols-2 gap-4"
            empty="No promoted products yet."
            searchLabel="Search promoted products"
          />
          <DirectorySection<Product>
            id="products"
            firstPage={data.pages.products}
            key={data.pages.products}
            title="Products"
            endpoint={endpoints.publicProducts.fetchAllUsers}
            field="products"
            args={{}}
            perPage={size.products}
            first={{ items: data.products.products, count: data.products.count }}
            keyOf={(p) => p._id}
            render={product}
            gridClass={productGrid}
            empty="No products yet."
            searchLabel="Search products"
          />
        </div>
      </Section>
      <Section tone="tint">
        <div className="grid gap-16">
          <DirectorySection<Catalogue>
            id="promoted-catalogues"
            firstPage={data.pages['promoted-catalogues']}
            key={data.pages['promoted-catalogues']}
            title="Promoted Catalogues"
            endpoint={endpoints.publicCatalogues.fetchAllUsers}
            field="catalogues"
            args={{ isPromoted: true }}
            perPage={size.promotedCatalogues}
            first={{ items: data.promotedCatalogues.catalogues, count: data.promotedCatalogues.count }}
            keyOf={(c) => c._id}
            render={catalogue}
            gridClass={promotedGrid}
            empty="No promoted catalogues yet."
            searchLabel="Search promoted catalogues"
          />
          <DirectorySection<Catalogue>
            id="catalogues"
            firstPage={data.pages.catalogues}
            key={data.pages.catalogues}
            title="Catalogues"
            endpoint={endpoints.publicCatalogues.fetchAllUsers}
            field="catalogues"
            args={{}}
            perPage={size.catalogues}
            first={{ items: data.catalogues.catalogues, count: data.catalogues.count }}
            keyOf={(c) => c._id}
            render={catalogue}
            gridClass={productGrid}
            empty="No catalogues yet."
            searchLabel="Search catalogues"
          />
        </div>
      </Section>
      <Section tone="white">
        <div className="grid gap-16">
          <DirectorySection<UserProfile>
            id="promoted-profiles"
            firstPage={data.pages['promoted-profiles']}
            key={data.pages['promoted-profiles']}
            title="Promoted Profiles"
            subtitle="Prime businesses on StashBlog"
            endpoint={endpoints.publicUser.fetchAll}
            field="userProfiles"
            args={{ isPrimeUser: true }}
            perPage={size.promotedProfiles}
            first={{ items: data.promotedProfiles.userProfiles, count: data.promotedProfiles.count }}
            keyOf={(u) => u.businessName}
            render={profile}
            gridClass={profileGrid}
            empty="No promoted profiles yet."
            searchLabel="Search promoted profiles"
          />
          <DirectorySection<UserProfile>
            id="profiles"
            firstPage={data.pages.profiles}
            key={data.pages.profiles}
            title="User Profiles"
            endpoint={endpoints.publicUser.fetchAll}
            field="userProfiles"
            args={{}}
            perPage={size.profiles}
            first={{ items: data.profiles.userProfiles, count: data.profiles.count }}
            keyOf={(u) => u.businessName}
            render={profile}
            gridClass={profileGrid}
            empty="No profiles yet."
            searchLabel="Search profiles"
          />
        </div>
      </Section>
    </main>
  );
}
