import { zodResolver } from '@hookform/resolvers/zod';
import { type DomainStatus, domainTexts } from '@stashblog/contract/domains';
import { endpoints } from '@stashblog/contract/endpoints';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { api, apiPayload, isOk, toastFailure } from '../../lib/api-client';
import { storeDomain } from '../../lib/session';
import { formatDate } from '../../speed/format';
import { copyText } from '../../ui/copy-text';
import { Field } from '../../ui/field';
import { useConfirm } from '../../ui/modal';
import { toast } from '../../ui/toasts';

export const domainStatusKey = ['custom-domain'] as const;

// The server checks the name itself (domainTexts.invalid and the rest); the form only asks for one.
const domainForm = z.object({ domain: z.string().trim().min(1, domainTexts.required) });

const button = 'rounded px-4 py-2 disabled:opacity-60';
const primary = `${button} bg-primary text-on-primary`;
const secondary = `${button} border border-primary`;

/**
 * The owner's custom domain (issue 12): ask for one, create the TXT record shown, verify, remove.
 * The server routes a domain only once the record proves the owner controls it.
 */
export function DomainSettings() {
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: domainStatusKey,
    queryFn: () => apiPayload(endpoints.userAdminDomains.fetch),
    staleTime: 0,
  });
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState<'set' | 'verify' | 'remove' | null>(null);
  const [confirm, dialog] = useConfirm();

  function show(next: DomainStatus) {
    queryClient.setQueryData(domainStatusKey, next);
    storeDomain(next.domain);
  }

  async function run(kind: 'set' | 'verify' | 'remove', work: () => Promise<void>) {
    if (busy) return;
    setBusy(kind);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  }

  const verify = () =>
    run('verify', async () => {
      const result = await api(endpoints.userAdminDomains.verify);
      if (isOk(result)) {
        show(result.payload);
        toast.success(result.message);
        return;
      }
      // A failed check is recorded with its reason; the refetched status shows it where the owner looks.
      if (result.code === 400 || result.code === 409) await queryClient.invalidateQueries({ queryKey: domainStatusKey });
      else toastFailure(result);
    });

  const remove = (domain: string) =>
    run('remove', async () => {
      if (!(await confirm(domainTexts.confirmRemove(domain), { yes: 'Remove', no: 'Keep' }))) return;
      const result = await api(endpoints.userAdminDomains.set, { domain: '' });
      if (!isOk(result)) return toastFailure(result);
      show(result.payload);
      setEditing(false);
      toast.success(result.message);
    });

  let body: React.ReactNode;
  if (status.isPending) {
    body = (
      <div role="status" aria-busy="true" aria-label="Loading custom domain" className="space-y-3">
        <div className="h-10 animate-pulse rounded bg-surface" />
        <div className="h-24 animate-pulse rounded bg-surface" />
      </div>
    );
  } else if (status.isError) {
    body = (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded bg-red-50 p-3 text-red-800">
        <span>{status.error.message}</span>
        <button type="button" className={secondary} onClick={() => status.refetch()}>
          Try again
        </button>
      </div>
    );
  } else {
    const s = status.data;
    const current = s.claim?.domain ?? s.domain;
    body =
      editing || !current ? (
        <DomainForm
          initial={editing ? (current ?? '') : ''}
          busy={busy === 'set'}
          onCancel={editing ? () => setEditing(false) : undefined}
          onSubmit={(domain) =>
            run('set', async () => {
              const result = await api(endpoints.userAdminDomains.set, { domain });
              if (!isOk(result)) throw new Error(result.error || result.message || 'Could not save the domain');
              show(result.payload);
              setEditing(false);
              toast.success(result.message);
            })
          }
        />
      ) : (
        <ClaimView status={s} busy={busy} onVerify={verify} onChange={() => setEditing(true)} onRemove={() => remove(current)} />
      );
  }

  return (
    <section aria-labelledby="custom-domain" className="space-y-4 rounded-lg border border-black/10 p-4">
      <div>
        <h2 id="custom-domain" className="font-semibold text-lg">
          Custom domain
        </h2>
        <p className="text-muted text-sm">
          Show your storefront on an address of your own, like shop.example.com. It goes live once its DNS records prove the domain is yours
          and point it here.
        </p>
      </div>
      {body}
      {dialog}
    </section>
  );
}

function DomainForm({
  initial,
  busy,
  onCancel,
  onSubmit,
}: {
  initial: string;
  busy: boolean;
  onCancel?: () => void;
  onSubmit: (domain: string) => Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ defaultValues: { domain: initial }, resolver: zodResolver(domainForm) });

  const submit = handleSubmit(async ({ domain }) => {
    try {
      await onSubmit(domain);
    } catch (err) {
      setError('domain', { message: (err as Error).message });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1">
        <Field
          label="Domain name"
          placeholder="shop.example.com"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          inputMode="url"
          maxLength={253}
          error={errors.domain?.message}
          {...register('domain')}
        />
      </div>
      <div className="flex gap-2 sm:pt-6">
        <button type="submit" disabled={busy} className={primary}>
          {busy ? 'Setting…' : 'Set domain'}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel} disabled={busy} className={secondary}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

type ClaimProps = {
  status: DomainStatus;
  busy: 'set' | 'verify' | 'remove' | null;
  onVerify: () => void;
  onChange: () => void;
  onRemove: () => void;
};

function ClaimView({ status, busy, onVerify, onChange, onRemove }: ClaimProps) {
  const { claim, domain: live, target, addresses } = status;
  // The server's word: pending (not checked yet), verified (routed), failing (the last check failed, with its reason).
  // A domain routed before claims were recorded has none; it is live, so verified.
  const state = claim ? claim.state : live !== null ? 'verified' : 'pending';
  const verified = state === 'verified';
  const shown = claim?.domain ?? live ?? '';
  const failed = state === 'failing';
  const badge = {
    verified: { text: domainTexts.statusVerified, className: 'bg-green-100 text-green-900', icon: '✓' },
    pending: { text: domainTexts.statusPending, className: 'bg-amber-100 text-amber-900', icon: '•' },
    failing: { text: domainTexts.statusFailed, className: 'bg-red-100 text-red-900', icon: '✗' },
  }[state];

  return (
    <div className="space-y-4">
      <div role="status" aria-live="polite" aria-label="Domain status" className="space-y-2 rounded bg-surface p-3">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="break-all font-mono font-semibold">{shown}</span>
          <span className={`rounded-full px-2.5 py-0.5 font-medium text-sm ${badge.className}`}>
            <span aria-hidden="true">{badge.icon} </span>
            {badge.text}
          </span>
        </div>
        {verified ? (
          <p className="text-sm">
            Your storefront answers on{' '}
            <a href={`https://${shown}/home`} target="_blank" rel="noreferrer" className="break-all underline">
              https://{shown}
            </a>
            .
            {claim?.verifiedAt ? (
              <span className="text-muted"> {domainTexts.verifiedSince(formatDate(claim.verifiedAt, 'dateTime'))}</span>
            ) : null}
          </p>
        ) : failed && claim?.lastError ? (
          <p className="text-red-800 text-sm">
            {claim.lastError}
            {claim.checkedAt ? <span className="text-muted"> {domainTexts.checkedAt(formatDate(claim.checkedAt, 'dateTime'))}</span> : null}
          </p>
        ) : (
          <p className="text-sm">Create the DNS records below, then press Verify.</p>
        )}
        {live && live !== shown ? (
          <p className="text-muted text-sm">
            <span className="font-mono">{live}</span> stays live until the new domain is verified.
          </p>
        ) : null}
      </div>

      {claim && !verified ? (
        <ol className="list-decimal space-y-4 pl-5">
          <li className="space-y-2">
            <p>At your DNS provider, create this TXT record (it proves the domain is yours):</p>
            <RecordTable
              caption="TXT record"
              rows={[
                ['Type', claim.record.type, false],
                ['Name', claim.record.name, true],
                ['Value', claim.record.value, true],
              ]}
            />
            <p className="text-muted text-sm">If your provider adds the domain to names itself, leave the domain off the name.</p>
          </li>
          <li className="space-y-2">
            <p>Point the domain at us, so visitors reach your storefront:</p>
            <RecordTable
              caption="CNAME record"
              rows={[
                ['Type', 'CNAME', false],
                ['Name', claim.domain, false],
                ['Target', target, true],
              ]}
            />
            {addresses.length ? (
              <p className="text-muted text-sm">
                Where a CNAME is not possible (a domain without www), A or AAAA records to{' '}
                <span className="break-all font-mono">{addresses.join(', ')}</span> work too.
              </p>
            ) : null}
          </li>
          <li>
            <p>
              Press Verify. We check both records and that the domain reaches us. DNS changes can take from a few minutes to a few hours to
              show.
            </p>
          </li>
        </ol>
      ) : null}

      <div className="flex flex-wrap gap-2">
        {claim && !verified ? (
          <button type="button" onClick={onVerify} disabled={busy !== null} className={primary}>
            {busy === 'verify' ? 'Checking DNS…' : 'Verify'}
          </button>
        ) : null}
        <button type="button" onClick={onChange} disabled={busy !== null} className={secondary}>
          Change domain
        </button>
        <button type="button" onClick={onRemove} disabled={busy !== null} className={`${button} border border-red-700 text-red-800`}>
          {busy === 'remove' ? 'Removing…' : 'Remove domain'}
        </button>
      </div>
    </div>
  );
}

/** A DNS record as the owner types it at their provider; long values wrap, each has a copy button. */
function RecordTable({ caption, rows }: { caption: string; rows: [label: string, value: string, copy: boolean][] }) {
  async function copy(label: string, value: string) {
    if (await copyText(value)) toast.success(domainTexts.copied(`${caption} ${label.toLowerCase()}`));
    else toast.error(domainTexts.copyFailed);
  }
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">{caption}</caption>
      <tbody>
        {rows.map(([label, value, canCopy]) => (
          <tr key={label} className="border-black/10 border-b last:border-b-0">
            <th scope="row" className="whitespace-nowrap py-2 pr-4 text-left align-top font-medium">
              {label}
            </th>
            <td className="w-full break-all py-2 align-top font-mono">{value}</td>
            <td className="whitespace-nowrap py-1 pl-2 text-right align-top">
              {canCopy ? (
                <button
                  type="button"
                  onClick={() => copy(label, value)}
                  aria-label={`Copy ${caption} ${label.toLowerCase()}`}
                  className="rounded border border-black/20 px-2 py-1 hover:bg-surface"
                >
                  Copy
                </button>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
