import type { SessionUser } from '@stashblog/contract/auth';
import { storePath } from '@stashblog/contract/paths';
import { NavLink } from 'react-router';
import { MenuNav } from '../../ui/menu-nav';
import { NotificationBell } from '../notifications/bell';

/**
 * The owner's store home: on its verified custom domain when it has one (`user.domain` is only ever the
 * routed domain), else under this host.
 */
export function storeHomeUrl(user: Pick<SessionUser, 'businessName' | 'domain'>): string {
  if (user.domain && typeof window !== 'undefined') return `${window.location.protocol}//${user.domain}/home`;
  return storePath(user.businessName, '/home');
}

/** SPEC §2 admin nav; 'Home' is the owner's own store home, 'View store' opens it in a new tab (issue 22). */
export function AdminNav({ user }: { user: SessionUser }) {
  const items = [
    { to: storePath(user.businessName, '/home'), label: 'Home', reloadDocument: true },
    { to: storeHomeUrl(user), label: 'View store', newTab: true },
    { to: '/userAdmin/dashboard', label: 'Dashboard' },
    { to: '/userAdmin/products', label: 'Products' },
    { to: '/userAdmin/catalogues', label: 'Catalogues' },
    { to: '/userAdmin/leads', label: 'Leads' },
    { to: '/userAdmin/userProfileInfo', label: 'Profile' },
    { to: '/userAdmin/forum', label: 'Forum' },
    { to: '/userAdmin/settings', label: 'Settings' },
    { to: '/userAdmin/signOut', label: 'Sign Out' },
  ];
  return (
    <MenuNav
      id="admin-nav"
      label="Admin"
      items={items}
      look={{ header: 'border-black/10 border-b bg-primary text-on-primary', active: 'bg-on-primary text-primary' }}
      brand={
        <NavLink to="/userAdmin/userProfileInfo" className="flex min-w-0 items-center gap-2">
          {user.logo ? <img src={user.logo} alt="" width={32} height={32} className="h-8 w-8 rounded-full bg-white object-cover" /> : null}
          <span className="truncate font-semibold">{user.displayName}</span>
        </NavLink>
      }
      beside={
        <span className="ml-auto lg:order-last">
          <NotificationBell />
        </span>
      }
    />
  );
}
