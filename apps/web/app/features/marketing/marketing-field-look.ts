import type { FieldLook } from '../../ui/field';

/** The marketing site's fields (Get Started, Support): slate and indigo on white, whatever the theme. */
export const marketingLook: FieldLook = {
  box: 'flex flex-col gap-1.5',
  label: 'font-medium text-slate-700 text-sm',
  control:
    'w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-indigo-600 focus:outline-none focus:ring-2 focus:ring-indigo-600/30',
  invalid: 'border-red-600',
  prefix: 'inline-flex items-center rounded-l-lg border border-slate-300 border-r-0 bg-slate-50 px-3 text-slate-600',
  note: 'text-slate-500',
  error: 'font-medium text-red-700 text-sm',
};
