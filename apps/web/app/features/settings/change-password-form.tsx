import { encodePassword } from '@stashblog/contract/auth';
import { messages } from '@stashblog/contract/messages';
import { useId, useState } from 'react';
import { api, isOk, toastFailure } from '../../lib/api-client';
import { useConfirm } from '../../ui/modal';
import { toast } from '../../ui/toasts';

function PasswordField({
  label,
  value,
  onChange,
  autoComplete,
  after,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  autoComplete: string;
  after?: React.ReactNode;
}) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium text-sm">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          autoComplete={autoComplete}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="min-w-0 flex-1 rounded border border-black/20 bg-background px-3 py-2"
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-pressed={shown}
          aria-label={`${shown ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
          className="rounded border border-black/20 px-3 py-2 text-sm"
        >
          {shown ? 'Hide' : 'Show'}
        </button>
        {after}
      </div>
    </div>
  );
}

/** SPEC "Change Password": show/hide, tick or cross for the match, Save only when filled and matching. */
export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirm, dialog] = useConfirm();
  const matches = next !== '' && next === again;
  const ready = current !== '' && next !== '' && again !== '' && matches;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    // SPEC §5 warnings (passwords are trimmed, so spaces alone count as empty).
    if (!current.trim()) return void toast.warning(messages.currentPasswordRequired);
    if (!next.trim()) return void toast.warning(messages.newPasswordRequired);
    if (!again.trim() || next !== again) return void toast.warning(messages.reenterNewPassword);
    if (!(await confirm(messages.confirmChangePassword))) return;
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
      <PasswordField label="New password" value={next} onChange={setNext} autoComplete="new-password" />
      <PasswordField
        label="Confirm new password"
        value={again}
        onChange={setAgain}
        autoComplete="new-password"
        after={
          again ? (
            <span
              role="img"
              aria-label={matches ? 'Passwords match' : 'Passwords do not match'}
              className={`w-6 text-center text-xl ${matches ? 'text-green-700' : 'text-red-700'}`}
            >
              {matches ? '✓' : '✗'}
            </span>
          ) : (
            <span className="w-6" />
          )
        }
      />
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
