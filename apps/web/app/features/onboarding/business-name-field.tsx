import { displayNameTexts, toBusinessName } from '@stashblog/contract/business';
import { endpoints } from '@stashblog/contract/endpoints';
import { businessNameProblem, onboardingTexts } from '@stashblog/contract/onboarding';
import { useEffect, useState } from 'react';
import { type Control, useController } from 'react-hook-form';
import { api, isOk } from '../../lib/api-client';
import { Field, type FieldLook, workspaceLook } from '../../ui/field';
import type { SignUpFlowForm } from './sign-up-flow-form';

type Status = { state: 'idle' | 'checking' } | { state: 'available' } | { state: 'unavailable'; reason: string };

/** Live availability of the site address (format and reserved words at once, uniqueness from the server). */
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

/** What to say under the site address: a problem (red) or the availability (green). */
export function businessNameStatusText(status: Status, error?: string): { text: string; problem: boolean } {
  const message = error ?? (status.state === 'unavailable' ? status.reason : null);
  if (message) return { text: message, problem: true };
  if (status.state === 'available') return { text: onboardingTexts.nameAvailable, problem: false };
  if (status.state === 'checking') return { text: 'Checking…', problem: false };
  return { text: onboardingTexts.siteAddressHint, problem: false };
}

/** This site's host, once on the client (the server renders the address without it). */
function useHost(): string {
  const [host, setHost] = useState('');
  useEffect(() => setHost(window.location.host), []);
  return host;
}

type Props = {
  control: Control<SignUpFlowForm>;
  look?: FieldLook;
  /** Labels in the casing of the form around them. */
  labels?: { displayName: string; businessName: string };
  /** Around the site address field (a grid form lets it span both columns). */
  addressClassName?: string;
};

/**
 * The business name as the owner writes it, and the site address made from it as they type (decision 047):
 * characters an address cannot keep are dropped rather than refused, and once the owner edits the address
 * it is theirs. The address shows in full under its field with its live availability.
 */
export function BusinessNameFields({
  control,
  look = workspaceLook,
  labels = { displayName: displayNameTexts.label, businessName: onboardingTexts.siteAddressLabel },
  addressClassName,
}: Props) {
  const display = useController({ control, name: 'displayName' });
  const address = useController({ control, name: 'businessName' });
  const [ownAddress, setOwnAddress] = useState(false);
  const host = useHost();
  const status = useBusinessNameCheck(address.field.value);
  const note = businessNameStatusText(status, address.fieldState.error?.message);
  const slug = address.field.value.replace(/-+$/, '');
  // (after a first submit, onChange re-validates: the message under a field follows what it holds now)
  const setAddress = address.field.onChange;
  return (
    <>
      <Field
        look={look}
        label={labels.displayName}
        autoComplete="organization"
        name={display.field.name}
        ref={display.field.ref}
        value={display.field.value}
        onBlur={display.field.onBlur}
        onChange={(e) => {
          display.field.onChange(e.target.value);
          if (!ownAddress) setAddress(toBusinessName(e.target.value));
        }}
        error={display.fieldState.error?.message}
      />
      <div className={addressClassName}>
        <Field
          look={look}
          label={labels.businessName}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          name={address.field.name}
          ref={address.field.ref}
          value={address.field.value}
          onBlur={() => {
            address.field.onChange(toBusinessName(address.field.value));
            address.field.onBlur();
          }}
          onChange={(e) => {
            const value = toBusinessName(e.target.value, { typing: true });
            setOwnAddress(value !== '');
            setAddress(value);
          }}
          error={note.problem ? note.text : undefined}
          hint={
            <div className="text-sm">
              <p className={`break-all ${look.note ?? ''}`}>
                Your store: <strong className="font-semibold">{`${host}/${slug || '…'}`}</strong>
              </p>
              <p role="status" className={status.state === 'available' ? 'text-green-700' : look.note}>
                {note.text}
              </p>
            </div>
          }
        />
      </div>
    </>
  );
}
