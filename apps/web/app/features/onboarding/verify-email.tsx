import { endpoints } from '@stashblog/contract/endpoints';
import { onboardingTexts } from '@stashblog/contract/onboarding';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, isOk } from '../../lib/api-client';
import { clearSession, setToken } from '../../lib/session';
import { toast } from '../../ui/toasts';
import { forgetOwner } from '../admin/guard';

/** The page the mail's link opens: verifies once, signs the new owner in, opens the admin area. */
export function VerifyEmail({ token }: { token: string }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    (async () => {
      const result = await api(endpoints.onboarding.verifyEmail, { token });
      if (!isOk(result)) return setError(result.error || onboardingTexts.linkInvalid);
      clearSession();
      forgetOwner();
      setToken(result.payload.authorization);
      toast.success(onboardingTexts.verified);
      navigate('/userAdmin/dashboard', { replace: true });
    })();
  }, [token, navigate]);

  return (
    <main className="flex min-h-screen items-center justify-center bg-surface px-4 py-10">
      <div className="w-full max-w-md rounded-xl bg-background p-6 text-center shadow-lg sm:p-8">
        {error ? (
          <>
            <h1 className="mb-3 font-bold text-2xl">Verification failed</h1>
            <p role="alert" className="mb-4">
              {error}
            </p>
            <Link to="/signIn" className="underline">
              Go to sign in
            </Link>
          </>
        ) : (
          <p role="status">Verifying your email…</p>
        )}
      </div>
    </main>
  );
}
