import { privateLinkUrl } from '@stashblog/contract/private-links';
import { getUserData } from '../../lib/session';
import type { LinkKind } from './link-kind';

/** SPEC §2 link shape for the signed-in owner's business: their custom domain when they have one. */
export function ownerLinkUrl(kind: LinkKind, code: string): string {
  const user = getUserData();
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return privateLinkUrl({ kind, code, businessName: user?.businessName ?? '', domain: user?.domain, origin });
}

/** Copies the text; SPEC §8 toast 'Link copied to clipboard!' is shown by the caller on success. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API refused (insecure origin, permissions): the old way.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}
