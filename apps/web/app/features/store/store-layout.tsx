import { endpoints } from '@stashblog/contract/endpoints';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useSearchParams } from 'react-router';
import { api } from '../../lib/api-client';
import { MediaImage } from '../../ui/media-image';
import { useOwnerSession } from '../marketing/owner-session';
import { SearchBox } from '../search/search-box';
import { SocialLinks } from './social-links';
import type { Store } from './use-store';

// Only a signed-in owner sees Logout (after hydration: the token is in localStorage), so visitors never
// load it or its confirm dialog.
const LogoutButton = lazy(() => import('../auth/logout-button').then((m) => ({ default: m.LogoutButton })));

/** Business nav, logo and footer around every storefront page; the theme is inline CSS variables, so SSR has no flash. */
export function StoreLayout({ store }: { store: Store }) {
  const { profile } = store;
  const { pathname } = useLocation();
  // One profile visit per page view (each path), counted from the browser (crawlers without scripts are not counted).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is a new page view
  useEffect(() => {
    void api(endpoints.publicUser.visits, { businessName: profile.businessName });
  }, [pathname, profile.businessName]);

  return (
    <div
      style={store.themeStyle as React.CSSProperties}
      data-theme={profile.theme || 'default'}
      data-template={profile.template || 'base'}
      className="flex min-h-screen flex-col bg-background text-text"
    >
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:bg-background focus:p-2"
      >
        Skip to content
      </a>
      <StoreHeader store={store} />
      <div id="main" className="flex-1">
        <Outlet />
      </div>
      <StoreFooter store={store} />
    </div>
  );
}

const ownerLinks = [
  { to: '/userAdmin/notifications', label: 'Notifications' },
  { to: '/userAdmin/userProfileInfo', label: 'Edit Profile' },
];

function navItems(store: Store) {
  return [
    { to: store.path('/home'), label: 'Home' },
    { to: store.path('/products'), label: 'Products' },
    ...(store.profile.totalCatalogues > 0 ? [{ to: store.path('/catalogues'), label: 'Catalogues' }] : []),
    { to: store.path('/aboutus'), label: 'About Us' },
    { to: store.path('/contactus'), label: 'Contact Us' },
  ];
}

function Brand({ store, large }: { store: Store; large?: boolean }) {
  const size = large ? 56 : 40;
  return (
    // Shrinks (name cut with an ellipsis) beside the phone's Menu button rather than pushing it to a row of its own.
    <Link to={store.path('/home')} className="flex min-w-0 flex-1 items-center gap-3 md:flex-none">
      {store.profile.logo ? (
        <MediaImage
          src={store.profile.logo}
          alt=""
          width={size}
          height={size}
          sizes={`${size}px`}
          loading="eager"
          className="shrink-0 rounded-full bg-surface object-cover"
          style={{ width: size, height: size }}
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex shrink-0 items-center justify-center rounded-full bg-primary font-bold text-on-primary uppercase"
          style={{ width: size, height: size }}
        >
          {store.displayName.slice(0, 1)}
        </span>
      )}
      <span className={`truncate font-bold ${large ? 'text-xl md:text-2xl' : 'text-lg'}`}>{store.displayName}</span>
    </Link>
  );
}

function StoreHeader({ store }: { store: Store }) {
  const [open, setOpen] = useState(false);
  const session = useOwnerSession();
  // On the search page the header's box shows the term too, found or not (issue 22).
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const term = pathname === store.path('/search') ? (params.get('searchQuery') ?? '') : '';
  const items = navItems(store);
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `block rounded px-3 py-2 font-medium ${isActive ? 'bg-primary text-on-primary' : 'hover:bg-surface'}`;
  const list = (
    <ul className="flex flex-col gap-1 md:flex-row md:items-center md:gap-1">
      {items.map((i) => (
        <li key={i.label}>
          <NavLink to={i.to} className={linkClass} onClick={() => setOpen(false)}>
            {i.label}
          </NavLink>
        </li>
      ))}
      {session.signedIn ? (
        // SPEC business nav for a signed-in owner. The server renders the signed-out nav (the token is in
        // localStorage, and the page may come from the public cache); these replace Login after hydration.
        <>
          {ownerLinks.map((l) => (
            <li key={l.label}>
              <Link to={l.to} className="block rounded px-3 py-2 font-medium hover:bg-surface" onClick={() => setOpen(false)}>
                {l.label}
              </Link>
            </li>
          ))}
          <li>
            <Suspense fallback={null}>
              <LogoutButton className="block w-full rounded border border-current px-3 py-2 text-left font-medium hover:bg-surface disabled:opacity-60" />
            </Suspense>
          </li>
        </>
      ) : (
        <li>
          <Link to="/signIn" className="block rounded border border-current px-3 py-2 font-medium hover:bg-surface">
            Login
          </Link>
        </li>
      )}
    </ul>
  );
  return (
    <header className={store.template1 ? 'border-primary border-b-4 bg-surface' : 'border-text/10 border-b bg-background'}>
      <div
        className={`mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 ${store.template1 ? 'md:flex-col md:py-5' : ''}`}
      >
        <Brand store={store} large={store.template1} />
        <button
          type="button"
          className={`flex shrink-0 items-center gap-2 rounded border px-3 py-2 md:hidden ${open ? 'border-primary bg-primary text-on-primary' : 'border-current'}`}
          aria-expanded={open}
          aria-controls="store-nav"
          onClick={() => setOpen((o) => !o)}
        >
          <MenuIcon open={open} />
          Menu
        </button>
        {/* Wide enough for the whole placeholder beside the voice and search buttons (issue 22). */}
        <div className={`hidden md:block ${store.template1 ? 'md:w-96' : 'md:min-w-56 md:max-w-sm md:flex-1'}`} data-nav-search="desktop">
          <SearchBox action={store.path('/search')} businessName={store.profile.businessName} initial={term} />
        </div>
        <nav id="store-nav" aria-label="Business" className={`${open ? 'block' : 'hidden'} w-full md:block md:w-auto`}>
          <div className="mb-2 md:hidden" data-nav-search="mobile">
            {open ? (
              <SearchBox
                action={store.path('/search')}
                businessName={store.profile.businessName}
                initial={term}
                onSearch={() => setOpen(false)}
              />
            ) : null}
          </div>
          {list}
        </nav>
      </div>
    </header>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d={open ? 'M6 6l12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16'} />
    </svg>
  );
}

function StoreFooter({ store }: { store: Store }) {
  const { profile } = store;
  return (
    <footer className={`mt-12 ${store.template1 ? 'bg-primary text-on-primary' : 'border-text/10 border-t bg-surface'}`}>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 sm:grid-cols-2 lg:grid-cols-3">
        <div>
          <p className="font-bold text-lg">{store.displayName}</p>
          {profile.address ? <p className="mt-2 whitespace-pre-line text-sm opacity-90">{profile.address}</p> : null}
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-2 text-sm">
            {navItems(store).map((i) => (
              <li key={i.label}>
                <Link to={i.to} className="underline-offset-2 hover:underline">
                  {i.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <SocialLinks profile={profile} />
      </div>
      <p className="pb-6 text-center text-sm opacity-90">
        © {new Date().getFullYear()} <span>{store.displayName}</span> · Powered by{' '}
        <a href="/home" className="underline">
          StashBlog
        </a>
      </p>
    </footer>
  );
}
