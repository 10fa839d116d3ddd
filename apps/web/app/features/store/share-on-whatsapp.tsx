import { shareTexts, whatsAppShareUrl } from '@stashblog/contract/share';
import { useStore } from './use-store';

/**
 * 'Share on WhatsApp': a link (so keyboard and screen readers treat it as one) that opens WhatsApp,
 * app or web, with the item's name and its canonical link for the visitor to send to a chat; the
 * chat's preview shows the item's share card (decision 060). No icon: the product page's weight
 * budget (decision 048) has no room for one.
 */
export function ShareOnWhatsApp({ name, path }: { name: string; path: string }) {
  const { origin } = useStore();
  return (
    <a
      href={whatsAppShareUrl(name, `${origin}${path}`)}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-block rounded border border-primary px-4 py-3 font-semibold text-sm"
    >
      {shareTexts.shareOnWhatsApp}
    </a>
  );
}
