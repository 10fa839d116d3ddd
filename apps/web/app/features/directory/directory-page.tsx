import type { Catalogue } from '@stashblog/contract/catalogues';
import { endpoints } from '@stashblog/contract/endpoints';
import { cataloguePath } from '@stashblog/contract/paths';
import type { Product } from '@stashblog/contract/products';
import type { UserProfile } from '@stashblog/contract/users';
import { CatalogueCard } from '../catalogues/catalogue-card';
import { PageHero, Section } from '../marketing/section';
import { ProductCard } from '../store/product-card';
import type { DirectoryData } from './directory.server';
import { DirectorySection, type DirectorySectionProps } from './directory-section';
import { type DirectorySectionId, directorySectionIds, directorySizes as size } from './directory-sizes';
import { ProfileCard } from './profile-card';

const productGrid = 'grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4';
const promotedGrid = 'grid grid-cols-2 gap-4 sm:grid-cols-3';
// SPEC §9: profiles in groups of 4.
const profileGrid = 'grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-4';

// What each section lists (`noun`, in its search box and its empty state).
const sections: Record<DirectorySectionId, { title: string; noun: string; subtitle?: string }> = {
  'promoted-products': { title: 'Promoted Products', noun: 'promoted products' },
  products: { title: 'Products', noun: 'products' },
  'promoted-catalogues': { title: 'Promoted Catalogues', noun: 'promoted catalogues' },
  catalogues: { title: 'Catalogues', noun: 'catalogues' },
  'promoted-profiles': { title: 'Promoted Profiles', noun: 'promoted profiles', subtitle: 'Prime businesses on StashBlog' },
  profiles: { title: 'User Profiles', noun: 'profiles' },
};

type List<T, F extends string> = Record<F, T[]> & { count: number; countCapped?: boolean };
/**
 * A promoted section and the ordinary one after it (`ids`): the call that pages both (items under
 * `field`), its arguments for the promoted one, their cards, and of each its page size, its grid and
 * the page the server rendered (`lists`).
 */
type Pair<T, F extends string> = Pick<DirectorySectionProps<T>, 'endpoint' | 'keyOf' | 'render'> & {
  ids: [DirectorySectionId, DirectorySectionId];
  field: F;
  promotedArgs: Record<string, unknown>;
  perPage: [number, number];
  grids: [string, string];
  lists: (data: DirectoryData) => [List<T, F>, List<T, F>];
};

const products: Pair<Product, 'products'> = {
  ids: ['promoted-products', 'products'],
  endpoint: endpoints.publicProducts.fetchAllUsers,
  field: 'products',
  promotedArgs: { isPromoted: true },
  render: (p, i) => <ProductCard product={p} onOwnDomain={false} template1={false} eager={i < 2} />,
  keyOf: (p) => p._id,
  perPage: [size.promotedProducts, size.products],
  grids: ['grid grid-cols-2 gap-4', productGrid],
  lists: (d) => [d.promotedProducts, d.products],
};
const catalogues: Pair<Catalogue, 'catalogues'> = {
  ids: ['promoted-catalogues', 'catalogues'],
  endpoint: endpoints.publicCatalogues.fetchAllUsers,
  field: 'catalogues',
  promotedArgs: { isPromoted: true },
  render: (c) => <CatalogueCard catalogue={c} href={cataloguePath(c.businessName, c._id)} />,
  keyOf: (c) => c._id,
  perPage: [size.promotedCatalogues, size.catalogues],
  grids: [promotedGrid, productGrid],
  lists: (d) => [d.promotedCatalogues, d.catalogues],
};
const profiles: Pair<UserProfile, 'userProfiles'> = {
  ids: ['promoted-profiles', 'profiles'],
  endpoint: endpoints.publicUser.fetchAll,
  field: 'userProfiles',
  promotedArgs: { isPrimeUser: true },
  render: (u) => <ProfileCard profile={u} />,
  keyOf: (u) => u.businessName,
  perPage: [size.promotedProfiles, size.profiles],
  grids: [profileGrid, profileGrid],
  lists: (d) => [d.promotedProfiles, d.profiles],
};

/**
 * The two sections of a pair, each with its own search and pages. Each is keyed by the page the server
 * rendered: new loader data (a link followed, the nav) restarts it there.
 */
function SectionPair<T, F extends string>({ pair, data }: { pair: Pair<T, F>; data: DirectoryData }) {
  const lists = pair.lists(data);
  return pair.ids.map((id, i) => {
    const { title, noun, subtitle } = sections[id];
    return (
      <DirectorySection<T>
        key={`${id}:${data.pages[id]}`}
        id={id}
        firstPage={data.pages[id]}
        title={title}
        subtitle={subtitle}
        endpoint={pair.endpoint}
        field={pair.field}
        args={i === 0 ? pair.promotedArgs : {}}
        perPage={pair.perPage[i]}
        first={{ items: lists[i][pair.field], count: lists[i].count, countCapped: lists[i].countCapped }}
        keyOf={pair.keyOf}
        render={pair.render}
        gridClass={pair.grids[i]}
        empty={`No ${noun} yet.`}
        searchLabel={`Search ${noun}`}
      />
    );
  });
}

/** SPEC Directory (/showcases): promoted and ordinary products, catalogues and profiles across businesses. */
export function DirectoryPage({ data }: { data: DirectoryData }) {
  return (
    <main>
      <PageHero title="Showcases" text="Products, catalogues and businesses from every StashBlog storefront.">
        <nav aria-label="Sections" className="mt-8 flex flex-wrap justify-center gap-2">
          {directorySectionIds.map((id) => (
            <a
              key={id}
              href={`#${id}`}
              className="rounded-full border border-slate-300 bg-white px-4 py-1.5 font-medium text-slate-700 text-sm hover:border-indigo-400 hover:text-indigo-700"
            >
              {sections[id].title}
            </a>
          ))}
        </nav>
      </PageHero>
      <Section tone="white">
        <div className="grid gap-16 lg:grid-cols-[1fr_2fr]">
          <SectionPair pair={products} data={data} />
        </div>
      </Section>
      <Section tone="tint">
        <div className="grid gap-16">
          <SectionPair pair={catalogues} data={data} />
        </div>
      </Section>
      <Section tone="white">
        <div className="grid gap-16">
          <SectionPair pair={profiles} data={data} />
        </div>
      </Section>
    </main>
  );
}
