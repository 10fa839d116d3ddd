import { Link } from 'react-router';
import { PageHero } from '../../features/marketing/section';
import { marketingMeta } from '../../features/marketing/seo';
import type { Route } from './+types/temp';

export const meta: Route.MetaFunction = ({ matches }) => marketingMeta(matches, { title: 'Coming soon', path: '/temp', noindex: true });

// SPEC §2: /temp is a placeholder.
export default function TempPage() {
  return (
    <main>
      <PageHero title="Coming soon" text="This page is being built. Meanwhile, have a look around.">
        <Link to="/home" className="mt-8 inline-block rounded-lg bg-indigo-600 px-6 py-3 font-semibold text-white hover:bg-indigo-700">
          Go to Home
        </Link>
      </PageHero>
    </main>
  );
}
