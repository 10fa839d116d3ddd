import { profileTexts } from '@stashblog/contract/users';
import { and, eq } from 'drizzle-orm';
import webpush from 'web-push';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Transaction } from '../../db/client.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { AppError } from '../../http/app-error.ts';

// The browsers' own push services (Chrome/Edge via FCM, Firefox, Windows, Safari). The server POSTs to
// whatever endpoint a subscription names, so only these hosts (and configured extra origins) are allowed.
const pushHostSuffixes = ['fcm.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'];

const webSubscription = z.object({
  endpoint: z.url(),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type WebSubscription = z.infer<typeof webSubscription>;

/** The push payload the service worker shows (apps/web/public/sw.js). */
export type PushMessage = { title: string; body: string; url: string };

function endpointAllowed(ctx: Pick<AppContext, 'config'>, endpoint: string): boolean {
  let u: URL;
  try {
    u = new URL(endpoint);
  } catch {
    return false;
  }
  if (ctx.config.pushEndpointOrigins.includes(u.origin)) return true;
  return u.protocol === 'https:' && pushHostSuffixes.some((s) => u.hostname === s || u.hostname.endsWith(`.${s}`));
}

/** A stored token that is a browser PushSubscription (JSON); native-app tokens and junk give null. */
function parseSubscription(token: string | null): WebSubscription | null {
  if (!token?.startsWith('{')) return null;
  try {
    const parsed = webSubscription.safeParse(JSON.parse(token));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The VAPID public key browsers subscribe with (PushManager applicationServerKey). */
export function pushPublicKey(ctx: Pick<AppContext, 'config'>) {
  return { publicKey: ctx.config.vapid.publicKey };
}

/**
 * PUT setFCMT {token}: stores the owner's push token ('' forgets it). A browser subscription must name
 * an allowed push service; any other text is kept as the SPEC's native-app token.
 */
export async function setPushToken(ctx: Pick<AppContext, 'db' | 'config'>, { businessId, token }: { businessId: string; token: string }) {
  const value = token.trim();
  if (value.startsWith('{')) {
    const sub = parseSubscription(value);
    if (!sub || !endpointAllowed(ctx, sub.endpoint)) throw AppError.badRequest(profileTexts.pushEndpointRefused);
  }
  await ctx.db
    .update(businesses)
    .set({ fcmToken: value || null, updatedAt: new Date() })
    .where(eq(businesses.id, businessId));
  return { enabled: Boolean(value) };
}

/**
 * Sends one web push to the owner, if they enabled notifications. Never throws: a lead or message must
 * not fail because the push service is down. A subscription the service says is gone is forgotten.
 */
export async function pushToOwner(
  ctx: Pick<AppContext, 'db' | 'config' | 'log'>,
  { businessId, message }: { businessId: string; message: PushMessage },
): Promise<boolean> {
  try {
    const [b] = await ctx.db.select({ token: businesses.fcmToken }).from(businesses).where(eq(businesses.id, businessId));
    const sub = parseSubscription(b?.token ?? null);
    if (!sub || !endpointAllowed(ctx, sub.endpoint)) return false;
    const details = webpush.generateRequestDetails(sub, JSON.stringify(message), {
      vapidDetails: ctx.config.vapid,
      TTL: 24 * 3600,
      contentEncoding: 'aes128gcm',
    });
    const response = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body ? new Uint8Array(details.body) : null,
      signal: AbortSignal.timeout(5000),
      redirect: 'error',
    });
    if (response.status === 404 || response.status === 410) {
      await ctx.db.update(businesses).set({ fcmToken: null }).where(eq(businesses.id, businessId));
      return false;
    }
    if (!response.ok) ctx.log.warn({ status: response.status }, 'push service refused a notification');
    return response.ok;
  } catch (err) {
    ctx.log.warn({ err }, 'push notification failed');
    return false;
  }
}

export const pushTitle = 'StashBlog';

// When to look for the committed notification: the caller's transaction usually commits within
// milliseconds; a rolled-back one never shows its row, so nothing is pushed for it.
const commitChecksMs = [10, 50, 250, 1000, 3000];

/**
 * Called by notifyOwner inside the intake transaction: if the owner has a browser subscription, the
 * push is sent as soon as the notification row is visible (i.e. the transaction committed). Best
 * effort: a push that cannot be sent is logged, never retried beyond these checks.
 */
export async function pushAfterCommit(
  ctx: Pick<AppContext, 'db' | 'config' | 'log'>,
  tx: Transaction,
  { businessId, notificationId, message }: { businessId: string; notificationId: string; message: PushMessage },
) {
  const [b] = await tx.select({ token: businesses.fcmToken }).from(businesses).where(eq(businesses.id, businessId));
  if (!parseSubscription(b?.token ?? null)) return;
  let attempt = 0;
  const check = async () => {
    try {
      const [row] = await ctx.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.businessId, businessId), eq(notifications.id, notificationId)));
      if (row) {
        await pushToOwner(ctx, { businessId, message });
        return;
      }
    } catch (err) {
      ctx.log.warn({ err }, 'push after commit failed');
      return;
    }
    attempt += 1;
    if (attempt < commitChecksMs.length) setTimeout(check, commitChecksMs[attempt]).unref();
  };
  setTimeout(check, commitChecksMs[0]).unref();
}
