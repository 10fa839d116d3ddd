import { limits } from '@stashblog/contract/limits';
import { useEffect, useRef, useState } from 'react';
import { api, isOk, toastFailure } from '../../lib/api-client';
import { Field, storeLook } from '../../ui/field';
import { Honeypot, useFormGuard } from '../../ui/form-guard';
import { Modal } from '../../ui/modal';
import { toast } from '../../ui/toasts';
import { useFormValues } from '../../ui/use-form-values';
import { buildQuery, loadQuerySchemas, type QueryTarget, type QueryValues, queryEndpoint } from './query-target';

type Props = { target: QueryTarget; businessName: string; subject: string; onClose: () => void; onSent?: () => void };

const empty: QueryValues = { name: '', email: '', phoneNo: '', query: '' };

/** SPEC "Modals: query form": Name, Email, Phone, Query; §5 rules checked before sending, the server's word after. */
export function QueryFormModal({ target, businessName, subject, onClose, onSent }: Props) {
  const form = useFormValues<QueryValues>(empty);
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const guard = useFormGuard(target.kind === 'product' ? 'product-lead' : 'catalogue-lead');
  // Fetch the schemas while the visitor types, so Send does not wait for them.
  useEffect(() => {
    loadQuerySchemas();
  }, []);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const built = await buildQuery(target, businessName, form.current(), guard.values());
      form.showErrors(built.errors);
      if (!built.ok) {
        if (built.errors.products) toast.error(built.errors.products);
        return;
      }
      setSending(true);
      const result = await guard.send((fields) => api(queryEndpoint(target), { ...built.body, ...fields }));
      if (!isOk(result)) return toastFailure({ error: result.message || result.error });
      guard.renew();
      toast.success(result.message);
      onSent?.();
      onClose();
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  return (
    <Modal title="Send Query" onClose={onClose}>
      <form onSubmit={submit} noValidate className="relative flex flex-col gap-4">
        <Honeypot {...guard.honeypot} />
        <p className="text-muted text-sm">
          About <span className="font-medium text-text">{subject}</span>
        </p>
        {form.errors.products ? (
          <p role="alert" className="text-red-700 text-sm">
            {form.errors.products}
          </p>
        ) : null}
        <Field look={storeLook} label="Name" autoComplete="name" {...form.field('name')} />
        <Field look={storeLook} label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <Field
          look={storeLook}
          label="Phone"
          type="text"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={limits.phoneLength}
          // SPEC §5: the phone input accepts at most 10 characters.
          {...form.field('phoneNo', { map: (v) => v.slice(0, limits.phoneLength) })}
        />
        <Field look={storeLook} label="Query" rows={4} {...form.field('query')} />
        <div className="flex justify-end gap-3">
          <button type="button" onClick={onClose} className="rounded border border-primary px-4 py-2">
            Cancel
          </button>
          <button type="submit" disabled={sending} className="rounded bg-primary px-4 py-2 text-on-primary disabled:opacity-60">
            {sending ? 'Sending…' : 'Send'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
