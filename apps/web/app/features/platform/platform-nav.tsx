import { endpoints } from '@stashblog/contract/endpoints';
import type { PlatformAdmin } from '@stashblog/contract/platform';
import { useNavigate } from 'react-router';
import { MenuNav } from '../../ui/menu-nav';
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
  const navigate = useNavigate();
  async function signOut() {
    await platformApi(endpoints.platform.logOut);
    clearPlatformToken();
    forgetPlatformAdmin();
    navigate('/platform/signIn', { replace: true });
  }
  return (
    <MenuNav
      id="platform-nav"
      label="Platform"
      items={items}
      look={{ header: 'bg-neutral-900 text-white', active: 'bg-white text-black' }}
      brand={
        <div className="min-w-0">
          <span className="font-semibold">StashBlog platform</span>
          <span className="ml-2 hidden truncate text-sm text-white/70 sm:inline">{admin.email}</span>
        </div>
      }
      trailing={
        <li>
          <button type="button" onClick={signOut} className="block w-full rounded px-3 py-2 text-left text-sm hover:underline">
            Sign out
          </button>
        </li>
      }
    />
  );
}
