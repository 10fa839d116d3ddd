import { zodResolver } from '@hookform/resolvers/zod';
import { encodePassword } from '@stashblog/contract/auth';
import { endpoints } from '@stashblog/contract/endpoints';
import { onboardingTexts } from '@stashblog/contract/onboarding';
import { type Plan, plans } from '@stashblog/contract/platform';
import { specTexts } from '@stashblog/contract/spec-texts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { api, isOk, toastFailure } from '../../lib/api-client';
import { Field } from '../../ui/field';
import { toast } from '../../ui/toasts';
import { BusinessNameFields } from './business-name-field';
import { type SignUpFlowForm, signUpFlowForm } from './sign-up-flow-form';

type Props = {
  /** Fixed by /getStarted/{planType}; chosen in the form otherwise. */
  plan?: Plan;
  /** The Get Started page asks for phone and address too ('Tell Us About You'). */
  withContactDetails?: boolean;
  initial?: Partial<SignUpFlowForm>;
};

/** Sends a valid sign-up form; the address the verification link went to, or null (failure toasted). */
export async function submitSignUp(v: SignUpFlowForm): Promise<string | null> {
  const result = await api(endpoints.onboarding.signUp, {
    plan: v.plan,
    name: v.name,
    email: v.email,
    phoneNo: v.phoneNo,
    address: v.address,
    displayName: v.displayName,
    businessName: v.businessName.trim(),
    password: encodePassword(v.password),
  });
  if (!isOk(result)) {
    toastFailure(result);
    return null;
  }
  toast.success(specTexts.signedUp);
  return result.payload.email;
}

/** Creates the business: 'Next' on /getStarted and the Sign up tab of /signIn both end here. */
export function SignUpFlow({ plan, withContactDetails = false, initial = {} }: Props) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignUpFlowForm>({
    resolver: zodResolver(signUpFlowForm),
    defaultValues: {
      plan: plan ?? 'Basic',
      name: '',
      email: '',
      phoneNo: '',
      address: '',
      displayName: '',
      businessName: '',
      password: '',
      confirmPassword: '',
      ...initial,
    },
  });

  const submit = handleSubmit(async (v) => {
    const email = await submitSignUp(v);
    if (email) setSentTo(email);
  });

  if (sentTo) return <CheckEmail email={sentTo} />;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {plan ? null : (
        <label className="flex flex-col gap-1">
          <span className="font-medium text-sm">Plan</span>
          <select {...register('plan')} className="rounded border border-black/20 bg-background px-3 py-2">
            {plans.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
      )}
      <Field label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      {withContactDetails ? (
        <Field
          label="Phone number"
          type="text"
          inputMode="numeric"
          maxLength={10}
          autoComplete="tel-national"
          error={errors.phoneNo?.message}
          {...register('phoneNo')}
        />
      ) : null}
      <Field label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      {withContactDetails ? (
        <Field label="Full address" autoComplete="street-address" error={errors.address?.message} {...register('address')} />
      ) : null}
      <BusinessNameFields control={control} />
      <Field label="Password" type="password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
      <Field
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <button type="submit" disabled={isSubmitting} className="rounded bg-primary py-2 font-semibold text-on-primary disabled:opacity-60">
        {isSubmitting ? 'Creating your site…' : 'Next'}
      </button>
    </form>
  );
}

export function CheckEmail({ email }: { email: string }) {
  const [busy, setBusy] = useState(false);
  async function resend() {
    if (busy) return;
    setBusy(true);
    const result = await api(endpoints.onboarding.resendVerification, { email });
    setBusy(false);
    if (isOk(result)) toast.info(result.message);
    else toastFailure(result);
  }
  return (
    <div role="status" className="flex flex-col gap-4 text-center">
      <h2 className="font-semibold text-xl">Check your email</h2>
      <p>{onboardingTexts.checkEmail(email)}</p>
      <button
        type="button"
        onClick={resend}
        disabled={busy}
        className="self-center rounded border border-black/20 px-4 py-2 disabled:opacity-60"
      >
        {busy ? 'Sending…' : 'Send the link again'}
      </button>
      <Link to="/signIn" className="text-sm underline">
        Already verified? Sign in
      </Link>
    </div>
  );
}
