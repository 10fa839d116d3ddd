import { limits } from '@stashblog/contract/limits';
import { useId } from 'react';

const fieldClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-indigo-600 focus:outline-none focus:ring-2 focus:ring-indigo-600/30';

/** SPEC "Get Started": 'Tell Us About You' with the plan badge; Next does nothing yet (onboarding comes later). */
export function TellUsForm({ planName }: { planName: string }) {
  return (
    <form
      aria-labelledby="tell-us-title"
      onSubmit={(e) => e.preventDefault()}
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
      <div className="mt-8 grid gap-5 sm:grid-cols-2">
        <Input label="Name" name="name" autoComplete="name" />
        <Input
          label="Phone Number"
          name="phoneNo"
          type="tel"
          inputMode="numeric"
          maxLength={limits.phoneLength}
          autoComplete="tel-national"
          prefix={limits.phonePrefix}
        />
        <Input label="Email" name="email" type="email" autoComplete="email" />
        <Input label="Business Name" name="businessName" autoComplete="organization" />
        <div className="sm:col-span-2">
          <Input label="Full Address" name="address" multiline autoComplete="street-address" />
        </div>
      </div>
      <div className="mt-8 flex flex-wrap items-center justify-between gap-4">
        <p className="text-slate-500 text-sm">Online sign-up opens soon; your details stay on this page for now.</p>
        <button type="submit" className="rounded-lg bg-indigo-600 px-8 py-3 font-semibold text-white shadow hover:bg-indigo-700">
          Next
        </button>
      </div>
    </form>
  );
}

type InputProps = {
  label: string;
  name: string;
  type?: string;
  multiline?: boolean;
  prefix?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'prefix'>;

function Input({ label, name, type = 'text', multiline, prefix, ...rest }: InputProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-slate-700 text-sm">
        {label}
      </label>
      {multiline ? (
        <textarea id={id} name={name} rows={3} className={fieldClass} autoComplete={rest.autoComplete} />
      ) : prefix ? (
        <div className="flex">
          <span className="inline-flex items-center rounded-l-lg border border-slate-300 border-r-0 bg-slate-50 px-3 text-slate-600">
            {prefix}
          </span>
          <input id={id} name={name} type={type} className={`${fieldClass} rounded-l-none`} {...rest} />
        </div>
      ) : (
        <input id={id} name={name} type={type} className={fieldClass} {...rest} />
      )}
    </div>
  );
}
