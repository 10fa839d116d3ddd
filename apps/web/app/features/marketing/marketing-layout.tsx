import { specTexts } from '@stashblog/contract/spec-texts';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { LogoutButton } from '../auth/logout-button';
import { type OwnerSession, profileHomeHref, useOwnerSession } from './owner-session';

// SPEC "Navigation": marketing nav Home, Showcases, Support; Login/Logout; signed in: Profile Home, Notifications, Edit Profile.
export const mainLinks = [
  { to: '/home', label: 'Home' },
  { to: '/showcases', label: 'Showcases' },
  { to: '/support', label: 'Support' },
] as const;

// SPEC §2: the footer links /aboutUs, /pricing, /terms&Conditions, /faq (and the other marketing pages).
export const footerGroups = [
  {
    title: 'Product',
    links: [
      { to: '/home', label: 'Home' },
      { to: '/showcases', label: 'Showcases' },
      { to: '/pricing', label: 'Pricing' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/aboutUs', label: 'About Us' },
      { to: '/support', label: 'Support' },
      { to: '/faq', label: 'FAQ' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/terms&Conditions', label: 'Terms & Conditions' },
      { to: '/privacyPolicy', label: 'Privacy Policy' },
    ],
  },
] as const;

const ownerLinks = (session: Extract<OwnerSession, { signedIn: true }>) => {
  const home = profileHomeHref(session.user);
  return [
    ...(home ? [{ to: home, label: 'Profile Home', external: home.startsWith('http') }] : []),
    { to: '/userAdmin/notifications', label: 'Notifications', external: false },
    { to: '/userAdmin/userProfileInfo', label: 'Edit Profile', external: false },
  ];
};

/** The marketing site's frame: nav, page, footer. Server-rendered signed out; the owner's links appear after hydration. */
export function MarketingLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-background text-text">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-background focus:p-2"
      >
        Skip to content
      </a>
      <MarketingHeader />
      <div id="main" className="flex-1">
        {children}
      </div>
      <MarketingFooter />
    </div>
  );
}

export function Brand({ className = '' }: { className?: string }) {
  return (
    <Link to="/home" className={`flex items-center gap-2 font-extrabold text-xl tracking-tight ${className}`}>
      <span aria-hidden="true" className="flex size-9 items-center justify-center rounded-lg bg-indigo-600 text-lg text-white">
        S
      </span>
      StashBlog
    </Link>
  );
}

const navClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 font-medium ${isActive ? 'text-indigo-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'}`;

function MarketingHeader() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const session = useOwnerSession();
  // A new page closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger
  useEffect(() => setOpen(false), [pathname]);

  return (
    <header className="sticky top-0 z-40 border-slate-200 border-b bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4 sm:px-6">
        <Brand />
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {mainLinks.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} className={navClass}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {/* Fixed box from the nav to the right edge: the owner links appear in it without moving anything. */}
        <div className="hidden h-12 flex-1 items-center justify-end lg:flex">
          <AccountLinks session={session} layout="row" />
        </div>
        <button
          type="button"
          className="ml-auto inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-2 font-medium lg:hidden"
          aria-expanded={open}
          aria-controls="marketing-menu"
          onClick={() => setOpen((o) => !o)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
          Menu
        </button>
      </div>
      <div id="marketing-menu" className={`${open ? 'block' : 'hidden'} border-slate-200 border-t bg-white px-4 pb-4 lg:hidden`}>
        <nav aria-label="Main menu">
          <ul className="flex flex-col gap-1 pt-2">
            {mainLinks.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} className={navClass}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-2 border-slate-200 border-t pt-3">
          <AccountLinks session={session} layout="column" />
        </div>
      </div>
    </header>
  );
}

function AccountLinks({ session, layout }: { session: OwnerSession; layout: 'row' | 'column' }) {
  const list = layout === 'row' ? 'flex items-center gap-1' : 'flex flex-col gap-1';
  if (!session.signedIn) {
    // Keyed lists: after hydration the signed-in links are new nodes, not the Login node moved (no layout shift).
    return (
      <ul key="signed-out" className={list}>
        <li>
          <Link
            to="/signIn"
            className="inline-block rounded-md bg-indigo-600 px-4 py-2 font-semibold text-white shadow-sm hover:bg-indigo-700"
          >
            Login
          </Link>
        </li>
      </ul>
    );
  }
  return (
    <ul key="signed-in" className={list}>
      {ownerLinks(session).map((l) => (
        <li key={l.label}>
          {l.external ? (
            <a href={l.to} className={navClass({ isActive: false })}>
              {l.label}
            </a>
          ) : (
            <Link to={l.to} className={navClass({ isActive: false })}>
              {l.label}
            </Link>
          )}
        </li>
      ))}
      <li>
        <LogoutButton className="rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-100 disabled:opacity-60" />
      </li>
    </ul>
  );
}

function MarketingFooter() {
  return (
    <footer className="mt-16 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-10 px-4 py-12 sm:grid-cols-3 sm:px-6 md:grid-cols-[2fr_1fr_1fr_1fr]">
        <div className="col-span-2 sm:col-span-3 md:col-span-1">
          <Brand className="text-white" />
          <p className="mt-4 max-w-sm text-sm leading-6">
            {specTexts.defaultDescription}. Products, catalogues and enquiries of your business on one fast, beautiful site.
          </p>
        </div>
        {footerGroups.map((g) => (
          <nav key={g.title} aria-label={g.title}>
            <h2 className="font-semibold text-sm text-white uppercase tracking-wider">{g.title}</h2>
            <ul className="mt-4 space-y-3 text-sm">
              {g.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="hover:text-white hover:underline">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-slate-800 border-t">
        <p className="mx-auto max-w-7xl px-4 py-6 text-slate-400 text-sm sm:px-6">
          © {new Date().getFullYear()} StashBlog. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
