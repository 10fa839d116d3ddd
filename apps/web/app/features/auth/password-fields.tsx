import { specTexts } from '@stashblog/contract/spec-texts';
import { useId, useState } from 'react';

// The password inputs of Change Password (SPEC "Change Password"), shared with the reset page:
// show/hide, a tick or cross for the match, and the SPEC §5 warnings in their order.

export function PasswordField({
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

/** New password and its confirmation, with the match mark after the confirmation. */
export function NewPasswordFields({
  next,
  again,
  onNext,
  onAgain,
}: {
  next: string;
  again: string;
  onNext: (v: string) => void;
  onAgain: (v: string) => void;
}) {
  const matches = next !== '' && next === again;
  return (
    <>
      <PasswordField label="New password" value={next} onChange={onNext} autoComplete="new-password" />
      <PasswordField
        label="Confirm new password"
        value={again}
        onChange={onAgain}
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
    </>
  );
}

/** SPEC §5 (passwords are trimmed, so spaces alone count as empty): the warning for the new password pair, or null. */
export function newPasswordWarning(next: string, again: string): string | null {
  if (!next.trim()) return specTexts.newPasswordRequired;
  if (!again.trim() || next !== again) return specTexts.reenterNewPassword;
  return null;
}

export const newPasswordsReady = (next: string, again: string) => next !== '' && again !== '' && next === again;
