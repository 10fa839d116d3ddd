import { type AppLoadContext, data } from 'react-router';

export type PrivateLinkPageData = { businessName: string; onOwnDomain: boolean };

/**
 * SSR loader of the private link viewer: only whose store it is. The content is fetched by the browser
 * once its device fingerprint is known (the server binds the link to that device), so nothing private
 * is in the server-rendered HTML.
 */
export function loadPrivateLinkPage(context: AppLoadContext, request: Request, params: { businessName?: string }) {
  const { tenant } = context;
  const page: PrivateLinkPageData = {
    businessName: params.businessName ?? tenant?.businessName ?? '',
    onOwnDomain: tenant?.onOwnDomain ?? false,
  };
  // The device cookie goes out with the page, so the browser's content request already carries it.
  const { setCookie } = context.services.deviceFromCookies(request.headers.get('cookie'));
  return data(page, setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined);
}
