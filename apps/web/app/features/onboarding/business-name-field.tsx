import { endpoints } from '@stashblog/contract/endpoints';
import { businessNameProblem, onboardingTexts } from '@stashblog/contract/onboarding';
import { useEffect, useState } from 'react';
import { api, isOk } from '../../lib/api-client';
import { Field, type FieldProps, workspaceLook } from '../../ui/field';

type Status = { state: 'idle' | 'checking' } | { state: 'available' } | { state: 'unavailable'; reason: string };

/** Live availability of the business name (format and reserved words at once, uniqueness from the server). */
export function useBusinessNameCheck(name: string): Status {
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  useEffect(() => {
    const value = name.trim();
    if (!value) return setStatus({ state: 'idle' });
    const problem = businessNameProblem(value);
    if (problem) return setStatus({ state: 'unavailable', reason: problem });
    setStatus({ state: 'checking' });
    let live = true;
    const t = setTimeout(async () => {
      const result = await api(endpoints.onboarding.checkBusinessName, { businessName: value });
      if (!live) return;
      if (!isOk(result)) return setStatus({ state: 'idle' });
      setStatus(
        result.payload.available
          ? { state: 'available' }
          : { state: 'unavailable', reason: result.payload.reason ?? onboardingTexts.nameTaken },
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [name]);
  return status;
}

/** What to say under a business-name input: a problem (red) or the availability (green). */
export function businessNameStatusText(status: Status, error?: string): { text: string; problem: boolean } {
  const message = error ?? (status.state === 'unavailable' ? status.reason : null);
  if (message) return { text: message, problem: true };
  if (status.state === 'available') return { text: onboardingTexts.nameAvailable, problem: false };
  if (status.state === 'checking') return { text: 'Checking…', problem: false };
  return { text: 'Lowercase letters, digits and hyphens; this is your site address.', problem: false };
}

/** Business name with the live availability check (format, reserved words, uniqueness) under it. */
export function BusinessNameField({ value, error, look = workspaceLook, ...input }: Omit<FieldProps, 'value'> & { value: string }) {
  const status = useBusinessNameCheck(value);
  const note = businessNameStatusText(status, error);
  return (
    <Field
      look={look}
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      value={value}
      error={note.problem ? note.text : undefined}
      hint={
        <p role="status" className={`text-sm ${status.state === 'available' ? 'text-green-700' : look.note}`}>
          {note.text}
        </p>
      }
      {...input}
    />
  );
}
