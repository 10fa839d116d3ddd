import { decodeId } from '@stashblog/contract/ids';
import { posterTexts } from '@stashblog/contract/posters';
import { specTexts } from '@stashblog/contract/spec-texts';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { SubPage } from '../../ui/sub-page';
import { adminItemPaths, type ItemKind, tabOf } from './admin-item-paths';
import { PosterDownload } from './poster-download';

type Props<D> = {
  kind: ItemKind;
  queryKey: (id: string | null) => readonly unknown[];
  /** The item and what its form needs, by its decoded id. */
  fetch: (id: string) => Promise<D>;
  isBlocked: (data: D) => boolean;
  /** Whether visitors may see it (public, not blocked): only then has it a QR poster. */
  isPublic: (data: D) => boolean;
  /** The form, once the item is loaded. */
  children: (data: D) => React.ReactNode;
};

/**
 * SPEC "Admin Edit Product" / "Edit Catalogue": the item loaded by the route's id, a way back to the list tab it was
 * opened from (`?tab=`), a link to its leads, SPEC §4's notice while it is blocked, then its form.
 */
export function EditItemPage<D>({ kind, queryKey, fetch, isBlocked, isPublic, children }: Props<D>) {
  const paths = adminItemPaths(kind);
  const [params] = useSearchParams();
  const id = decodeId(useParams()[kind === 'product' ? 'productId' : 'catalogueId'] ?? '');
  const { data, isPending, isError, error } = useQuery({
    queryKey: queryKey(id),
    queryFn: () => fetch(id as string),
    enabled: id !== null,
    staleTime: 0,
  });

  let body: React.ReactNode;
  if (id === null) body = <p role="alert">{specTexts.notFoundTitle}</p>;
  else if (isPending) body = <p className="text-muted">Loading…</p>;
  else if (isError) body = <p role="alert">{error.message}</p>;
  else {
    body = (
      <>
        {isBlocked(data) ? (
          <p role="alert" className="rounded bg-red-50 p-3 text-red-800">
            {paths.blockedText}
          </p>
        ) : null}
        {children(data)}
        {isPublic(data) && !isBlocked(data) ? (
          <PosterDownload target={kind} id={id} title={posterTexts.poster} hint={posterTexts.posterHint} />
        ) : (
          <p className="text-muted text-sm">{posterTexts.posterPrivate}</p>
        )}
      </>
    );
  }

  return (
    <SubPage
      parent={{ to: paths.list(tabOf(params)), label: paths.title }}
      title={kind === 'product' ? 'Edit Product' : 'Edit Catalogue'}
      aside={
        id !== null ? (
          <Link to={paths.leads(id)} className="underline">
            {kind === 'product' ? 'Product Leads' : 'Catalogue Leads'}
          </Link>
        ) : null
      }
    >
      {body}
    </SubPage>
  );
}
