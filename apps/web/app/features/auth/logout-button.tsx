import { specTexts } from '@stashblog/contract/spec-texts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api-client';
import { clearSession } from '../../lib/session';
import { useConfirm } from '../../ui/modal';
import { toast } from '../../ui/toasts';
import { announceSessionChange } from '../marketing/owner-session';

// SPEC nav: Logout asks 'Are you sure you want to logout?', shows 'Logging Out...', clears local storage, goes to /signIn.
// Shared by the marketing nav, the business nav and the admin Sign Out page.
export function LogoutButton({ className }: { className: string }) {
  const navigate = useNavigate();
  const [confirm, dialog] = useConfirm();
  const [busy, setBusy] = useState(false);
  async function logout() {
    if (busy || !(await confirm(specTexts.confirmLogout))) return;
    setBusy(true);
    const id = toast.info(specTexts.loggingOut);
    await api('PUT', '/auth/user/logOut');
    toast.dismiss(id);
    clearSession();
    announceSessionChange();
    setBusy(false);
    navigate('/signIn', { replace: true });
  }
  return (
    <>
      <button type="button" disabled={busy} onClick={logout} className={className}>
        Logout
      </button>
      {dialog}
    </>
  );
}
