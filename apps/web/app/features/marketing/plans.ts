import { decodeId, encodeId } from '@stashblog/contract/ids';

// SPEC §3/§9 plans. The planType in /getStarted/{planType} is base64 of a JSON string such as 'Basic-Plan'.
export type Plan = {
  name: 'Basic' | 'Advanced' | 'Advanced +' | 'Pro';
  planType: string;
  price: number;
  blurb: string;
  features: readonly string[];
  featured?: boolean;
};

export const plans: readonly Plan[] = [
  {
    name: 'Basic',
    planType: 'Basic-Plan',
    price: 499,
    blurb: 'For a first storefront.',
    features: ['Up to 50 products', '2 catalogues', 'Enquiries by email and in-app', 'Default theme and template'],
  },
  {
    name: 'Advanced',
    planType: 'Advanced-Plan',
    price: 999,
    blurb: 'For a growing range.',
    features: ['Up to 500 products', '20 catalogues', 'Private share links', 'All 12 themes and both templates', 'Leads CSV export'],
    featured: true,
  },
  {
    name: 'Advanced +',
    planType: 'AdvancedPlus-Plan',
    price: 1999,
    blurb: 'For busy sellers.',
    features: [
      'Up to 5,000 products',
      'Unlimited catalogues',
      'Your own domain',
      'Promoted listings in Showcases',
      'Everything in Advanced',
    ],
  },
  {
    name: 'Pro',
    planType: 'Pro-Plan',
    price: 3999,
    blurb: 'For exporters and brands.',
    features: ['Unlimited products', 'Prime profile in Showcases', 'Priority support', 'Onboarding help', 'Everything in Advanced +'],
  },
];

export function getStartedPath(plan: Plan): string {
  return `/getStarted/${encodeURIComponent(encodeId(plan.planType))}`;
}

/** The plan a /getStarted/{planType} segment names, or null for anything else (bad base64, not JSON, unknown plan). */
export function planFromParam(param: string | undefined): Plan | null {
  if (!param) return null;
  const planType = decodeId(param);
  if (!planType) return null;
  const key = planKey(planType);
  return plans.find((p) => planKey(p.planType) === key) ?? null;
}

// 'Advanced +-Plan', 'AdvancedPlus-Plan' and 'advanced plus' all name the same plan.
function planKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\s_-]*plan$/, '')
    .replace(/\+/g, 'plus')
    .replace(/[\s_-]/g, '');
}
