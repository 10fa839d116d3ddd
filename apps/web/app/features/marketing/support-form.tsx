import { endpoints } from '@stashblog/contract/endpoints';
import { type ChangeEvent, type Ref, useId, useRef, useState } from 'react';
import { api, isOk, toastFailure } from '../../lib/api-client';
import { Honeypot, useFormGuard } from '../../ui/form-guard';
import { toast } from '../../ui/toasts';
import { useFormValues } from '../../ui/use-form-values';
import { checkSupport, type SupportErrors, type SupportValues, supportBody } from './support-rules';

const empty: SupportValues = { name: '', subject: '', message: '', email: '' };
const order: (keyof SupportValues)[] = ['name', 'message', 'email'];

/** SPEC "Support form" ('Get In touch') → POST /mail/sendSupportMail; §5 order, double submit blocked, cleared after send. */
export function SupportForm() {
  const [errors, setErrors] = useState<SupportErrors>({});
  const fields = useFormValues<SupportValues>(empty, { onEdit: (key) => setErrors((x) => (x[key] ? { ...x, [key]: undefined } : x)) });
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const guard = useFormGuard('support');

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (inFlight.current) return;
    // what the fields hold now: a message sent before the page hydrated is taken over just before
    const values = fields.current();
    const found = checkSupport(values);
    setErrors(found);
    const first = order.find((k) => found[k]);
    if (first) {
      toast.warning(found[first]);
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    inFlight.current = true;
    setSending(true);
    try {
      const result = await guard.send((fields) => api(endpoints.mail.sendSupportMail, { ...supportBody(values), ...fields }));
      if (isOk(result)) {
        toast.success(result.message);
        fields.reset();
        guard.renew();
      } else toastFailure(result);
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  return (
    <form ref={form} noValidate onSubmit={submit} aria-label="Support form" className="relative flex flex-col gap-5">
      <Honeypot {...guard.honeypot} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Input label="Name" name="name" {...fields.field('name')} error={errors.name} autoComplete="name" />
        <Input label="Subject (optional)" name="subject" {...fields.field('subject')} />
      </div>
      <Input label="Message" name="message" multiline {...fields.field('message')} error={errors.message} />
      <Input label="Contact email" name="email" type="email" {...fields.field('email')} error={errors.email} autoComplete="email" />
      <button
        type="submit"
        disabled={sending}
        className="self-start rounded-lg bg-indigo-600 px-8 py-3 font-semibold text-white shadow hover:bg-indigo-700 disabled:opacity-70"
      >
        {sending ? 'Sending…' : 'Submit'}
      </button>
    </form>
  );
}

type InputProps = {
  label: string;
  name: keyof SupportValues;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  ref: Ref<HTMLInputElement & HTMLTextAreaElement>;
  error?: string;
  type?: string;
  multiline?: boolean;
  autoComplete?: string;
};

function Input({ label, error, multiline, ...rest }: InputProps) {
  const id = useId();
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    className: `w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-indigo-600 focus:outline-none focus:ring-2 focus:ring-indigo-600/30 ${error ? 'border-red-600' : 'border-slate-300'}`,
  };
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-slate-700 text-sm">
        {label}
      </label>
      {multiline ? <textarea rows={6} {...common} {...rest} /> : <input {...common} {...rest} />}
      {error ? (
        <p id={`${id}-error`} className="font-medium text-red-700 text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
