import { encodeId } from '@stashblog/contract/ids';
import { specTexts } from '@stashblog/contract/spec-texts';
import { Link } from 'react-router';
import { adminItemPaths, type ItemKind, type ListTab } from './admin-item-paths';

export type CardAction = 'status' | 'promote' | 'delete';

export type AdminItem = { _id: string; isPublic: boolean; isPromoted: boolean; isBlocked: boolean };

type Props<T extends AdminItem> = {
  kind: ItemKind;
  item: T;
  name: string;
  /** The tab the list shows, so that Edit comes back to it. */
  tab: ListTab;
  busy: boolean;
  onAction: (action: CardAction, item: T) => void;
  /** The picture: a product's first image, a catalogue's collage. */
  media: React.ReactNode;
  /** Under the name: a product's description, a catalogue's categories and count. */
  children: React.ReactNode;
  /** 'View Product' / 'View Catalogue'. */
  view: { label: string; to: string };
};

/**
 * SPEC §2 admin cards, one for products and catalogues: badges ('Promoted', 'Blocked by admin', 'Private'), the
 * name, Status, Promote, Edit, Delete, and links to the item, its leads and (private items only) its private links.
 * A blocked item shows SPEC §4's full text and its Status and Promote are disabled.
 */
export function AdminItemCard<T extends AdminItem>({ kind, item, name, tab, busy, onAction, media, children, view }: Props<T>) {
  const paths = adminItemPaths(kind);
  const id = encodeId(item._id);
  const action = 'rounded border border-primary px-3 py-1.5 text-sm disabled:opacity-50';
  const locked = busy || item.isBlocked;
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border border-black/10 bg-background shadow-sm" aria-busy={busy}>
      <div className="relative">
        {media}
        <div className="absolute top-2 left-2 flex flex-wrap gap-1">
          {item.isPromoted ? <span className="rounded bg-primary px-2 py-0.5 text-on-primary text-xs">Promoted</span> : null}
          {item.isBlocked ? <span className="rounded bg-red-700 px-2 py-0.5 text-white text-xs">{specTexts.blockedByAdmin}</span> : null}
          {!item.isPublic ? <span className="rounded bg-black/70 px-2 py-0.5 text-white text-xs">Private</span> : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h2 className="break-words font-semibold">{name}</h2>
        {children}
        {item.isBlocked ? (
          <p role="alert" className="rounded bg-red-50 p-2 text-red-800 text-sm">
            {paths.blockedText}
          </p>
        ) : null}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <button type="button" className={action} disabled={locked} onClick={() => onAction('status', item)}>
            {item.isPublic ? 'Mark Private' : 'Mark Public'}
          </button>
          <button type="button" className={action} disabled={locked} onClick={() => onAction('promote', item)}>
            {item.isPromoted ? 'Demote' : 'Promote'}
          </button>
          <Link to={paths.edit(item._id, tab)} className={action} aria-disabled={busy}>
            Edit
          </Link>
          <button
            type="button"
            className={`${action} border-red-700 text-red-700`}
            disabled={busy}
            onClick={() => onAction('delete', item)}
          >
            Delete
          </button>
        </div>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link to={view.to} className="underline">
            {view.label}
          </Link>
          <Link to={paths.leads(item._id)} className="underline">
            Leads
          </Link>
          {/* SPEC §4: private-link features are shown only for private items. */}
          {!item.isPublic ? (
            <Link to={`${paths.privateLinks}/${id}`} className="underline">
              Private Links
            </Link>
          ) : null}
        </div>
      </div>
    </article>
  );
}
