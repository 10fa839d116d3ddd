import { limits } from './limits.ts';

// Zod-free: the storefront's private-link viewer imports these; the schemas are in private-links.ts.
// Our own wording where SPEC has none.
export const privateLinkTexts = {
  codeInvalid: `Private link must be ${limits.privateLinkCodeLength} letters or digits`,
  codeTaken: 'This private link is already in use, generate another one',
  durationInvalid: 'Link expire duration must be 1-23 hours, 1-7 days or 1-4 weeks',
  onlyPrivateProducts: 'Only private products can have private links',
  onlyPrivateCatalogues: 'Only private catalogues can have private links',
  notFound: 'Private link not found',
  created: 'Private link created',
  updated: 'Private link updated',
  deleted: 'Private link deleted',
  deletedAll: 'Private links deleted',
  viewerNotFound: 'This link is not valid.',
  viewerExpired: 'This link has expired.',
  viewerOtherDevice: 'This link is not available on this device.',
  visitRecorded: 'Visit recorded',
  viewed: 'Link viewed',
} as const;
