import { profileTexts } from '@stashblog/contract/users';
import { and, eq } from 'drizzle-orm';
import webpush from 'web-push';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Transaction } from '../../db/client.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { AppError } from '../../http/app-error.ts';
import { addJob } from '../../jobs/queue.ts';

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

/** Why a push was not delivered, for the job: 'none' (no browser subscription) and 'gone' are final. */
export type PushOutcome = 'sent' | 'none' | 'gone';

/**
 * Sends one web push to the owner, if they enabled notifications (the `push:send` job, push.jobs.ts).
 * A subscription the push service says is gone (404/410) is forgotten. Throws when the push service
 * cannot be reached or refuses for now (5xx, 429), so the job is tried again.
 */
export async function pushToOwner(
  ctx: Pick<AppContext, 'db' | 'config'>,
  { businessId, message }: { businessId: string; message: PushMessage },
): Promise<PushOutcome> {
  const [b] = await ctx.db.select({ token: businesses.fcmToken }).from(businesses).where(eq(businesses.id, businessId));
  const sub = parseSubscription(b?.token ?? null);
  if (!sub || !endpointAllowed(ctx, sub.endpoint)) return 'none';
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
    // Only the subscription that is gone: the owner may have subscribed again meanwhile.
    await ctx.db
      .update(businesses)
      .set({ fcmToken: null })
      .where(and(eq(businesses.id, businessId), eq(businesses.fcmToken, b?.token ?? '')));
    return 'gone';
  }
  if (!response.ok) throw new Error(`push service answered ${response.status}`);
  return 'sent';
}

export const pushTitle = 'StashBlog';

/**
 * Called by notifyOwner inside the intake transaction: if the owner has a browser subscription, a
 * `push:send` job is added in that transaction, so the push exists exactly when the notification
 * committed (a rolled-back lead never pushes, a crash after the commit loses nothing).
 */
export async function queuePush(tx: Transaction, { businessId, message }: { businessId: string; message: PushMessage }) {
  const [b] = await tx.select({ token: businesses.fcmToken }).from(businesses).where(eq(businesses.id, businessId));
  if (!parseSubscription(b?.token ?? null)) return;
  await addJob(tx, 'push:send', { businessId, message });
}
