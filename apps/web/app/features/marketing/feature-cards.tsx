import { Icon } from './icons';

// SPEC §1: five clickable cards, each showing its description on click. Native <details>: works before
// hydration and without JavaScript, opens with Enter/Space, and says 'expanded/collapsed' to screen readers.
export function FeatureCards({ items }: { items: readonly { title: string; text: string }[] }) {
  return (
    <ul className="mt-12 grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-5">
      {items.map((f) => (
        <li key={f.title}>
          <details className="group rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition open:bg-indigo-600 open:text-white open:ring-indigo-600">
            <summary className="flex cursor-pointer list-none items-center gap-3 rounded-2xl p-5 [&::-webkit-details-marker]:hidden">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600 group-open:bg-white/15 group-open:text-white">
                <Icon name={f.title} />
              </span>
              <span className="flex-1 font-semibold text-lg">{f.title}</span>
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="size-5 transition group-open:rotate-45"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M12 5v14M5 12h14" />
              </svg>
            </summary>
            <p className="px-5 pb-5 text-indigo-50 leading-7">{f.text}</p>
          </details>
        </li>
      ))}
    </ul>
  );
}
