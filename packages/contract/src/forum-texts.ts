// Zod-free: the owner's forum list imports these, and the storefront's contact form loads forum.ts
// (with its schemas) only when used; a static import of forum.ts here would pin it to every page.
export const forumTexts = {
  fetched: 'Forums fetched',
  deleted: 'Forum deleted',
  notFound: 'Forum not found',
  /** SPEC §2 Forums: subject shows N/A if empty. */
  noSubject: 'N/A',
} as const;
