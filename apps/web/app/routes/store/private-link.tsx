import { useSearchParams } from 'react-router';
import { loadPrivateLinkPage } from '../../features/private-links/private-link-page.server';
import { linkFromSearch, PrivateLinkViewer } from '../../features/private-links/private-link-viewer';
import { QueryProvider } from '../../ui/query-provider';
import type { Route } from './+types/private-link';

export function loader({ context, request, params }: Route.LoaderArgs) {
  return loadPrivateLinkPage(context, request, params);
}

// Never stored by browsers or shared caches; never indexed (the tenant hook also sends X-Robots-Tag).
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ 'Cache-Control': 'private, no-store' });
  const cookie = loaderHeaders.get('Set-Cookie');
  if (cookie) headers.set('Set-Cookie', cookie);
  return headers;
}

export const meta: Route.MetaFunction = () => [{ title: 'Private link' }, { name: 'robots', content: 'noindex, nofollow' }];

/** /{businessName}/privateLink?pq=… or ?cq=… (and /privateLink on a custom domain). */
export default function PrivateLinkPage({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const link = linkFromSearch(search);
  return (
    <QueryProvider>
      <PrivateLinkViewer
        key={link ? `${link.kind}:${link.code}` : 'none'}
        businessName={loaderData.businessName}
        onOwnDomain={loaderData.onOwnDomain}
        link={link}
      />
    </QueryProvider>
  );
}
