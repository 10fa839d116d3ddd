import { services } from './content';
import { Icon } from './icons';

/** SPEC §1 services: Listing, Management, Insights, Marketing, Responsive. */
export function ServicesGrid() {
  return (
    <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
      {services.map((s) => (
        <li key={s.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <span className="text-indigo-600">
            <Icon name={s.title} className="size-8" />
          </span>
          <h3 className="mt-4 font-semibold text-lg text-slate-900">{s.title}</h3>
          <p className="mt-2 text-slate-600 text-sm leading-6">{s.text}</p>
        </li>
      ))}
    </ul>
  );
}
