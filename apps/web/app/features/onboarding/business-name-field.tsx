import { endpoints } from '@stashblog/contract/endpoints';
import { businessNameProblem, onboardingTexts } from '@stashblog/contract/onboarding';
import { useEffect, useId, useState } from 'react';
import { api, isOk } from '../../lib/api-client';

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

type Props = React.InputHTMLAttributes<HTMLInputElement> & { value: string; error?: string; ref?: React.Ref<HTMLInputElement> };

/** What to say under a business-name input: a problem (red) or the availability (green). */
export function businessNameStatusText(status: Status, error?: string): { text: string; problem: boolean } {
  const message = error ?? (status.state === 'unavailable' ? status.reason : null);
  if (message) return { text: message, problem: true };
  if (status.state === 'available') return { text: onboardingTexts.nameAvailable, problem: false };
  if (status.state === 'checking') return { text: 'Checking…', problem: false };
  return { text: 'Lowercase letters, digits and hyphens; this is your site address.', problem: false };
}

export function BusinessNameField({ value, error, ...input }: Props) {
  const id = useId();
  const status = useBusinessNameCheck(value);
  const message = error ?? (status.state === 'unavailable' ? status.reason : null);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium text-sm">
        Business name
      </label>
      <div className="flex items-stretch overflow-hidden rounded border border-black/20 bg-background focus-within:ring-2">
        <span className="hidden items-center bg-surface px-2 text-sm text-text/70 sm:flex" aria-hidden="true">
          stashblog/
        </span>
        <input
          id={id}
          value={value}
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-status`}
          className="min-w-0 flex-1 bg-transparent px-3 py-2 outline-none"
          {...input}
        />
      </div>
      <p id={`${id}-status`} role={message ? 'alert' : 'status'} className={`text-sm ${message ? 'text-red-700' : 'text-green-700'}`}>
        {message ??
          (status.state === 'available'
            ? onboardingTexts.nameAvailable
            : status.state === 'checking'
              ? 'Checking…'
              : 'Lowercase letters, digits and hyphens; this is your site address.')}
      </p>
    </div>
  );
}
