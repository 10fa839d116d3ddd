import { zodResolver } from '@hookform/resolvers/zod';
import { encodePassword } from '@stashblog/contract/auth';
import { endpoints } from '@stashblog/contract/endpoints';
import { specTexts } from '@stashblog/contract/spec-texts';
import { useForm } from 'react-hook-form';
import { api, isOk, toastFailure } from '../../lib/api-client';
import { toastFirstError } from '../../ui/form-errors';
import { useConfirm } from '../../ui/modal';
import { toast } from '../../ui/toasts';
import { changePasswordForm, NewPasswordFields, newPasswordsReady, PasswordField } from '../auth/password-fields';

const empty = { current: '', next: '', again: '' };

/** SPEC "Change Password": show/hide, tick or cross for the match, Save only when filled and matching. */
export function ChangePasswordForm() {
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { isSubmitting: busy },
  } = useForm({ defaultValues: empty, resolver: zodResolver(changePasswordForm) });
  const [confirm, dialog] = useConfirm();
  const [current, next, again] = watch(['current', 'next', 'again']);
  const ready = current !== '' && newPasswordsReady(next, again);

  const submit = handleSubmit(async ({ current, next }) => {
    if (!(await confirm(specTexts.confirmChangePassword))) return;
    const result = await api(endpoints.userAdminUser.changePassword, {
      password: encodePassword(current),
      newPassword: encodePassword(next),
    });
    if (!isOk(result)) return toastFailure(result);
    toast.success(result.message);
    reset(empty);
  }, toastFirstError);

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <PasswordField label="Current password" autoComplete="current-password" {...register('current')} />
      <NewPasswordFields next={register('next')} again={register('again')} values={{ next, again }} />
      <p className="text-muted text-sm">Changing the password signs you out on every other device.</p>
      <div className="flex justify-end">
        <button type="submit" disabled={!ready || busy} className="rounded bg-primary px-6 py-2 text-on-primary disabled:opacity-60">
          {busy ? 'Saving…' : 'Save'}
        </button>
      </div>
      {dialog}
    </form>
  );
}
