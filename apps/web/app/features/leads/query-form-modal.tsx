import { limits } from '@stashblog/contract/limits';
import { useEffect, useRef, useState } from 'react';
import { api, isOk, toastFailure } from '../../lib/api-client';
import { Field } from '../../ui/field';
import { Honeypot, useFormGuard } from '../../ui/form-guard';
import { Modal } from '../../ui/modal';
import { toast } from '../../ui/toasts';
import { buildQuery, loadQuerySchemas, type QueryErrors, type QueryTarget, type QueryValues, queryEndpoint } from './query-target';

type Props = { target: QueryTarget; businessName: string; subject: string; onClose: () => void; onSent?: () => void };

const empty: QueryValues = { name: '', email: '', phoneNo: '', query: '' };

/** SPEC "Modals: query form": Name, Email, Phone, Query; §5 rules checked before sending, the server's word after. */
export function QueryFormModal({ target, businessName, subject, onClose, onSent }: Props) {
  const [values, setValues] = useState<QueryValues>(empty);
  const [errors, setErrors] = useState<QueryErrors>({});
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const guard = useFormGuard(target.kind === 'product' ? 'product-lead' : 'catalogue-lead');
  // Fetch the schemas while the visitor types, so Send does not wait for them.
  useEffect(() => {
    loadQuerySchemas();
  }, []);

  const set = (key: keyof QueryValues) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    // SPEC §5: the phone input accepts at most 10 characters.
    const value = key === 'phoneNo' ? e.target.value.slice(0, limits.phoneLength) : e.target.value;
    setValues((v) => ({ ...v, [key]: value }));
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const built = await buildQuery(target, businessName, values, guard.values());
      setErrors(built.errors);
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
          About <span className="font-medium text-text capitalize">{subject}</span>
        </p>
        {errors.products ? (
          <p role="alert" className="text-red-700 text-sm">
            {errors.products}
          </p>
        ) : null}
        <Field label="Name" name="name" autoComplete="name" value={values.name} onChange={set('name')} error={errors.name} />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
          error={errors.email}
        />
        <Field
          label="Phone"
          name="phoneNo"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={limits.phoneLength}
          value={values.phoneNo}
          onChange={set('phoneNo')}
          error={errors.phoneNo}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="query-text" className="font-medium text-sm">
            Query
          </label>
          <textarea
            id="query-text"
            name="query"
            rows={4}
            value={values.query}
            onChange={set('query')}
            className="rounded border border-black/20 bg-background px-3 py-2"
          />
        </div>
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
