import { specTexts } from '@stashblog/contract/spec-texts';
import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { Field, type FieldProps } from '../../ui/field';

// The password inputs of Change Password (SPEC "Change Password"), shared with the reset page:
// show/hide, a tick or cross for the match, and the SPEC §5 warnings in their order.

/**
 * A password `Field` with its Show/Hide button and a mark slot after it (`mark`, or an empty slot of the same
 * width), so a column of them lines up: the inputs of Change Password share one width (issue 22).
 */
export function PasswordField({ label, mark, ...input }: Omit<FieldProps, 'type' | 'after'> & { mark?: React.ReactNode }) {
  const [shown, setShown] = useState(false);
  return (
    <Field
      label={label}
      type={shown ? 'text' : 'password'}
      {...input}
      after={
        <>
          <button
            type="button"
            onClick={() => setShown((s) => !s)}
            aria-pressed={shown}
            aria-label={`${shown ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
            className="w-16 rounded border border-black/20 py-2 text-center text-sm"
          >
            {shown ? 'Hide' : 'Show'}
          </button>
          {mark ?? <span aria-hidden="true" className="w-6" />}
        </>
      }
    />
  );
}

/** New password and its confirmation (react-hook-form's `register('next')`, `register('again')`), with the match mark after the confirmation. */
export function NewPasswordFields({
  next,
  again,
  values,
}: {
  next: UseFormRegisterReturn;
  again: UseFormRegisterReturn;
  values: { next: string; again: string };
}) {
  const matches = values.next !== '' && values.next === values.again;
  return (
    <>
      <PasswordField label="New password" autoComplete="new-password" {...next} />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        {...again}
        mark={
          values.again ? (
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

// SPEC §5 (passwords are trimmed, so spaces alone count as empty); a pair's warnings in their order.
const filled = (message: string) => z.string().refine((v) => v.trim() !== '', message);
const newPasswords = { next: filled(specTexts.newPasswordRequired), again: z.string() };
const confirmed = (v: { next: string; again: string }) => v.again.trim() !== '' && v.next === v.again;
const reenter = { path: ['again'], message: specTexts.reenterNewPassword };

/** The reset page's form: the new password twice. */
export const newPasswordsForm = z.object(newPasswords).refine(confirmed, reenter);
/** Change Password's form: the current password, then the new one twice. */
export const changePasswordForm = z
  .object({ current: filled(specTexts.currentPasswordRequired), ...newPasswords })
  .refine(confirmed, reenter);

/** Save stays disabled until the pair is filled and equal (SPEC "Change Password"). */
export const newPasswordsReady = (next: string, again: string) => next !== '' && again !== '' && next === again;
