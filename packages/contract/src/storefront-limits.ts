// SPEC §9 limits that every storefront page's first client files use, in a module of their own:
// `limits.ts` builds its table from these, and a page that imports only these does not carry the
// whole table (decision 048: the product page's first files within 121 KB gzip, checked by
// apps/web/app/speed/web-build.test.ts).
export const searchSuggestionsShown = 10;
export const toastMax = 3;
export const toastMs = 3000;
export const phonePrefix = '+91';
export const locale = 'en-US';
export const imageWidths = [320, 640, 960, 1280, 1920] as const;
