import { endpoints } from '@stashblog/contract/endpoints';
import { type ChangeEvent, type Ref, useId, useRef, useState } from 'react';
import { api, isOk, toastFailure } from '../../lib/api-client';
import { Honeypot, useFormGuard } from '../../ui/form-guard';
import { toast } from '../../ui/toasts';
import { useFormValues } from '../../ui/use-form-values';

type Values = { name: string; email: string; subject: string; message: string };
type Errors = Partial<Record<keyof Values, string>>;
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
  const [errors, setErrors] = useState<Errors>({});
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
        const next: Errors = {};
        for (const issue of parsed.error.issues) next[issue.path[0] as keyof Values] ??= issue.message;
        setErrors(next);
        toast.warning(parsed.error.issues[0]?.message);
        return;
      }
      setErrors({});
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
      <Input label="Name" {...form.field('name')} error={errors.name} autoComplete="name" />
      <Input label="Email" type="email" {...form.field('email')} error={errors.email} autoComplete="email" />
      <Input label="Subject (optional)" {...form.field('subject')} error={errors.subject} />
      <Input label="Message" multiline {...form.field('message')} error={errors.message} />
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

type InputProps = {
  label: string;
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
    className: 'w-full rounded border border-text/40 bg-background px-3 py-2 text-text',
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium text-sm">
        {label}
      </label>
      {multiline ? <textarea rows={5} {...common} {...rest} /> : <input {...common} {...rest} />}
      {/* Red text fails contrast on the dark themes; a red bar with text in the theme colour works on all. */}
      {error ? (
        <p id={`${id}-error`} role="alert" className="border-red-600 border-l-4 pl-2 font-semibold text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
