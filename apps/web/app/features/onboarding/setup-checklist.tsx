import { endpoints } from '@stashblog/contract/endpoints';
import type { Checklist } from '@stashblog/contract/onboarding';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { apiPayload } from '../../lib/api-client';

const steps: { key: keyof Pick<Checklist, 'logo' | 'product' | 'catalogue' | 'theme'>; label: string; to: string; hint: string }[] = [
  { key: 'logo', label: 'Add your logo', to: '/userAdmin/userProfileInfo', hint: 'Shown in your site header and on the directory.' },
  { key: 'product', label: 'Add your first product', to: '/userAdmin/addProduct', hint: 'Name, photos, price; make it public to show it.' },
  { key: 'catalogue', label: 'Make your first catalogue', to: '/userAdmin/addCatalogue', hint: 'Group at least 3 products.' },
  { key: 'theme', label: 'Pick a theme', to: '/userAdmin/settings/themes', hint: 'Colours and layout of your storefront.' },
];

/** The admin empty state: what a new owner still has to do; gone once everything is done. */
export function SetupChecklist() {
  const { data } = useQuery({
    queryKey: ['onboarding', 'checklist'],
    queryFn: () => apiPayload(endpoints.userAdminOnboarding.checklist),
  });
  if (!data) return null;
  const done = steps.filter((s) => data[s.key]).length;
  if (done === steps.length) return null;
  return (
    <section aria-labelledby="setup-heading" className="rounded-lg border border-black/10 bg-surface p-5">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="setup-heading" className="font-semibold text-lg">
          Set up your site
        </h2>
        <span className="text-sm text-text/70">
          {done} of {steps.length} done · {data.plan} plan
        </span>
      </div>
      <ol className="grid gap-3 sm:grid-cols-2">
        {steps.map((s) => (
          <li key={s.key} className="flex items-start gap-3 rounded bg-background p-3">
            <span
              aria-hidden="true"
              className={`mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-sm ${data[s.key] ? 'bg-green-700 text-white' : 'border border-black/30'}`}
            >
              {data[s.key] ? '✓' : ''}
            </span>
            <div className="min-w-0">
              {data[s.key] ? (
                <span className="font-medium line-through">{s.label}</span>
              ) : (
                <Link to={s.to} className="font-medium underline">
                  {s.label}
                </Link>
              )}
              <span className="sr-only">{data[s.key] ? ' (done)' : ' (to do)'}</span>
              <p className="text-sm text-text/70">{s.hint}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
