import { zodResolver } from '@hookform/resolvers/zod';
import { accountTexts, passwordResetTtlMinutes, type RequestPasswordResetBody, requestPasswordResetBody } from '@stashblog/contract/auth';
import { endpoints } from '@stashblog/contract/endpoints';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { api, isOk, toastFailure } from '../../lib/api-client';
import { Field } from '../../ui/field';

/**
 * /forgotPassword: mails a reset link. The answer is the same whether or not the address has an
 * account; only a flood from this client is refused (429).
 */
export function ForgotPasswordForm({ email = '' }: { email?: string }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RequestPasswordResetBody>({ resolver: zodResolver(requestPasswordResetBody), defaultValues: { email } });

  const submit = handleSubmit(async (body) => {
    const result = await api(endpoints.authUser.requestPasswordReset, body);
    if (!isOk(result)) return toastFailure(result);
    setSentTo(body.email);
  });

  if (sentTo) {
    return (
      <div className="space-y-4">
        <p role="status" className="rounded bg-surface p-4">
          {accountTexts.resetRequested}
        </p>
        <p className="text-muted text-sm">
          The link works once, for {passwordResetTtlMinutes} minutes. Nothing there? Check the spam folder, or{' '}
          <button type="button" className="underline" onClick={() => setSentTo(null)}>
            try again
          </button>
          .
        </p>
        <Link to="/signIn" className="block text-center underline">
          Back to sign in
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-muted text-sm">Enter the email you sign in with. We will mail you a link to choose a new password.</p>
      <Field label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <button type="submit" disabled={isSubmitting} className="rounded bg-primary py-2 font-semibold text-on-primary disabled:opacity-60">
        {isSubmitting ? 'Sending…' : 'Send reset link'}
      </button>
      <Link to="/signIn" className="text-center text-sm underline">
        Back to sign in
      </Link>
    </form>
  );
}
