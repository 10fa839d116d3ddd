import { zodResolver } from '@hookform/resolvers/zod';
import { limits } from '@stashblog/contract/limits';
import type { Plan } from '@stashblog/contract/platform';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field } from '../../ui/field';
import { BusinessNameFields } from '../onboarding/business-name-field';
import { CheckEmail, submitSignUp } from '../onboarding/sign-up-flow';
import { type SignUpFlowForm, signUpFlowForm } from '../onboarding/sign-up-flow-form';
import { marketingLook } from './marketing-field-look';

/** SPEC "Get Started": 'Tell Us About You' with the plan badge; Next creates the business (modules/onboarding). */
export function TellUsForm({ planName }: { planName: Plan }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignUpFlowForm>({
    resolver: zodResolver(signUpFlowForm),
    defaultValues: {
      plan: planName,
      name: '',
      email: '',
      phoneNo: '',
      address: '',
      displayName: '',
      businessName: '',
      password: '',
      confirmPassword: '',
    },
  });
  const submit = handleSubmit(async (v) => {
    const email = await submitSignUp(v);
    if (email) setSentTo(email);
  });

  return (
    <form
      aria-labelledby="tell-us-title"
      onSubmit={submit}
      noValidate
      className="mx-auto w-full max-w-2xl rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-10"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="tell-us-title" className="font-bold text-2xl text-slate-900">
          Tell Us About You
        </h2>
        <p className="rounded-full bg-indigo-100 px-3 py-1 font-semibold text-indigo-700 text-sm">
          <span className="sr-only">Plan: </span>
          {planName}
        </p>
      </div>
      {sentTo ? (
        <div className="mt-8 text-slate-900">
          <CheckEmail email={sentTo} />
        </div>
      ) : (
        <>
          <div className="mt-8 grid gap-5 sm:grid-cols-2">
            <Field look={marketingLook} label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
            <Field
              look={marketingLook}
              label="Phone Number"
              type="text"
              inputMode="numeric"
              maxLength={limits.phoneLength}
              autoComplete="tel-national"
              prefix={limits.phonePrefix}
              error={errors.phoneNo?.message}
              {...register('phoneNo')}
            />
            <Field
              look={marketingLook}
              label="Email"
              type="email"
              autoComplete="email"
              error={errors.email?.message}
              {...register('email')}
            />
            <BusinessNameFields
              control={control}
              look={marketingLook}
              labels={{ displayName: 'Business Name', businessName: 'Site Address' }}
              addressClassName="sm:col-span-2"
            />
            <div className="sm:col-span-2">
              <Field
                look={marketingLook}
                label="Full Address"
                rows={3}
                autoComplete="street-address"
                error={errors.address?.message}
                {...register('address')}
              />
            </div>
            <Field
              look={marketingLook}
              label="Password"
              type="password"
              autoComplete="new-password"
              error={errors.password?.message}
              {...register('password')}
            />
            <Field
              look={marketingLook}
              label="Confirm Password"
              type="password"
              autoComplete="new-password"
              error={errors.confirmPassword?.message}
              {...register('confirmPassword')}
            />
          </div>
          <div className="mt-8 flex flex-wrap items-center justify-between gap-4">
            <p className="text-slate-500 text-sm">We will email you a link to verify your address and open your admin area.</p>
            <button
              type="submit"
              disabled={isSubmitting}
              className="rounded-lg bg-indigo-600 px-8 py-3 font-semibold text-white shadow hover:bg-indigo-700 disabled:opacity-60"
            >
              {isSubmitting ? 'Creating…' : 'Next'}
            </button>
          </div>
        </>
      )}
    </form>
  );
}
