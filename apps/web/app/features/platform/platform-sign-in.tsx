import { zodResolver } from '@hookform/resolvers/zod';
import { encodePassword, type LogInBody, logInBody } from '@stashblog/contract/auth';
import { endpoints } from '@stashblog/contract/endpoints';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Field } from '../../ui/field';
import { toast } from '../../ui/toasts';
import { getPlatformToken, isPlatformOk, platformApi, setPlatformToken } from './platform-api';

export function PlatformSignIn() {
  const navigate = useNavigate();
  useEffect(() => {
    if (getPlatformToken()) navigate('/platform', { replace: true });
  }, [navigate]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LogInBody>({ resolver: zodResolver(logInBody), defaultValues: { email: '', password: '' } });

  const submit = handleSubmit(async ({ email, password }) => {
    const result = await platformApi(endpoints.authPlatform.logIn, {
      email,
      password: encodePassword(password),
    });
    if (isPlatformOk(result) && result.payload.authorization) {
      setPlatformToken(result.payload.authorization);
      navigate('/platform', { replace: true });
      return;
    }
    toast.warning(result.error || result.message || 'Could not sign in');
  });

  return (
    <main className="flex min-h-screen items-center justify-center bg-neutral-100 px-4 py-10">
      <div className="w-full max-w-md rounded-xl bg-background p-6 shadow-lg sm:p-8">
        <h1 className="mb-1 text-center font-bold text-2xl">StashBlog platform</h1>
        <p className="mb-6 text-center text-sm text-text/70">For platform admins only. Business owners sign in at /signIn.</p>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <Field label="Email" type="email" autoComplete="username" error={errors.email?.message} {...register('email')} />
          <Field
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <button
            type="submit"
            disabled={isSubmitting}
            className="rounded bg-neutral-900 py-2 font-semibold text-white disabled:opacity-60"
          >
            {isSubmitting ? 'Signing In…' : 'Sign In'}
          </button>
        </form>
      </div>
    </main>
  );
}
