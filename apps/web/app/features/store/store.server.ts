import { decodeId } from '@stashblog/contract/ids';
import { isTemplate, isTheme, themeCssVariables } from '@stashblog/contract/themes';
import type { UserProfile } from '@stashblog/contract/users';
import type { Tenant } from '@stashblog/server/http/tenant.ts';
import { type AppLoadContext, data } from 'react-router';

/** The storefront a request is for: the server's tenant hook decides; the path segment is a fallback. */
export function storeTenant(context: AppLoadContext, params: { businessName?: string }): Tenant | null {
  if (context.tenant) return context.tenant;
  return params.businessName ? { businessName: params.businessName.toLowerCase(), onOwnDomain: false } : null;
}

export function requireTenant(context: AppLoadContext, params: { businessName?: string }): Tenant {
  const tenant = storeTenant(context, params);
  if (!tenant) throw data(null, { status: 404 });
  return tenant;
}

/** The business and decoded id of a product or catalogue page (`/…/products/{id}`); no such id → the 404 page. */
export function itemPageParams(context: AppLoadContext, params: { businessName?: string }, encodedId: string | undefined) {
  const businessName = params.businessName ?? context.tenant?.businessName;
  const id = decodeId(encodedId ?? '');
  if (!businessName || !id) throw data(null, { status: 404 });
  return { businessName, id, onOwnDomain: context.tenant?.onOwnDomain ?? false };
}

/** Service 404s (unknown, private, blocked) become the 404 page; anything else stays an error. */
export async function or404<T>(context: AppLoadContext, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if (context.services.isNotFound(e)) throw data(null, { status: 404 });
    throw e;
  }
}

export type StoreLayoutData = {
  profile: UserProfile;
  onOwnDomain: boolean;
  /** Absolute origin of canonical urls: the custom domain, or our public url. */
  origin: string;
  publicUrl: string;
  /**
   * The theme's CSS variables, worked out here so the storefront's client files carry no palette
   * table (decision 048's product-page weight).
   */
  themeStyle: Record<string, string>;
};

export async function loadStoreLayout(
  context: AppLoadContext,
  request: Request,
  params: { businessName?: string },
): Promise<StoreLayoutData> {
  const tenant = requireTenant(context, params);
  const profile = await or404(context, context.services.fetchPublicProfile({ businessName: tenant.businessName }));
  if (!profile) throw data(null, { status: 404 });
  const publicUrl = context.publicUrl;
  // The owner's Themes & Templates page links here with ?previewTheme=&previewTemplate= (opened in a
  // new tab) to show a choice before saving it; only known values are honoured.
  const search = new URL(request.url).searchParams;
  const previewTheme = search.get('previewTheme')?.replace(/^default$/, '');
  const previewTemplate = search.get('previewTemplate')?.replace(/^base$/, '');
  if (isTheme(previewTheme)) profile.theme = previewTheme;
  if (isTemplate(previewTemplate)) profile.template = previewTemplate;
  return {
    profile,
    onOwnDomain: tenant.onOwnDomain,
    origin: tenant.onOwnDomain ? new URL(request.url).origin : publicUrl,
    publicUrl,
    themeStyle: themeCssVariables(profile.theme),
  };
}
