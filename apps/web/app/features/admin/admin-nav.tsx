import type { SessionUser } from '@stashblog/contract/auth';
import { useState } from 'react';
import { NavLink } from 'react-router';
import { NotificationBell } from '../notifications/bell';

// SPEC §2 admin nav. Pages other engineers have not built yet still get their link.
const items = [
  { to: '/home', label: 'Home' },
  { to: '/userAdmin/dashboard', label: 'Dashboard' },
  { to: '/userAdmin/products', label: 'Products' },
  { to: '/userAdmin/catalogues', label: 'Catalogues' },
  { to: '/userAdmin/leads', label: 'Leads' },
  { to: '/userAdmin/userProfileInfo', label: 'Profile' },
  { to: '/userAdmin/forum', label: 'Forum' },
  { to: '/userAdmin/settings', label: 'Settings' },
  { to: '/userAdmin/signOut', label: 'Sign Out' },
];

export function AdminNav({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  return (
    <header className="sticky top-0 z-30 border-black/10 border-b bg-primary text-on-primary">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <NavLink to="/userAdmin/userProfileInfo" className="flex min-w-0 items-center gap-2">
          {user.logo ? <img src={user.logo} alt="" width={32} height={32} className="h-8 w-8 rounded-full bg-white object-cover" /> : null}
          <span className="truncate font-semibold">{user.displayName}</span>
        </NavLink>
        <span className="ml-auto lg:order-last">
          <NotificationBell />
        </span>
        <button
          type="button"
          className="rounded border border-current px-3 py-1 lg:hidden"
          aria-expanded={open}
          aria-controls="admin-nav"
          onClick={() => setOpen((o) => !o)}
        >
          Menu
        </button>
        <nav
          id="admin-nav"
          aria-label="Admin"
          className={`${open ? 'block' : 'hidden'} absolute inset-x-0 top-full bg-primary lg:static lg:block`}
        >
          <ul className="flex flex-col gap-1 p-2 lg:flex-row lg:p-0">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  onClick={() => setOpen(false)}
                  className={({ isActive }) =>
                    `block rounded px-3 py-2 text-sm ${isActive ? 'bg-on-primary text-primary' : 'hover:underline'}`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
