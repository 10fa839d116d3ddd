import { zodResolver } from '@hookform/resolvers/zod';
import { accountTexts, encodePassword } from '@stashblog/contract/auth';
import { endpoints } from '@stashblog/contract/endpoints';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { api, isOk, toastFailure } from '../../lib/api-client';
import { clearSession } from '../../lib/session';
import { toastFirstError } from '../../ui/form-errors';
import { toast } from '../../ui/toasts';
import { forgetOwner } from '../admin/guard';
import { NewPasswordFields, newPasswordsForm, newPasswordsReady } from './password-fields';

// What the server says of a link that no longer works (used, expired, unknown).
const linkProblems: string[] = [
  accountTexts.resetLinkMissing,
  accountTexts.resetLinkInvalid,
  accountTexts.resetLinkUsed,
  accountTexts.resetLinkExpired,
];

/**
 * /resetPassword?token=…: the new password twice, with Change Password's fields and warnings. The link
 * is checked on arrival, so a used or expired one says so at once and offers a new one. Saved: every
 * session is signed out and the owner signs in again with the new password.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [state, setState] = useState<'checking' | 'ready' | { problem: string }>(
    token ? 'checking' : { problem: accountTexts.resetLinkMissing },
  );
  const {
    register,
    handleSubmit,
    watch,
    formState: { isSubmitting: busy },
  } = useForm({ defaultValues: { next: '', again: '' }, resolver: zodResolver(newPasswordsForm) });
  const [next, again] = watch(['next', 'again']);

  useEffect(() => {
    if (!token) return;
    let live = true;
    api(endpoints.authUser.checkPasswordReset, { token }).then((result) => {
      if (!live) return;
      setState(isOk(result) ? 'ready' : { problem: result.error || accountTexts.resetLinkInvalid });
    });
    return () => {
      live = false;
    };
  }, [token]);

  const submit = handleSubmit(async ({ next }) => {
    const result = await api(endpoints.authUser.resetPassword, { token, newPassword: encodePassword(next) });
    if (!isOk(result)) {
      if (result.error && linkProblems.includes(result.error)) return setState({ problem: result.error });
      return toastFailure(result);
    }
    // Every session of the business ended, this browser's too.
    clearSession();
    forgetOwner();
    toast.success(accountTexts.passwordReset);
    navigate('/signIn', { replace: true });
  }, toastFirstError);

  if (state === 'checking') {
    return (
      <p role="status" aria-busy="true">
        Checking your link…
      </p>
    );
  }
  if (state !== 'ready') {
    return (
      <div className="space-y-4">
        <p role="alert" className="rounded bg-red-50 p-4 text-red-800">
          {state.problem}
        </p>
        <Link to="/forgotPassword" className="block rounded bg-primary py-2 text-center font-semibold text-on-primary">
          Send me a new link
        </Link>
        <Link to="/signIn" className="block text-center text-sm underline">
          Back to sign in
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <NewPasswordFields next={register('next')} again={register('again')} values={{ next, again }} />
      <p className="text-muted text-sm">Saving signs you out on every device; then sign in with the new password.</p>
      <button
        type="submit"
        disabled={!newPasswordsReady(next, again) || busy}
        className="w-full rounded bg-primary py-2 font-semibold text-on-primary disabled:opacity-60"
      >
        {busy ? 'Saving…' : 'Save new password'}
      </button>
    </form>
  );
}
