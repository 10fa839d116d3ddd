import { z } from 'zod';
import { formChallengePayload, formChallengeQuery } from './anti-spam-fields.ts';
import {
  changePasswordBody,
  confirmEmailBody,
  confirmEmailPayload,
  logInBody,
  passwordResetLinkBody,
  requestPasswordResetBody,
  resetPasswordBody,
  sessionUser,
} from './auth.ts';
import {
  adminFetchAllCataloguesQuery,
  adminFetchCatalogueProductsQuery,
  catalogueDeletedPayload,
  catalogueIdBody,
  catalogueList,
  cataloguePayload,
  catalogueProductList,
  catalogueStatusPayload,
  catalogueVisitsBody,
  createCatalogueBody,
  createCataloguePayload,
  fetchAllUsersCataloguesQuery,
  publicFetchAllCataloguesQuery,
  publicFetchCatalogueProductsQuery,
  publicFetchCatalogueQuery,
  updateCatalogueBody,
} from './catalogues.ts';
import { allowedQuery, domainStatus, setDomainBody } from './domains.ts';
import type { EndpointTable } from './endpoints.ts';
import { createForumBody, fetchForumsQuery, forumIdBody, forumsPayload } from './forum.ts';
import { insightsPayload, insightsQuery } from './insights.ts';
import {
  allLeadsPayload,
  allLeadsQuery,
  catalogueLeadBody,
  catalogueLeadsPayload,
  catalogueLeadsQuery,
  downloadCatalogueLeadsQuery,
  downloadProductLeadsQuery,
  leadIdBody,
  productLeadBody,
  productLeadsPayload,
  productLeadsQuery,
} from './leads.ts';
import { sendMailBody, supportMailBody } from './mail.ts';
import {
  countPayload,
  createNotificationBody,
  fetchNotificationsQuery,
  notificationIdBody,
  notificationsPayload,
  publicNotificationBody,
} from './notifications.ts';
import {
  businessNameCheck,
  checklistPayload,
  resendBody,
  signUpBody,
  businessNameQuery as signUpNameQuery,
  signUpPayload,
  verifyEmailBody,
  verifyEmailPayload,
} from './onboarding.ts';
import {
  auditListPayload,
  auditListQuery,
  blockItemBody,
  blockUserBody,
  businessListPayload,
  businessListQuery,
  itemListPayload,
  itemListQuery,
  jobQueuePayload,
  mailListPayload,
  mailListQuery,
  platformAdmin,
  statusPayload as platformStatusPayload,
  primeUserBody,
} from './platform.ts';
import {
  deleteCatalogueLinkBody,
  deleteProductLinkBody,
  fetchAllCatalogueLinksQuery,
  fetchAllProductLinksQuery,
  generateCatalogueLinkBody,
  generateProductLinkBody,
  linkViewedBody,
  linkViewedPayload,
  linkVisitsPayload,
  openPrivateLinkQuery,
  privateCataloguePayload,
  privateLinkIdQuery,
  privateLinkList,
  privateLinkPayload,
  privateLinksDeleted,
  privateLinkVisitsBody,
  privateProductPayload,
  updatePrivateLinkBody,
} from './private-links.ts';
import {
  exportProductsQuery,
  fetchImportQuery,
  importIdBody,
  importPayload,
  importZipPayload,
  latestImportPayload,
  previewImportBody,
  uploadImportZipQuery,
} from './product-transfer.ts';
import {
  adminFetchAllQuery,
  categoriesPayload,
  createProductBody,
  createProductResult,
  deletedPayload,
  fetchAllUsersQuery,
  fetchCategoriesQuery,
  fetchSuggestionsQuery,
  idBody,
  productList,
  productPayload,
  publicFetchAllQuery,
  publicFetchQuery,
  statusPayload,
  suggestionsPayload,
  updateProductBody,
  updateProductResult,
  visitsBody,
} from './products.ts';
import { searchPayload, searchQuery, searchSuggestionsPayload, searchSuggestionsQuery } from './search.ts';
import { cardImage, cardQuery, posterImage, posterQuery } from './share-schemas.ts';
import {
  aboutUsPayload,
  adminCategoriesQuery,
  categoriesPayload as businessCategoriesPayload,
  fetchCategoriesQuery as businessCategoriesQuery,
  businessNameQuery,
  checkDomainPayload,
  checkDomainViaBusinessPayload,
  fetchAllUsersQuery as fetchAllBusinessesQuery,
  homePayload,
  setFcmtBody,
  themePayload,
  updateDetailsBody,
  updateDetailsResult,
  updateThemeBody,
  userDetailsPayload,
  userProfilesPayload,
} from './users.ts';

// The schemas of every endpoint of endpoints.ts, under the same keys (a missing or extra key fails
// the type check): `input` is the query of a GET and the JSON body of any other method, `payload`
// the envelope's payload (SPEC §7), `raw` a body sent without the envelope. The server validates and
// serialises with them; the web reads only their types (endpoints.ts), so no zod reaches its pages
// (docs/decisions/039-one-endpoint-table.md).

const authorization = z.object({ authorization: z.string() });
const counted = z.object({ counted: z.boolean() });
const newId = z.object({ id: z.string() });
const someId = z.object({ _id: z.string() });
const csv = z.string().describe('text/csv: leads_data.csv');
const productFile = z.string().describe('text/csv or XLSX: products.csv, products.xlsx');

/** A visitor's private-link calls, on products and catalogues alike but for what an opened link shows. */
const visitorLinks = <P extends z.ZodType>(opened: P) => ({
  fetchPrivateLink: { input: openPrivateLinkQuery, payload: opened },
  privateLinkVisits: { input: privateLinkVisitsBody, payload: linkVisitsPayload },
  updatePrivateLink: { input: linkViewedBody, payload: linkViewedPayload },
});

/** An owner's private-link calls, on products and catalogues alike but for the inputs naming the item. */
const ownerLinks = <L extends z.ZodType, G extends z.ZodType, D extends z.ZodType>(item: { list: L; generate: G; delete: D }) => ({
  fetchPrivateLink: { input: privateLinkIdQuery, payload: privateLinkPayload },
  fetchAllPrivateLinks: { input: item.list, payload: privateLinkList },
  generatePrivateLink: { input: item.generate, payload: privateLinkPayload },
  updatePrivateLink: { input: updatePrivateLinkBody, payload: privateLinkPayload },
  deletePrivateLink: { input: item.delete, payload: privateLinksDeleted },
});

/** An owner's calls on the leads of one product or catalogue, alike but for the inputs naming the item and the page. */
const ownerLeads = <L extends z.ZodType, P extends z.ZodType, D extends z.ZodType>(item: { list: L; page: P; download: D }) => ({
  fetchAllLeads: { input: item.list, payload: item.page },
  deleteLead: { input: leadIdBody, payload: someId },
  downloadLeads: { input: item.download, raw: csv },
});

export const endpointSchemas = {
  authUser: {
    logIn: { input: logInBody, payload: authorization },
    fetch: { payload: z.object({ user: sessionUser }) },
    logOut: {},
    requestPasswordReset: { input: requestPasswordResetBody, payload: z.null() },
    checkPasswordReset: { input: passwordResetLinkBody, payload: z.null() },
    resetPassword: { input: resetPasswordBody, payload: z.null() },
    confirmEmail: { input: confirmEmailBody, payload: confirmEmailPayload },
  },
  authPlatform: {
    logIn: { input: logInBody, payload: authorization },
  },
  onboarding: {
    checkBusinessName: { input: signUpNameQuery, payload: businessNameCheck },
    signUp: { input: signUpBody, payload: signUpPayload },
    verifyEmail: { input: verifyEmailBody, payload: verifyEmailPayload },
    resendVerification: { input: resendBody, payload: z.null() },
  },
  mail: {
    sendSupportMail: { input: supportMailBody, payload: someId },
    sendMail: { input: sendMailBody, payload: someId },
  },
  publicForms: {
    challenge: { input: formChallengeQuery, payload: formChallengePayload },
  },
  publicUser: {
    fetchAll: { input: fetchAllBusinessesQuery, payload: userProfilesPayload },
    fetchAboutUs: { input: businessNameQuery, payload: aboutUsPayload },
    fetchCategories: { input: businessCategoriesQuery, payload: businessCategoriesPayload },
    fetchHome: { input: businessNameQuery, payload: homePayload },
    checkDomain: { payload: checkDomainPayload },
    checkDomainViaBusiness: { input: businessNameQuery, payload: checkDomainViaBusinessPayload },
    createForum: { input: createForumBody, payload: someId },
    visits: { input: businessNameQuery, payload: counted },
    search: { input: searchQuery, payload: searchPayload },
    searchSuggestions: { input: searchSuggestionsQuery, payload: searchSuggestionsPayload },
  },
  publicProducts: {
    fetch: { input: publicFetchQuery, payload: productPayload },
    fetchAll: { input: publicFetchAllQuery, payload: productList },
    fetchSuggestions: { input: fetchSuggestionsQuery, payload: suggestionsPayload },
    visits: { input: visitsBody, payload: counted },
    fetchAllUsers: { input: fetchAllUsersQuery, payload: productList },
    createLead: { input: productLeadBody, payload: newId },
    ...visitorLinks(privateProductPayload),
  },
  publicCatalogues: {
    fetchAll: { input: publicFetchAllCataloguesQuery, payload: catalogueList },
    fetch: { input: publicFetchCatalogueQuery, payload: cataloguePayload },
    fetchProducts: { input: publicFetchCatalogueProductsQuery, payload: catalogueProductList },
    visits: { input: catalogueVisitsBody, payload: counted },
    fetchAllUsers: { input: fetchAllUsersCataloguesQuery, payload: catalogueList },
    createLead: { input: catalogueLeadBody, payload: newId },
    ...visitorLinks(privateCataloguePayload),
  },
  publicNotifications: {
    create: { input: publicNotificationBody, payload: someId },
  },
  publicCards: {
    product: { input: cardQuery, raw: cardImage },
    catalogue: { input: cardQuery, raw: cardImage },
  },
  userAdminUser: {
    changePassword: { input: changePasswordBody },
    updateTheme: { input: updateThemeBody, payload: themePayload },
    fetchDetails: { payload: userDetailsPayload },
    updateDetails: { input: updateDetailsBody, payload: updateDetailsResult },
    fetchCategories: { input: adminCategoriesQuery, payload: businessCategoriesPayload },
    fetchForums: { input: fetchForumsQuery, payload: forumsPayload },
    deleteForum: { input: forumIdBody, payload: someId },
    setFCMT: { input: setFcmtBody, payload: z.object({ enabled: z.boolean() }) },
  },
  userAdminProducts: {
    create: { input: createProductBody, payload: createProductResult },
    update: { input: updateProductBody, payload: updateProductResult },
    fetch: { input: idBody, payload: productPayload },
    delete: { input: idBody, payload: deletedPayload },
    fetchAll: { input: adminFetchAllQuery, payload: productList },
    fetchCategories: { input: fetchCategoriesQuery, payload: categoriesPayload },
    updateStatus: { input: idBody, payload: statusPayload },
    promote: { input: idBody, payload: statusPayload },
    updateAllStatus: { payload: statusPayload },
    ...ownerLinks({ list: fetchAllProductLinksQuery, generate: generateProductLinkBody, delete: deleteProductLinkBody }),
    ...ownerLeads({ list: productLeadsQuery, page: productLeadsPayload, download: downloadProductLeadsQuery }),
    fetchAllProductsLeads: { input: allLeadsQuery, payload: allLeadsPayload },
    exportProducts: { input: exportProductsQuery, raw: productFile },
    previewImport: { input: previewImportBody, payload: importPayload },
    startImport: { input: importIdBody, payload: importPayload },
    fetchImport: { input: fetchImportQuery, payload: latestImportPayload },
    uploadImportZip: { query: uploadImportZipQuery, body: 'application/zip', payload: importZipPayload },
  },
  userAdminCatalogues: {
    create: { input: createCatalogueBody, payload: createCataloguePayload },
    update: { input: updateCatalogueBody, payload: cataloguePayload },
    delete: { input: catalogueIdBody, payload: catalogueDeletedPayload },
    fetch: { input: catalogueIdBody, payload: cataloguePayload },
    fetchProducts: { input: adminFetchCatalogueProductsQuery, payload: catalogueProductList },
    fetchAll: { input: adminFetchAllCataloguesQuery, payload: catalogueList },
    updateStatus: { input: catalogueIdBody, payload: catalogueStatusPayload },
    updateAllStatus: { payload: catalogueStatusPayload },
    promote: { input: catalogueIdBody, payload: catalogueStatusPayload },
    ...ownerLinks({ list: fetchAllCatalogueLinksQuery, generate: generateCatalogueLinkBody, delete: deleteCatalogueLinkBody }),
    ...ownerLeads({ list: catalogueLeadsQuery, page: catalogueLeadsPayload, download: downloadCatalogueLeadsQuery }),
    fetchAllCataloguesLeads: { input: allLeadsQuery, payload: allLeadsPayload },
  },
  userAdminNotification: {
    create: { input: createNotificationBody, payload: someId },
    fetchAll: { input: fetchNotificationsQuery, payload: notificationsPayload },
    count: { payload: countPayload },
    markAsRead: { input: notificationIdBody, payload: someId },
    markAllAsRead: { payload: z.object({ updated: z.number() }) },
    delete: { input: notificationIdBody, payload: someId },
    deleteAll: { payload: z.object({ deleted: z.number() }) },
  },
  userAdminDomains: {
    fetch: { payload: domainStatus },
    set: { input: setDomainBody, payload: domainStatus },
    verify: { payload: domainStatus },
  },
  userAdminPush: {
    publicKey: { payload: z.object({ publicKey: z.string() }) },
  },
  userAdminInsights: {
    fetch: { input: insightsQuery, payload: insightsPayload },
  },
  userAdminOnboarding: {
    checklist: { payload: checklistPayload },
  },
  userAdminPosters: {
    download: { input: posterQuery, raw: posterImage },
  },
  platform: {
    me: { payload: z.object({ admin: platformAdmin }) },
    logOut: {},
    businesses: { input: businessListQuery, payload: businessListPayload },
    products: { input: itemListQuery, payload: itemListPayload },
    catalogues: { input: itemListQuery, payload: itemListPayload },
    mail: { input: mailListQuery, payload: mailListPayload },
    jobs: { payload: jobQueuePayload },
    audit: { input: auditListQuery, payload: auditListPayload },
  },
  platformUsers: {
    block: { input: blockUserBody, payload: platformStatusPayload },
    prime: { input: primeUserBody, payload: platformStatusPayload },
  },
  platformProducts: {
    block: { input: blockItemBody, payload: platformStatusPayload },
  },
  platformCatalogues: {
    block: { input: blockItemBody, payload: platformStatusPayload },
  },
  platformDomains: {
    allowed: { input: allowedQuery, payload: z.object({ allowed: z.literal(true) }) },
  },
} satisfies EndpointTable;
