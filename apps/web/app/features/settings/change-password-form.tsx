import { encodePassword } from '@stashblog/contract/auth';
import { specTexts } from '@stashblog/contract/spec-texts';
import { useState } from 'react';
import { api, isOk, toastFailure } from '../../lib/api-client';
import { useConfirm } from '../../ui/modal';
import { toast } from '../../ui/toasts';
import { NewPasswordFields, newPasswordsReady, newPasswordWarning, PasswordField } from '../auth/password-fields';

/** SPEC "Change Password": show/hide, tick or cross for the match, Save only when filled and matching. */
export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirm, dialog] = useConfirm();
  const ready = current !== '' && newPasswordsReady(next, again);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    // SPEC §5 warnings (passwords are trimmed, so spaces alone count as empty).
    if (!current.trim()) return void toast.warning(specTexts.currentPasswordRequired);
    const warning = newPasswordWarning(next, again);
    if (warning) return void toast.warning(warning);
    if (!(await confirm(specTexts.confirmChangePassword))) return;
    setBusy(true);
    try {
      const result = await api('PUT', '/userAdmin/user/changePassword', {
        password: encodePassword(current),
        newPassword: encodePassword(next),
      });
      if (!isOk(result)) return toastFailure(result);
      toast.success(result.message);
      setCurrent('');
      setNext('');
      setAgain('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <PasswordField label="Current password" value={current} onChange={setCurrent} autoComplete="current-password" />
      <NewPasswordFields next={next} again={again} onNext={setNext} onAgain={setAgain} />
      <p className="text-muted text-sm">Changing the password signs you out on every other device.</p>
      <div className="flex justify-end">
        <button type="submit" disabled={!ready || busy} className="rounded bg-primary px-6 py-2 text-on-primary disabled:opacity-60">
          {busy ? 'Saving…' : 'Save'}
        </button>
      </div>
      {dialog}
    </form>
  );
}
