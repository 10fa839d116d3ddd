import { PricingCards } from '../../features/marketing/pricing-cards';
import { PageHero } from '../../features/marketing/section';
import { marketingMeta } from '../../features/marketing/seo';
import type { Route } from './+types/pricing';

export const meta: Route.MetaFunction = ({ matches }) =>
  marketingMeta(matches, { title: 'Pricing', description: 'StashBlog plans: Basic, Advanced, Advanced + and Pro.', path: '/pricing' });

export default function PricingPage() {
  return (
    <main>
      <PageHero
        title="Simple, honest pricing"
        text="Pick the plan that fits your range today; change it whenever your business grows. Prices in rupees, taxes extra."
      />
      <PricingCards />
    </main>
  );
}
