import type { AppLoadContext } from 'react-router';
import { or404, requireTenant } from './store.server';

/** About Us loader data: the business's about-us text and images, 404 for unknown or blocked. */
export async function loadAboutUs(
  context: AppLoadContext,
  params: { businessName?: string },
): Promise<{ images: string[]; description: string }> {
  const { businessName } = requireTenant(context, params);
  return (await or404(context, context.services.fetchAboutUs({ businessName }))).aboutUs;
}
