import { ContactDetails } from '../../features/store/contact-details';
import { storeMeta } from '../../features/store/seo';
import { requireTenant } from '../../features/store/store.server';
import { storeFromMatches, useStore } from '../../features/store/use-store';
import type { Route } from './+types/contact-us';

// The page's data is the layout's profile; this only refuses requests without a business.
export function loader({ context, params }: Route.LoaderArgs) {
  requireTenant(context, params);
  return null;
}

export function headers() {
  return { 'Cache-Control': 'public, max-age=0, must-revalidate' };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const store = storeFromMatches(matches);
  return storeMeta(store, { page: 'Contact Us', path: store?.path('/contactus') ?? '/contactus' });
};

export default function ContactUsPage() {
  return <ContactDetails store={useStore()} />;
}
