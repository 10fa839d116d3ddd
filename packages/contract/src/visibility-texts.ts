// Where a new product or catalogue goes (issue 22 item 4, docs/decisions/046-new-items-say-where-they-went.md):
// its own Public/Private choice on the Add form, under the store switch of its kind (decision 036).

/** Where a created item went: on the storefront, private, or public under a store switch that hides its kind. */
export const placements = ['storefront', 'private', 'hiddenByStore'] as const;
export type Placement = (typeof placements)[number];
export type ItemNoun = 'product' | 'catalogue';

const title = (noun: ItemNoun) => (noun === 'product' ? 'Product' : 'Catalogue');

export const visibilityTexts = {
  legend: 'Visibility',
  public: 'Public',
  private: 'Private',
  publicHint: (noun: ItemNoun) => `Visitors see this ${noun} on your store.`,
  privateHint: (noun: ItemNoun) => `Only you see this ${noun}; share it with a private link.`,
  /** The create call's message, shown as the Add form's toast. */
  created: (noun: ItemNoun, placement: Placement) =>
    placement === 'storefront'
      ? `${title(noun)} added as public: visitors see it on your store`
      : placement === 'private'
        ? `${title(noun)} added as private: only you see it; share it with a private link`
        : `${title(noun)} added as public, but your store hides all ${noun}s: switch "All ${noun}s" on in Settings to show it`,
} as const;
