import type { Catalogue } from '@stashblog/contract/catalogues';
import { encodeId } from '@stashblog/contract/ids';
import { specTexts } from '@stashblog/contract/spec-texts';
import { Link } from 'react-router';
import { adminProductCountText } from './catalogue-card';
import { CatalogueCollage } from './catalogue-collage';
import { CategoryHashtags } from './category-hashtags';

export type CatalogueAction = 'status' | 'promote' | 'delete';

type Props = { catalogue: Catalogue; busy: boolean; onAction: (action: CatalogueAction, catalogue: Catalogue) => void };

/** SPEC admin catalogue card: the collage card plus Status, Promote, Edit, Delete and the 'Promoted' badge. */
export function AdminCatalogueCard({ catalogue, busy, onAction }: Props) {
  const id = encodeId(catalogue._id);
  const action = 'rounded border border-primary px-3 py-1.5 text-sm disabled:opacity-50';
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border border-black/10 bg-background shadow-sm" aria-busy={busy}>
      <div className="relative">
        <CatalogueCollage images={catalogue.images} name={catalogue.catalogueName} />
        <div className="absolute top-2 left-2 flex flex-wrap gap-1">
          {catalogue.isPromoted ? <span className="rounded bg-primary px-2 py-0.5 text-on-primary text-xs">Promoted</span> : null}
          {catalogue.isBlocked ? (
            <span className="rounded bg-red-700 px-2 py-0.5 text-white text-xs">{specTexts.blockedByAdmin}</span>
          ) : null}
          {!catalogue.isPublic ? <span className="rounded bg-black/70 px-2 py-0.5 text-white text-xs">Private</span> : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h2 className="break-words font-semibold">{catalogue.catalogueName}</h2>
        <CategoryHashtags categories={catalogue.categories} />
        <p className="text-sm">{adminProductCountText(catalogue)}</p>
        {catalogue.isBlocked ? (
          <p role="alert" className="rounded bg-red-50 p-2 text-red-800 text-sm">
            {specTexts.catalogueBlocked}
          </p>
        ) : null}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <button type="button" className={action} disabled={busy || catalogue.isBlocked} onClick={() => onAction('status', catalogue)}>
            {catalogue.isPublic ? 'Mark Private' : 'Mark Public'}
          </button>
          <button type="button" className={action} disabled={busy || catalogue.isBlocked} onClick={() => onAction('promote', catalogue)}>
            {catalogue.isPromoted ? 'Demote' : 'Promote'}
          </button>
          <Link to={`/userAdmin/editCatalogue/${id}`} className={action} aria-disabled={busy}>
            Edit
          </Link>
          <button
            type="button"
            className={`${action} border-red-700 text-red-700`}
            disabled={busy}
            onClick={() => onAction('delete', catalogue)}
          >
            Delete
          </button>
        </div>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          <Link to={`/userAdmin/catalogues/${id}`} className="text-sm underline">
            View Catalogue
          </Link>
          {/* SPEC §4: private-link features are shown only for private items. */}
          {!catalogue.isPublic ? (
            <Link to={`/userAdmin/catalogues/privateLinks/${id}`} className="text-sm underline">
              Private Links
            </Link>
          ) : null}
        </div>
      </div>
    </article>
  );
}
