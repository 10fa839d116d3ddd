import { z } from 'zod';
import { antiSpamFields } from './anti-spam-fields.ts';
import { limits } from './limits.ts';
import { safeText } from './text.ts';
import { type VisitorEvent, visitorEvents } from './visitor-events.ts';

export const notificationTexts = {
  textRequired: 'Notification text required!',
  redirectInvalid: 'Redirect must be a path on this site',
  created: 'Notification created',
  fetched: 'Notifications fetched',
  markedRead: 'Notification marked as read',
  allMarkedRead: 'All notifications marked as read',
  deleted: 'Notification deleted',
  allDeleted: 'All notifications deleted',
  notFound: 'Notification not found',
  /** A visitor's notification is an event StashBlog words itself, never free text. */
  unknownEvent: `A visitor cannot write a notification: send notification '${visitorEvents.privateLinkVisit}' with the private link's page as redirect.`,
  eventNotFound: 'That private link has not been opened.',
  privateLinkOpened: (code: string, item: string) => `Your private link ${code} for ${item} was opened`,
} as const;

/** SPEC §2 Notifications tabs. */
export const notificationFilters = ['All', 'New', 'Read'] as const;
export type NotificationFilter = (typeof notificationFilters)[number];

// A path on our own site (never another origin: clicking a notification must not leave the site).
const redirectPath = safeText()
  .max(500)
  .trim()
  .refine((s) => s === '' || (s.startsWith('/') && !s.startsWith('//') && !s.includes('\\')), notificationTexts.redirectInvalid)
  .optional()
  .default('');

const notificationText = safeText({ error: notificationTexts.textRequired }).trim().min(1, notificationTexts.textRequired).max(500);

/** SPEC §7 Admin notification create {notification, redirect}. */
export const createNotificationBody = z.object({ notification: notificationText, redirect: redirectPath });
export type CreateNotificationBody = z.input<typeof createNotificationBody>;

/**
 * SPEC §7 Public notifications create {notification, businessName, redirect} (plus the anti-spam
 * fields): `notification` names a visitor event (visitor-events.ts), `redirect` is the visitor's page
 * of it (a private link: `/{businessName}/privateLink?pq=CODE`, or `?cq=` for a catalogue). The
 * server words the text and links into the owner's own admin.
 */
export const publicNotificationBody = z.object({
  notification: z
    .string({ error: notificationTexts.unknownEvent })
    .trim()
    .refine((s): s is VisitorEvent => Object.hasOwn(visitorEvents, s), notificationTexts.unknownEvent),
  businessName: safeText().max(200).trim().toLowerCase().default(''),
  redirect: redirectPath,
  ...antiSpamFields,
});
export type PublicNotificationBody = z.input<typeof publicNotificationBody>;
export type PublicNotificationInput = z.output<typeof publicNotificationBody>;

/** SPEC §7 fetchAll {perPage, pageNo, filter}; §9: 15 per page, the first page is 0 or 1. */
export const fetchNotificationsQuery = z.object({
  pageNo: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .default(1)
    .transform((n) => Math.max(1, n)),
  perPage: z.coerce.number().int().min(1).max(limits.maxPerPage).default(limits.notificationsPage),
  filter: z
    .string()
    .optional()
    .transform((s) => notificationFilters.find((f) => f.toLowerCase() === (s ?? '').trim().toLowerCase()) ?? 'All'),
});
export type FetchNotificationsQuery = z.input<typeof fetchNotificationsQuery>;

export const notificationIdBody = z.object({ id: z.string().trim().max(200) });

/** SPEC §3 Notification. */
export const notification = z.object({
  _id: z.string(),
  notification: z.string(),
  createdAt: z.string(),
  isMarkedRead: z.boolean(),
  redirect: z.string(),
});
export type Notification = z.infer<typeof notification>;

export const notificationsPayload = z.object({ notifications: z.array(notification), total: z.number() });
export type NotificationsPayload = z.infer<typeof notificationsPayload>;
export const countPayload = z.object({ total: z.number() });

/** SPEC §9 badge: the count, or '99+' above 99. */
export function badgeText(count: number): string {
  return count > limits.notificationBadgeMax ? `${limits.notificationBadgeMax}+` : String(count);
}
