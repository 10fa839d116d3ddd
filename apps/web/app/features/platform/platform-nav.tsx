import { endpoints } from '@stashblog/contract/endpoints';
import type { PlatformAdmin } from '@stashblog/contract/platform';
import { useState } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { clearPlatformToken, platformApi } from './platform-api';
import { forgetPlatformAdmin } from './platform-guard';

const items = [
  { to: '/platform', label: 'Businesses', end: true },
  { to: '/platform/products', label: 'Products' },
  { to: '/platform/catalogues', label: 'Catalogues' },
  { to: '/platform/mail', label: 'Mail' },
  { to: '/platform/audit', label: 'Audit log' },
];

export function PlatformNav({ admin }: { admin: PlatformAdmin }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  async function signOut() {
    await platformApi(endpoints.platform.logOut);
    clearPlatformToken();
    forgetPlatformAdmin();
    navigate('/platform/signIn', { replace: true });
  }
  return (
    <header className="sticky top-0 z-30 bg-neutral-900 text-white">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <div className="min-w-0">
          <span className="font-semibold">StashBlog platform</span>
          <span className="ml-2 hidden truncate text-sm text-white/70 sm:inline">{admin.email}</span>
        </div>
        <button
          type="button"
          className="rounded border border-current px-3 py-1 lg:hidden"
          aria-expanded={open}
          aria-controls="platform-nav"
          onClick={() => setOpen((o) => !o)}
        >
          Menu
        </button>
        <nav
          id="platform-nav"
          aria-label="Platform"
          className={`${open ? 'block' : 'hidden'} absolute inset-x-0 top-full bg-neutral-900 lg:static lg:block`}
        >
          <ul className="flex flex-col gap-1 p-2 lg:flex-row lg:items-center lg:p-0">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  onClick={() => setOpen(false)}
                  className={({ isActive }) => `block rounded px-3 py-2 text-sm ${isActive ? 'bg-white text-black' : 'hover:underline'}`}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <button type="button" onClick={signOut} className="block w-full rounded px-3 py-2 text-left text-sm hover:underline">
                Sign out
              </button>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
