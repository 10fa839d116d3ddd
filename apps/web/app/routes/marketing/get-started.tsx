import { data, Link } from 'react-router';
import { planFromParam } from '../../features/marketing/plans';
import { PageHero } from '../../features/marketing/section';
import { marketingMeta } from '../../features/marketing/seo';
import { TellUsForm } from '../../features/marketing/tell-us-form';
import type { Route } from './+types/get-started';

// SPEC /getStarted/{planType}: planType is base64 of a JSON string such as 'Basic-Plan'. Anything else
// (bad base64, not JSON, unknown plan) gets a friendly page with status 404, never an error.
export function loader({ params }: Route.LoaderArgs) {
  const plan = planFromParam(params.planType);
  if (!plan) return data({ planName: null }, { status: 404 });
  return { planName: plan.name };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  marketingMeta(matches, {
    title: loaderData?.planName ? `Get Started with ${loaderData.planName}` : 'Get Started',
    description: 'Tell us about you and your business to start your StashBlog showcase.',
    path: `/getStarted/${encodeURIComponent(params.planType ?? '')}`,
    noindex: true,
  });

export default function GetStartedPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.planName) {
    return (
      <main>
        <PageHero title="Get Started" text="We could not recognise the plan in this link. Please pick one of our plans to continue.">
          <Link to="/pricing" className="mt-8 inline-block rounded-lg bg-indigo-600 px-6 py-3 font-semibold text-white hover:bg-indigo-700">
            See the plans
          </Link>
        </PageHero>
      </main>
    );
  }
  return (
    <main className="pb-4">
      <PageHero
        title="Get Started"
        text={`Great choice: the ${loaderData.planName} plan. A few details and your showcase is on its way.`}
      />
      <div className="px-4 sm:px-6">
        <TellUsForm planName={loaderData.planName} />
      </div>
    </main>
  );
}
