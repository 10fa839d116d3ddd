import type { z } from 'zod';
import type { endpointSchemas } from './endpoint-schemas.ts';

// Every call of the API, once: its method, its path below /api and the session it needs (SPEC §6,
// §7). The server registers its routes from this table (apps/server/src/http/register.ts) and the
// web app calls by it (apps/web/app/lib/api-client.ts). A path is its group's prefix and its own key,
// so both sides name a call by its path (`endpoints.userAdminProducts.fetch` is
// /userAdmin/products/fetch): renaming a path renames its key, which fails the type check wherever
// the old one is used. The schemas live in endpoint-schemas.ts under the same keys; this module
// takes only their types, so it holds no zod and public pages may import it
// (docs/decisions/016-public-pages-ship-no-zod.md, 039-one-endpoint-table.md).

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** Who may call: anyone; a signed-in owner (401 otherwise); a platform admin (403 otherwise). */
export type Auth = 'public' | 'owner' | 'platform';

type Call = { readonly method: Method; readonly auth: Auth };
const call =
  <M extends Method>(method: M) =>
  <A extends Auth>(auth: A) => ({ method, auth });
const get = call('GET');
const post = call('POST');
const put = call('PUT');
const del = call('DELETE');
const anyone = 'public';
const owner = 'owner';
const platform = 'platform';

/** The calls under one path prefix; each one's path is the prefix and its key. */
function under<P extends string, T extends Record<string, Call>>(prefix: P, calls: T) {
  const out = {} as Record<string, Call & { path: string }>;
  for (const [key, c] of Object.entries(calls)) out[key] = { ...c, path: `${prefix}/${key}` };
  return out as { [K in keyof T & string]: T[K] & { readonly path: `${P}/${K}` } };
}

const routes = {
  authUser: under('/auth/user', {
    logIn: post(anyone),
    fetch: get(owner),
    logOut: put(owner),
    requestPasswordReset: post(anyone),
    checkPasswordReset: post(anyone),
    resetPassword: post(anyone),
    confirmEmail: post(anyone),
  }),
  authPlatform: under('/auth/platform', { logIn: post(anyone) }),
  onboarding: under('/onboarding', {
    checkBusinessName: get(anyone),
    signUp: post(anyone),
    verifyEmail: post(anyone),
    resendVerification: post(anyone),
  }),
  mail: under('/mail', { sendSupportMail: post(anyone), sendMail: post(anyone) }),
  publicForms: under('/public/forms', { challenge: get(anyone) }),
  publicUser: under('/public/user', {
    fetchAll: get(anyone),
    fetchAboutUs: get(anyone),
    fetchCategories: get(anyone),
    fetchHome: get(anyone),
    checkDomain: get(anyone),
    checkDomainViaBusiness: get(anyone),
    createForum: post(anyone),
    visits: put(anyone),
    search: get(anyone),
    searchSuggestions: get(anyone),
  }),
  publicProducts: under('/public/products', {
    fetch: get(anyone),
    fetchAll: get(anyone),
    fetchSuggestions: get(anyone),
    visits: put(anyone),
    fetchAllUsers: get(anyone),
    createLead: post(anyone),
    fetchPrivateLink: get(anyone),
    privateLinkVisits: put(anyone),
    updatePrivateLink: put(anyone),
  }),
  publicCatalogues: under('/public/catalogues', {
    fetchAll: get(anyone),
    fetch: get(anyone),
    fetchProducts: get(anyone),
    visits: put(anyone),
    fetchAllUsers: get(anyone),
    createLead: post(anyone),
    fetchPrivateLink: get(anyone),
    privateLinkVisits: put(anyone),
    updatePrivateLink: put(anyone),
  }),
  publicNotifications: under('/public/notifications', { create: post(anyone) }),
  // A public item's share card (og:image), an image rather than an envelope (decision 060).
  publicCards: under('/public/cards', { product: get(anyone), catalogue: get(anyone) }),
  userAdminUser: under('/userAdmin/user', {
    changePassword: put(owner),
    updateTheme: put(owner),
    fetchDetails: get(owner),
    updateDetails: put(owner),
    fetchCategories: get(owner),
    fetchForums: get(owner),
    deleteForum: del(owner),
    setFCMT: put(owner),
  }),
  userAdminProducts: under('/userAdmin/products', {
    create: post(owner),
    update: put(owner),
    fetch: get(owner),
    delete: del(owner),
    fetchAll: get(owner),
    fetchCategories: get(owner),
    updateStatus: put(owner),
    promote: put(owner),
    updateAllStatus: put(owner),
    fetchPrivateLink: get(owner),
    fetchAllPrivateLinks: get(owner),
    generatePrivateLink: post(owner),
    updatePrivateLink: put(owner),
    deletePrivateLink: del(owner),
    fetchAllLeads: get(owner),
    fetchAllProductsLeads: get(owner),
    deleteLead: del(owner),
    downloadLeads: get(owner),
    exportProducts: get(owner),
    previewImport: post(owner),
    startImport: post(owner),
    fetchImport: get(owner),
    uploadImportZip: put(owner),
  }),
  userAdminCatalogues: under('/userAdmin/catalogues', {
    create: post(owner),
    update: put(owner),
    delete: del(owner),
    fetch: get(owner),
    fetchProducts: get(owner),
    fetchAll: get(owner),
    updateStatus: put(owner),
    updateAllStatus: put(owner),
    promote: put(owner),
    fetchPrivateLink: get(owner),
    fetchAllPrivateLinks: get(owner),
    generatePrivateLink: post(owner),
    updatePrivateLink: put(owner),
    deletePrivateLink: del(owner),
    fetchAllLeads: get(owner),
    fetchAllCataloguesLeads: get(owner),
    deleteLead: del(owner),
    downloadLeads: get(owner),
  }),
  userAdminNotification: under('/userAdmin/notification', {
    create: post(owner),
    fetchAll: get(owner),
    count: get(owner),
    markAsRead: put(owner),
    markAllAsRead: put(owner),
    delete: del(owner),
    deleteAll: del(owner),
  }),
  userAdminDomains: under('/userAdmin/domains', { fetch: get(owner), set: put(owner), verify: put(owner) }),
  userAdminPush: under('/userAdmin/push', { publicKey: get(owner) }),
  userAdminInsights: under('/userAdmin/insights', { fetch: get(owner) }),
  userAdminOnboarding: under('/userAdmin/onboarding', { checklist: get(owner) }),
  // A printable QR poster, an image rather than an envelope (decision 061).
  userAdminPosters: under('/userAdmin/posters', { download: get(owner) }),
  platform: under('/platform', {
    me: get(platform),
    logOut: put(platform),
    businesses: get(platform),
    products: get(platform),
    catalogues: get(platform),
    mail: get(platform),
    jobs: get(platform),
    audit: get(platform),
  }),
  platformUsers: under('/platform/users', { block: put(platform), prime: put(platform) }),
  platformProducts: under('/platform/products', { block: put(platform) }),
  platformCatalogues: under('/platform/catalogues', { block: put(platform) }),
  // Caddy's on-demand TLS asks this without a session (decision 020).
  platformDomains: under('/platform/domains', { allowed: get(anyone) }),
};

type Routes = typeof routes;

/**
 * The schemas one endpoint has (endpoint-schemas.ts). `query` and `body` are for a call whose body is
 * not JSON: its query, and the content type of its raw body (the body itself is the service's to judge).
 */
export type EndpointSchemas = { input?: z.ZodType; payload?: z.ZodType; raw?: z.ZodType; query?: z.ZodType; body?: string };
/** The shape endpoint-schemas.ts must have: the same groups and keys as this table. */
export type EndpointTable = { [G in keyof Routes]: { [K in keyof Routes[G]]: EndpointSchemas } };

/** One endpoint; `schemas` is a type only (never set): what its input and payload are. */
export type Endpoint<S = EndpointSchemas> = {
  readonly method: Method;
  readonly path: string;
  readonly auth: Auth;
  readonly schemas?: S;
};
export type SchemasOf<E extends Endpoint<unknown>> = NonNullable<E['schemas']>;
/** What a caller sends: the query of a GET, the JSON body of any other method (of each endpoint of a union). */
export type InputOf<E extends Endpoint<unknown>> = E extends unknown
  ? SchemasOf<E> extends { input: infer I extends z.ZodType }
    ? z.input<I>
    : undefined
  : never;
/** The payload of the envelope the call answers (`null` when it has none). */
export type PayloadOf<E extends Endpoint<unknown>> = E extends unknown
  ? SchemasOf<E> extends { payload: infer P extends z.ZodType }
    ? z.output<P>
    : null
  : never;

type Schemas = typeof endpointSchemas;
export type Endpoints = {
  [G in keyof Routes]: { [K in keyof Routes[G]]: Routes[G][K] & Endpoint<Schemas[G][K & keyof Schemas[G]]> };
};

export const endpoints: Endpoints = routes as Endpoints;
