import { storePath } from '@stashblog/contract/paths';
import { useRouteLoaderData } from 'react-router';
import type { StoreLayoutData } from './store.server';

// The store layout is mounted twice (own host `/:businessName/…`, custom domain without prefix).
export const storeLayoutIds = ['store-layout', 'domain-store-layout'] as const;

/** The storefront around the current page: profile (theme, template, contact), link builder. */
export function useStore() {
  const own = useRouteLoaderData<StoreLayoutData | null>(storeLayoutIds[0]);
  const domain = useRouteLoaderData<StoreLayoutData | null>(storeLayoutIds[1]);
  const data = own ?? domain;
  if (!data) throw new Error('useStore outside the store layout');
  return withHelpers(data);
}

export function withHelpers(data: StoreLayoutData) {
  const { profile, onOwnDomain } = data;
  return {
    ...data,
    template1: profile.template === 'template1',
    displayName: profile.displayName,
    path: (rest: string) => storePath(profile.businessName, rest, onOwnDomain),
  };
}
export type Store = ReturnType<typeof withHelpers>;

/** The layout's data inside a meta function (meta gets every match, not hooks). */
export function storeFromMatches(matches: readonly ({ id: string; data?: unknown } | undefined)[]): Store | null {
  const m = matches.find((x) => x && (storeLayoutIds as readonly string[]).includes(x.id) && x.data);
  return m ? withHelpers(m.data as StoreLayoutData) : null;
}
