import { Link } from 'react-router';
import { contact } from '../../features/marketing/content';
import { Icon } from '../../features/marketing/icons';
import { PageHero } from '../../features/marketing/section';
import { marketingMeta } from '../../features/marketing/seo';
import { SupportForm } from '../../features/marketing/support-form';
import type { Route } from './+types/support';

export const meta: Route.MetaFunction = ({ matches }) =>
  marketingMeta(matches, { title: 'Support', description: 'Get in touch with the StashBlog team.', path: '/support' });

export default function SupportPage() {
  return (
    <main>
      <PageHero title="Get In touch" text="Questions about your storefront, your plan or anything else? Send us a message." />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-[1fr_2fr]">
        <aside className="space-y-6">
          <Info icon="Clock" title="Support hours" text={contact.hours} />
          <Info icon="Mail" title="Replies by email" text={contact.reply} />
          <Info icon="Support" title="Quick answers">
            Many questions are answered in our{' '}
            <Link to="/faq" className="font-medium text-indigo-700 underline underline-offset-2">
              FAQ
            </Link>
            .
          </Info>
        </aside>
        <section aria-label="Send a message" className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-10">
          <SupportForm />
        </section>
      </div>
    </main>
  );
}

function Info({ icon, title, text, children }: { icon: string; title: string; text?: string; children?: React.ReactNode }) {
  return (
    <div className="flex gap-4">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">
        <Icon name={icon} />
      </span>
      <div>
        <h2 className="font-semibold text-slate-900">{title}</h2>
        <p className="mt-1 text-slate-600">{text ?? children}</p>
      </div>
    </div>
  );
}
