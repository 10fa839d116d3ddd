// SPEC §9 Directory page sizes.
export const directorySizes = {
  promotedProducts: 6,
  products: 12,
  promotedCatalogues: 6,
  catalogues: 12,
  promotedProfiles: 12,
  profiles: 12,
  /** Profiles are shown in groups (rows) of 4. */
  profileGroup: 4,
} as const;

/** The sections of /showcases: their element ids, and the query parameter naming each one's page. */
export const directorySectionIds = [
  'promoted-products',
  'products',
  'promoted-catalogues',
  'catalogues',
  'promoted-profiles',
  'profiles',
] as const;
export type DirectorySectionId = (typeof directorySectionIds)[number];
