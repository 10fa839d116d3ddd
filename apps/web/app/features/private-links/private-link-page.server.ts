import { deviceFromCookies } from '@stashblog/server/modules/private-links/device-cookie.ts';
import { type AppLoadContext, data } from 'react-router';

type Tenant = { businessName: string; onOwnDomain: boolean };

export type PrivateLinkPageData = { businessName: string; onOwnDomain: boolean };

/**
 * SSR loader of the private link viewer: only whose store it is. The content is fetched by the browser
 * once its device fingerprint is known (the server binds the link to that device), so nothing private
 * is in the server-rendered HTML.
 */
export function loadPrivateLinkPage(context: AppLoadContext, request: Request, params: { businessName?: string }) {
  const t = context.tenant as Partial<Tenant> | null | undefined;
  const tenant = t && typeof t.businessName === 'string' ? { businessName: t.businessName, onOwnDomain: t.onOwnDomain === true } : null;
  const page: PrivateLinkPageData = {
    businessName: params.businessName ?? tenant?.businessName ?? '',
    onOwnDomain: tenant?.onOwnDomain ?? false,
  };
  // The device cookie goes out with the page, so the browser's content request already carries it.
  const { setCookie } = deviceFromCookies(context.ctx.config, request.headers.get('cookie'));
  return data(page, setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined);
}
