import type { SessionUser } from '@stashblog/contract/auth';
import { useOutletContext } from 'react-router';
import { LogoutButton } from '../../features/auth/logout-button';

export const meta = () => [{ title: 'Sign Out | Admin' }];

// SPEC §2/§4: confirm, 'Logging Out...', revoke, clear storage, replace-navigate to /signIn — the same
// button as the marketing and business navs. (The admin guard caches the profile by token, so a
// cleared token is never served from it.)
export default function SignOut() {
  const user = useOutletContext<SessionUser>();
  return (
    <section className="mx-auto max-w-md space-y-4 rounded-lg bg-surface p-6 text-center">
      <h1 className="font-bold text-2xl">Sign Out</h1>
      <p className="font-semibold text-lg">{user.name}</p>
      <p className="break-all text-muted">{user.email}</p>
      <LogoutButton className="rounded bg-primary px-6 py-2 text-on-primary disabled:opacity-60" />
    </section>
  );
}
