import { about, mission } from '../../features/marketing/content';
import { PageHero, Section, SectionHeading } from '../../features/marketing/section';
import { marketingMeta } from '../../features/marketing/seo';
import { ServicesGrid } from '../../features/marketing/services-grid';
import type { Route } from './+types/about-us';

export const meta: Route.MetaFunction = ({ matches }) =>
  marketingMeta(matches, { title: 'About Us', description: 'Who we are, our mission and our services.', path: '/aboutUs' });

// SPEC §1: About Us, Our Mission, Our Services.
export default function AboutUsPage() {
  return (
    <main>
      <PageHero title="About Us" text={about} />
      <Section tone="white">
        <div className="grid gap-10 lg:grid-cols-2 lg:items-center">
          <SectionHeading title="Our Mission" />
          <p className="text-lg text-slate-600 leading-8">{mission}</p>
        </div>
      </Section>
      <Section tone="tint">
        <SectionHeading title="Our Services" centred />
        <ServicesGrid />
      </Section>
    </main>
  );
}
