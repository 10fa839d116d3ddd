import { endpoints } from '@stashblog/contract/endpoints';
import { decodeId, encodeId } from '@stashblog/contract/ids';

/** Products and catalogues share the private-link screens; this is what differs between them. */
export type LinkKind = 'product' | 'catalogue';

export type KindInfo = {
  kind: LinkKind;
  /** The owner calls of the kind (/userAdmin/products/… or /userAdmin/catalogues/…). */
  api: typeof endpoints.userAdminProducts | typeof endpoints.userAdminCatalogues;
  /** Name of the item id field in the owner calls. */
  fk: 'fkProductId' | 'fkCatalogueId';
  /** The item's private-link list page. */
  listPath: (itemId: string) => string;
  addPath: (itemId: string) => string;
  editPath: (itemId: string, linkId: string) => string;
  itemsPath: string;
  itemsLabel: string;
  noun: string;
};

export function kindInfo(kind: LinkKind): KindInfo {
  const plural = kind === 'product' ? 'products' : 'catalogues';
  const list = (itemId: string) => `/userAdmin/${plural}/privateLinks/${encodeId(itemId)}`;
  return {
    kind,
    api: kind === 'product' ? endpoints.userAdminProducts : endpoints.userAdminCatalogues,
    fk: kind === 'product' ? 'fkProductId' : 'fkCatalogueId',
    listPath: list,
    addPath: (itemId) => `${list(itemId)}/addPrivateLink`,
    editPath: (itemId, linkId) => `${list(itemId)}/editPrivateLink/${encodeId(linkId)}`,
    itemsPath: `/userAdmin/${plural}`,
    itemsLabel: kind === 'product' ? 'Products' : 'Catalogues',
    noun: kind,
  };
}

/** The kind and decoded ids from the route params ({productId} or {catalogueId}, optional {privateLinkId}). */
export function fromParams(params: { productId?: string; catalogueId?: string; privateLinkId?: string }) {
  const kind: LinkKind = params.productId !== undefined ? 'product' : 'catalogue';
  const itemId = decodeId((kind === 'product' ? params.productId : params.catalogueId) ?? '');
  const linkId = params.privateLinkId === undefined ? undefined : decodeId(params.privateLinkId);
  return { info: kindInfo(kind), itemId, linkId };
}
