import { endpoints } from '@stashblog/contract/endpoints';
import { storePath } from '@stashblog/contract/paths';
import { privateLinkTexts } from '@stashblog/contract/private-link-texts';
import type { PrivateCataloguePayload, PrivateProductPayload } from '@stashblog/contract/private-links';
import { visitorEvents } from '@stashblog/contract/visitor-events';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { api, isOk } from '../../lib/api-client';
import { useFormGuard } from '../../ui/form-guard';
import { CatalogueView } from '../catalogues/catalogue-view';
import { ProductDetails } from '../store/product-details';
import { storeTitle } from '../store/seo';
import { useStore } from '../store/use-store';
import { getFingerprint } from './fingerprint';

type Kind = 'product' | 'catalogue';
type State =
  | { at: 'loading' }
  | { at: 'product'; data: PrivateProductPayload }
  | { at: 'catalogue'; data: PrivateCataloguePayload }
  | { at: 'refused'; reason: 'expired' | 'otherDevice' | 'notFound' | 'offline' };

/** The link code and kind from ?pq= (product) or ?cq= (catalogue). */
export function linkFromSearch(search: URLSearchParams): { kind: Kind; code: string } | null {
  const pq = search.get('pq');
  if (pq) return { kind: 'product', code: pq };
  const cq = search.get('cq');
  if (cq) return { kind: 'catalogue', code: cq };
  return null;
}

/**
 * SPEC "Private link viewer": fingerprint → fetchPrivateLink → privateLinkVisits → updatePrivateLink.
 * The server decides (expiry, device binding); this page shows the product or catalogue page, or says why not.
 */
export function PrivateLinkViewer({
  businessName,
  onOwnDomain,
  link,
}: {
  businessName: string;
  onOwnDomain: boolean;
  link: { kind: Kind; code: string } | null;
}) {
  const [state, setState] = useState<State>(link ? { at: 'loading' } : { at: 'refused', reason: 'notFound' });
  // SPEC §7: the owner hears of the visit. The page names the event and its own address; the server
  // checks the link was opened and words the notification (docs/decisions/010).
  const guard = useFormGuard('notification');
  const reportVisit = useRef(guard.send);
  reportVisit.current = guard.send;

  const kind = link?.kind;
  const code = link?.code;
  useEffect(() => {
    if (!kind || !code) return;
    const link = { kind, code };
    let live = true;
    (async () => {
      const calls = link.kind === 'product' ? endpoints.publicProducts : endpoints.publicCatalogues;
      const fingerPrint = await getFingerprint();
      const args = { businessName, privateLink: link.code };
      const result = await api(calls.fetchPrivateLink, {
        ...args,
        fingerPrint,
      });
      if (!live) return;
      if (result.code !== 404 && result.code !== 429) void api(calls.privateLinkVisits, args);
      if (isOk(result)) {
        void api(calls.updatePrivateLink, { ...args, linkViewed: true, fingerPrint });
        const page = storePath(
          businessName,
          `/privateLink?${link.kind === 'product' ? 'pq' : 'cq'}=${encodeURIComponent(link.code)}`,
          onOwnDomain,
        );
        void reportVisit.current((fields) =>
          api(endpoints.publicNotifications.create, {
            notification: visitorEvents.privateLinkVisit,
            businessName,
            redirect: page,
            ...fields,
          }),
        );
        setState(
          link.kind === 'product'
            ? { at: 'product', data: result.payload as PrivateProductPayload }
            : { at: 'catalogue', data: result.payload as PrivateCataloguePayload },
        );
      } else {
        const reason =
          result.code === 410 ? 'expired' : result.code === 403 ? 'otherDevice' : result.code === undefined ? 'offline' : 'notFound';
        setState({ at: 'refused', reason });
      }
    })();
    return () => {
      live = false;
    };
  }, [businessName, kind, code, onOwnDomain]);

  // The title names what the link opened, as that page's own title does, once the server has said
  // this device may see it (nothing private is in the server-rendered page).
  const store = useStore();
  const opened =
    state.at === 'product' ? state.data.product.productName : state.at === 'catalogue' ? state.data.catalogue.catalogueName : '';
  const title = opened ? storeTitle(store, opened) : '';
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  if (state.at === 'product')
    return <ProductDetails product={state.data.product} suggestions={[]} onOwnDomain={onOwnDomain} privateLink={link?.code} />;
  if (state.at === 'catalogue')
    return (
      <CatalogueView
        catalogue={state.data.catalogue}
        products={state.data.products}
        count={state.data.count}
        onOwnDomain={onOwnDomain}
        privateLink={link?.code}
      />
    );
  if (state.at === 'loading')
    return (
      <main className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-3 px-4 py-12 text-center">
        <div className="h-10 w-10 animate-spin rounded-full border-4 border-primary border-t-transparent" aria-hidden />
        <p role="status">Opening private link…</p>
      </main>
    );
  return <Refused reason={state.reason} home={storePath(businessName, '/home', onOwnDomain)} />;
}

const refusals = {
  expired: { title: privateLinkTexts.viewerExpired, text: 'Ask the seller for a new link.' },
  otherDevice: {
    title: privateLinkTexts.viewerOtherDevice,
    text: 'This link was opened on another device first and works only there. Ask the seller for a link of your own.',
  },
  notFound: { title: privateLinkTexts.viewerNotFound, text: 'Check that you copied the whole link, or ask the seller for a new one.' },
  offline: { title: 'The link could not be opened.', text: 'Check your connection and try again.' },
} as const;

function Refused({ reason, home }: { reason: keyof typeof refusals; home: string }) {
  const { title, text } = refusals[reason];
  return (
    <main className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-12 text-center">
      <div className="flex h-16 w-16 items-center justify-center rounded-full bg-surface" aria-hidden>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="30"
          height="30"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <rect x="5" y="11" width="14" height="10" rx="2" />
          <path d="M8 11V7a4 4 0 0 1 8 0v4" />
        </svg>
      </div>
      <h1 className="font-bold text-2xl" data-testid="private-link-refused">
        {title}
      </h1>
      <p className="text-muted">{text}</p>
      <Link to={home} className="rounded bg-primary px-5 py-2 text-on-primary">
        Visit the store
      </Link>
    </main>
  );
}
