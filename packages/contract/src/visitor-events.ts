// Events a visitor's page may report through POST /public/notifications/create (SPEC §7), as its
// `notification` field; the server words the owner's notification itself (notifications.ts). Leads
// and messages are not among them: their own intake tells the owner. Zod-free: storefront pages
// import it (docs/decisions/016-public-pages-ship-no-zod.md).
export const visitorEvents = { privateLinkVisit: 'privateLinkVisit' } as const;
export type VisitorEvent = keyof typeof visitorEvents;
