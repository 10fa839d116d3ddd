import { zodResolver } from '@hookform/resolvers/zod';
import { limits } from '@stashblog/contract/limits';
import type { Plan } from '@stashblog/contract/platform';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { businessNameStatusText, useBusinessNameCheck } from '../onboarding/business-name-field';
import { CheckEmail, submitSignUp } from '../onboarding/sign-up-flow';
import { type SignUpFlowForm, signUpFlowForm } from '../onboarding/sign-up-flow-form';

const fieldClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-indigo-600 focus:outline-none focus:ring-2 focus:ring-indigo-600/30';

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
    defaultValues: { plan: planName, name: '', email: '', phoneNo: '', address: '', businessName: '', password: '', confirmPassword: '' },
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
            <Input label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
            <Input
              label="Phone Number"
              type="tel"
              inputMode="numeric"
              maxLength={limits.phoneLength}
              autoComplete="tel-national"
              prefix={limits.phonePrefix}
              error={errors.phoneNo?.message}
              {...register('phoneNo')}
            />
            <Input label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
            <Controller
              control={control}
              name="businessName"
              render={({ field, fieldState }) => (
                <BusinessNameInput
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(e) => field.onChange(e.target.value.toLowerCase().replace(/\s+/g, '-'))}
                  error={fieldState.error?.message}
                />
              )}
            />
            <div className="sm:col-span-2">
              <Input
                label="Full Address"
                multiline
                autoComplete="street-address"
                error={errors.address?.message}
                {...register('address')}
              />
            </div>
            <Input
              label="Password"
              type="password"
              autoComplete="new-password"
              error={errors.password?.message}
              {...register('password')}
            />
            <Input
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

type InputProps = {
  label: string;
  name: string;
  type?: string;
  multiline?: boolean;
  prefix?: string;
  error?: string;
  hint?: React.ReactNode;
  ref?: React.Ref<HTMLInputElement & HTMLTextAreaElement>;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'prefix'>;

function Input({ label, name, type = 'text', multiline, prefix, error, hint, ref, ...rest }: InputProps) {
  const id = useId();
  const described = error || hint ? `${id}-note` : undefined;
  const common = { id, name, ref, 'aria-invalid': error ? true : undefined, 'aria-describedby': described };
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-slate-700 text-sm">
        {label}
      </label>
      {multiline ? (
        <textarea
          {...common}
          rows={3}
          className={fieldClass}
          autoComplete={rest.autoComplete}
          onChange={rest.onChange as unknown as React.ChangeEventHandler<HTMLTextAreaElement>}
          onBlur={rest.onBlur as unknown as React.FocusEventHandler<HTMLTextAreaElement>}
        />
      ) : prefix ? (
        <div className="flex">
          <span className="inline-flex items-center rounded-l-lg border border-slate-300 border-r-0 bg-slate-50 px-3 text-slate-600">
            {prefix}
          </span>
          <input {...common} type={type} className={`${fieldClass} rounded-l-none`} {...rest} />
        </div>
      ) : (
        <input {...common} type={type} className={fieldClass} {...rest} />
      )}
      {error ? (
        <p id={described} role="alert" className="text-red-700 text-sm">
          {error}
        </p>
      ) : hint ? (
        <div id={described}>{hint}</div>
      ) : null}
    </div>
  );
}

/** Business Name with the live availability check (format, reserved words, uniqueness). */
function BusinessNameInput({ value, error, ...rest }: Omit<InputProps, 'label'> & { value: string }) {
  const status = useBusinessNameCheck(value);
  const note = businessNameStatusText(status, error);
  return (
    <Input
      label="Business Name"
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      value={value}
      error={note.problem ? note.text : undefined}
      hint={
        <p role="status" className={`text-sm ${note.text.startsWith('Business name is') ? 'text-green-700' : 'text-slate-500'}`}>
          {note.text}
        </p>
      }
      {...rest}
    />
  );
}
