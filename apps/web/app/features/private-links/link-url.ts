import { privateLinkUrl } from '@stashblog/contract/private-links';
import { getUserData } from '../../lib/session';
import type { LinkKind } from './link-kind';

/** SPEC §2 link shape for the signed-in owner's business: their custom domain when they have one. */
export function ownerLinkUrl(kind: LinkKind, code: string): string {
  const user = getUserData();
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return privateLinkUrl({ kind, code, businessName: user?.businessName ?? '', domain: user?.domain, origin });
}
