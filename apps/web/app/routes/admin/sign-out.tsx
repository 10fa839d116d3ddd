import type { SessionUser } from '@stashblog/contract/auth';
import { messages } from '@stashblog/contract/messages';
import { useState } from 'react';
import { useNavigate, useOutletContext } from 'react-router';
import { forgetOwner } from '../../features/admin/guard';
import { api } from '../../lib/api-client';
import { clearSession } from '../../lib/session';
import { useConfirm } from '../../ui/modal';
import { toast } from '../../ui/toasts';

export const meta = () => [{ title: 'Sign Out | Admin' }];

export default function SignOut() {
  const user = useOutletContext<SessionUser>();
  const navigate = useNavigate();
  const [confirm, dialog] = useConfirm();
  const [busy, setBusy] = useState(false);

  // SPEC §2/§4: confirm, 'Logging Out...', revoke, clear storage, replace-navigate to /signIn.
  async function logout() {
    if (busy || !(await confirm(messages.confirmLogout))) return;
    setBusy(true);
    const id = toast.info(messages.loggingOut);
    await api('PUT', '/auth/user/logOut');
    toast.dismiss(id);
    clearSession();
    forgetOwner();
    navigate('/signIn', { replace: true });
  }

  return (
    <section className="mx-auto max-w-md space-y-4 rounded-lg bg-surface p-6 text-center">
      <h1 className="font-bold text-2xl">Sign Out</h1>
      <p className="font-semibold text-lg">{user.name}</p>
      <p className="break-all text-muted">{user.email}</p>
      <button type="button" disabled={busy} onClick={logout} className="rounded bg-primary px-6 py-2 text-on-primary disabled:opacity-60">
        Logout
      </button>
      {dialog}
    </section>
  );
}
