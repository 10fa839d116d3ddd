import { Link } from 'react-router';
import { formatRupees } from '../../speed/format';
import { Icon } from './icons';
import { getStartedPath, plans } from './plans';

/** SPEC plans Basic, Advanced, Advanced +, Pro, each leading to /getStarted/{planType}. */
export function PricingCards() {
  return (
    <ul className="mx-auto grid max-w-7xl gap-6 px-4 sm:grid-cols-2 sm:px-6 xl:grid-cols-4">
      {plans.map((plan) => (
        <li
          key={plan.name}
          className={`relative flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ${plan.featured ? 'shadow-xl ring-2 ring-indigo-600' : 'ring-slate-200'}`}
        >
          {plan.featured ? (
            <p className="-top-3 absolute left-6 rounded-full bg-indigo-600 px-3 py-1 font-semibold text-white text-xs">Most popular</p>
          ) : null}
          <h2 className="font-bold text-slate-900 text-xl">{plan.name}</h2>
          <p className="mt-1 text-slate-600">{plan.blurb}</p>
          <p className="mt-6 flex items-baseline gap-1">
            <span className="font-extrabold text-4xl text-slate-900 tracking-tight">{formatRupees(plan.price, 'whole')}</span>
            <span className="text-slate-500">/ month</span>
          </p>
          <ul className="mt-6 flex-1 space-y-3 text-slate-700">
            {plan.features.map((f) => (
              <li key={f} className="flex gap-2">
                <Icon name="Check" className="mt-0.5 size-5 shrink-0 text-indigo-600" />
                {f}
              </li>
            ))}
          </ul>
          <Link
            to={getStartedPath(plan)}
            aria-label={`Get started with ${plan.name}`}
            className={`mt-8 block rounded-lg px-4 py-3 text-center font-semibold ${plan.featured ? 'bg-indigo-600 text-white hover:bg-indigo-700' : 'bg-indigo-50 text-indigo-700 hover:bg-indigo-100'}`}
          >
            Get Started
          </Link>
        </li>
      ))}
    </ul>
  );
}
