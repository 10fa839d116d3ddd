import { endpoints } from '@stashblog/contract/endpoints';
import { useRef, useState } from 'react';
import { api, isOk, toastFailure } from '../../lib/api-client';
import { Field } from '../../ui/field';
import { Honeypot, useFormGuard } from '../../ui/form-guard';
import { toast } from '../../ui/toasts';
import { errorsFromIssues, useFormValues } from '../../ui/use-form-values';
import { marketingLook } from './marketing-field-look';

type SupportValues = { name: string; subject: string; message: string; email: string };
const empty: SupportValues = { name: '', subject: '', message: '', email: '' };

// The form's schema (and zod with it) loads when the visitor starts filling the form, not with the
// page (docs/decisions/016-public-pages-ship-no-zod.md).
let schema: Promise<typeof import('@stashblog/contract/mail')> | undefined;
const loadSchema = () => {
  schema ??= import('@stashblog/contract/mail');
  return schema;
};

/** SPEC "Support form" ('Get In touch') → POST /mail/sendSupportMail; §5 order, double submit blocked, cleared after send. */
export function SupportForm() {
  const fields = useFormValues<SupportValues>(empty);
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const guard = useFormGuard('support');

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const { supportMailBody } = await loadSchema();
      // what the fields hold now: a message sent before the page hydrated is taken over just before
      const parsed = supportMailBody.safeParse({ ...fields.current(), ...guard.values() });
      if (!parsed.success) {
        fields.showErrors(errorsFromIssues(parsed.error.issues));
        toast.warning(parsed.error.issues[0]?.message);
        return;
      }
      fields.showErrors({});
      setSending(true);
      const result = await guard.send((fields) => api(endpoints.mail.sendSupportMail, { ...parsed.data, ...fields }));
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
    <form noValidate onSubmit={submit} onFocus={loadSchema} aria-label="Support form" className="relative flex flex-col gap-5">
      <Honeypot {...guard.honeypot} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field look={marketingLook} label="Name" {...fields.field('name')} autoComplete="name" />
        <Field look={marketingLook} label="Subject (optional)" {...fields.field('subject')} />
      </div>
      <Field look={marketingLook} label="Message" rows={6} {...fields.field('message')} />
      <Field look={marketingLook} label="Contact email" type="email" {...fields.field('email')} autoComplete="email" />
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
