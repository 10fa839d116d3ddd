import { specTexts } from '@stashblog/contract/spec-texts';
import { data, Link } from 'react-router';
import { marketingMeta } from '../../features/marketing/seo';
import type { Route } from './+types/not-found';

// SPEC §2 /Error_404_Not_Found: 'Page Not Found', headed '!! Error !!' (also where an unknown domain lands).
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...marketingMeta(matches, { path: '/Error_404_Not_Found', noindex: true }).filter((m) => !('title' in m)),
  { title: specTexts.notFoundTitle },
];

export default function NotFoundPage() {
  return (
    <main className="bg-gradient-to-b from-indigo-50 to-white">
      <div className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center px-4 py-20 text-center">
        <p className="font-extrabold text-7xl text-indigo-600 tracking-tight sm:text-8xl">404</p>
        <h1 className="mt-4 font-bold text-3xl text-slate-900 sm:text-4xl">{specTexts.notFoundHeading}</h1>
        <p className="mt-4 text-lg text-slate-600">{specTexts.notFoundTitle}. The page you asked for does not exist or has moved.</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/home" className="rounded-lg bg-indigo-600 px-6 py-3 font-semibold text-white hover:bg-indigo-700">
            Go to Home
          </Link>
          <Link
            to="/support"
            className="rounded-lg bg-white px-6 py-3 font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            Contact Support
          </Link>
        </div>
      </div>
    </main>
  );
}
