import { endpoints } from '@stashblog/contract/endpoints';
import { useRef, useState } from 'react';
import { api, isOk, toastFailure } from '../../lib/api-client';
import { Field, storeLook } from '../../ui/field';
import { Honeypot, useFormGuard } from '../../ui/form-guard';
import { toast } from '../../ui/toasts';
import { errorsFromIssues, useFormValues } from '../../ui/use-form-values';

type Values = { name: string; email: string; subject: string; message: string };
const empty: Values = { name: '', email: '', subject: '', message: '' };

// The form's schema (and zod with it) loads when the visitor starts filling the form, not with the
// page (docs/decisions/016-public-pages-ship-no-zod.md).
let schema: Promise<typeof import('@stashblog/contract/forum')> | undefined;
const loadSchema = () => {
  schema ??= import('@stashblog/contract/forum');
  return schema;
};

/** SPEC Contact Us form → createForum. §5: Name, Message, Email checked in that order; double submit blocked; cleared after send. */
export function ContactForm({ businessName }: { businessName: string }) {
  const form = useFormValues<Values>(empty);
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const guard = useFormGuard('forum');

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const { createForumBody } = await loadSchema();
      // what the fields hold now: a message sent before the page hydrated is taken over just before
      const parsed = createForumBody.safeParse({ ...form.current(), businessName, ...guard.values() });
      if (!parsed.success) {
        form.showErrors(errorsFromIssues(parsed.error.issues));
        toast.warning(parsed.error.issues[0]?.message);
        return;
      }
      form.showErrors({});
      setSending(true);
      const result = await guard.send((fields) => api(endpoints.publicUser.createForum, { ...parsed.data, ...fields }));
      if (isOk(result)) {
        guard.renew();
        toast.success(result.message);
        form.reset();
      } else toastFailure(result);
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} onFocus={loadSchema} className="relative flex flex-col gap-4" aria-label="Contact form">
      <Honeypot {...guard.honeypot} />
      <Field look={storeLook} label="Name" {...form.field('name')} autoComplete="name" />
      <Field look={storeLook} label="Email" type="email" {...form.field('email')} autoComplete="email" />
      <Field look={storeLook} label="Subject (optional)" {...form.field('subject')} />
      <Field look={storeLook} label="Message" rows={5} {...form.field('message')} />
      <button
        type="submit"
        disabled={sending}
        aria-disabled={sending}
        className="self-start rounded bg-primary px-6 py-3 font-semibold text-on-primary disabled:opacity-70"
      >
        {sending ? 'Sending…' : 'Send Message'}
      </button>
    </form>
  );
}
