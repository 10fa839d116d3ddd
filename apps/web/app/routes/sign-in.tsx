import { zodResolver } from '@hookform/resolvers/zod';
import { encodePassword, type LogInBody, logInBody } from '@stashblog/contract/auth';
import { endpoints } from '@stashblog/contract/endpoints';
import { specTexts } from '@stashblog/contract/spec-texts';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { SignUpFlow } from '../features/onboarding/sign-up-flow';
import { api, isOk } from '../lib/api-client';
import { getToken, setToken } from '../lib/session';
import { Field } from '../ui/field';
import { toast } from '../ui/toasts';

export const meta = () => [{ title: 'Sign In | StashBlog' }, { name: 'description', content: specTexts.defaultDescription }];

const dashboard = '/userAdmin/dashboard';

export default function SignInPage() {
  const navigate = useNavigate();
  const [tab, setTab] = useState<'signIn' | 'signUp'>('signIn');

  // SPEC §2: an authorised visitor goes straight to the dashboard.
  useEffect(() => {
    if (getToken()) navigate(dashboard, { replace: true });
  }, [navigate]);

  return (
    <main className="flex min-h-screen items-center justify-center bg-surface px-4 py-10">
      <div className="w-full max-w-md rounded-xl bg-background p-6 shadow-lg sm:p-8">
        <Link to="/home" className="mb-6 block text-center font-bold text-2xl">
          StashBlog
        </Link>
        {/* The page's heading for screen readers and outlines; the tabs below say the same to the eye. */}
        <h1 className="sr-only">{tab === 'signIn' ? 'Sign In' : 'Sign Up'}</h1>
        <div
          role="tablist"
          aria-label="Sign in or sign up"
          className="mb-6 grid grid-cols-2 rounded-lg bg-surface p-1"
          onKeyDown={(e) => {
            // WAI-ARIA tabs: arrow keys (and Home/End) move between the two tabs.
            if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) return;
            e.preventDefault();
            const next = e.key === 'Home' ? 'signIn' : e.key === 'End' ? 'signUp' : tab === 'signIn' ? 'signUp' : 'signIn';
            setTab(next);
            document.getElementById(`tab-${next}`)?.focus();
          }}
        >
          {(['signIn', 'signUp'] as const).map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              id={`tab-${t}`}
              aria-selected={tab === t}
              aria-controls={`panel-${t}`}
              tabIndex={tab === t ? 0 : -1}
              onClick={() => setTab(t)}
              className={`rounded-md py-2 font-medium ${tab === t ? 'bg-primary text-on-primary' : ''}`}
            >
              {t === 'signIn' ? 'Sign In' : 'Sign Up'}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
          {tab === 'signIn' ? <SignInForm onSignedIn={() => navigate(dashboard, { replace: true })} /> : <SignUp />}
        </div>
      </div>
    </main>
  );
}

function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LogInBody>({ resolver: zodResolver(logInBody), defaultValues: { email: '', password: '' } });

  const submit = handleSubmit(async ({ email, password }) => {
    const result = await api(endpoints.authUser.logIn, { email, password: encodePassword(password) });
    if (isOk(result) && result.payload?.authorization) {
      setToken(result.payload.authorization);
      toast.success(specTexts.signedIn);
      onSignedIn();
      return;
    }
    const text = result.error || result.message;
    if (text && text !== specTexts.ignoredError) toast.warning(text);
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <Field label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
      <div className="text-right">
        <Link to="/forgotPassword" className="text-sm underline">
          Forgot Password?
        </Link>
      </div>
      <button type="submit" disabled={isSubmitting} className="rounded bg-primary py-2 font-semibold text-on-primary disabled:opacity-60">
        {isSubmitting ? 'Signing In…' : 'Sign In'}
      </button>
    </form>
  );
}

// The Sign up tab continues into self sign-up (the same flow as /getStarted/{planType}).
function SignUp() {
  return <SignUpFlow />;
}
