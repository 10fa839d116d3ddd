import { shareTexts, whatsAppShareUrl } from '@stashblog/contract/share';
import { useStore } from './use-store';

/**
 * 'Share on WhatsApp': a link (so keyboard and screen readers treat it as one) that opens WhatsApp,
 * app or web, with the item's name and its canonical link for the visitor to send to a chat; the
 * chat's preview shows the item's share card (decision 060).
 */
export function ShareOnWhatsApp({ name, path }: { name: string; path: string }) {
  const { origin } = useStore();
  return (
    <a
      href={whatsAppShareUrl(name, `${origin}${path}`)}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-2 rounded border border-primary px-4 py-3 font-semibold text-sm"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="currentColor">
        <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1-.7.8-.8 1-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.3-.4.7-1.3a.5.5 0 0 0 0-.5l-.8-1.9c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6a2.7 2.7 0 0 0 1.7-1.2 2.1 2.1 0 0 0 .2-1.2c-.1-.2-.3-.2-.5-.3Z" />
      </svg>
      {shareTexts.shareOnWhatsApp}
    </a>
  );
}
