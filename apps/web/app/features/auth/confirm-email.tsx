import { accountTexts } from '@stashblog/contract/auth';
import { endpoints } from '@stashblog/contract/endpoints';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { api, isOk } from '../../lib/api-client';
import { getToken } from '../../lib/session';
import { forgetOwner } from '../admin/guard';

/**
 * /confirmEmail?token=…: the link mailed to a new sign-in address. Opened once, the address becomes the
 * sign-in email and every other session ends (this browser's own stays: the call carries it).
 */
export function ConfirmEmail({ token }: { token: string }) {
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [signedIn, setSignedIn] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    setSignedIn(Boolean(getToken()));
    if (!token) return setOutcome({ ok: false, text: accountTexts.emailLinkMissing });
    api(endpoints.authUser.confirmEmail, { token }).then((result) => {
      if (isOk(result)) {
        forgetOwner();
        setOutcome({ ok: true, text: accountTexts.emailConfirmed(result.payload.email) });
      } else setOutcome({ ok: false, text: result.error || accountTexts.emailLinkInvalid });
    });
  }, [token]);

  if (!outcome) {
    return (
      <p role="status" aria-busy="true">
        Confirming your new email…
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <p
        role={outcome.ok ? 'status' : 'alert'}
        className={`rounded p-4 ${outcome.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-800'}`}
      >
        {outcome.text}
      </p>
      {signedIn ? (
        <Link to="/userAdmin/userProfileInfo" className="block rounded bg-primary py-2 text-center font-semibold text-on-primary">
          Go to your profile
        </Link>
      ) : (
        <Link to="/signIn" className="block rounded bg-primary py-2 text-center font-semibold text-on-primary">
          Sign in
        </Link>
      )}
    </div>
  );
}
