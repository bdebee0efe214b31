// Push messages on their way (server/outbox.ts): each row of push_outbox is encrypted to its device's
// keys (RFC 8291) and signed with the server's VAPID key by web-push, then posted to the device's push
// service. The service's answer decides: accepted, sent; the device unsubscribed (404, 410), forgotten
// with what waits for it; busy or out of reach, tried again later; anything else, given up and logged.
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../db/open';
import { pushOutbox, pushSubscriptions, type PushPayload } from '../db/schema';
import type { Logger } from '../deps';
import { claimDue, retryAfterMs } from '../outbox';
import { startWorker, type Worker } from '../worker';
import type { VapidKeys } from './keys';
import type { DeviceSubscription } from './store';

/** Posts one message to a push service; resolves with its HTTP status, throws when it cannot be reached. */
export interface PushTransport {
  send(device: DeviceSubscription, payload: PushPayload, ttlSeconds: number): Promise<number>;
}

const TIMEOUT_MS = 10_000;

/** web-push makes the request (encryption, VAPID header); fetch sends it, to HTTPS services and the local stand-in alike. */
export function webPushTransport(keys: VapidKeys): PushTransport {
  return {
    async send(device, payload, ttlSeconds) {
      const request = webpush.generateRequestDetails(device, JSON.stringify(payload), {
        vapidDetails: keys,
        TTL: ttlSeconds,
        urgency: 'high',
      });
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: new Uint8Array(request.body as Buffer),
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.body?.cancel();
      return response.status;
    },
  };
}

export const MAX_PUSH_ATTEMPTS = 5;

/** Sends what is due now, a few at a time; returns how many rows were handled. */
export async function sendDuePushes(db: Db, transport: PushTransport, now: Date, log: Logger, batch = 20): Promise<number> {
  const claimed = await claimDue(db, pushOutbox, now, MAX_PUSH_ATTEMPTS, batch);
  for (const row of claimed) {
    const done = (fields: Partial<typeof pushOutbox.$inferInsert>) =>
      db.update(pushOutbox).set(fields).where(eq(pushOutbox.id, row.id));
    const [device] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, row.subscriptionId));
    const ttlSeconds = Math.floor((row.expiresAt.getTime() - now.getTime()) / 1000);
    if (!device) continue;
    if (ttlSeconds <= 0) {
      await done({ lastError: 'expired', attempts: MAX_PUSH_ATTEMPTS });
      continue;
    }
    let status: number | string;
    try {
      status = await transport.send({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, row.payload, ttlSeconds);
    } catch (error) {
      status = error instanceof Error ? error.message.slice(0, 200) : 'unreachable';
    }
    if (typeof status === 'number' && status >= 200 && status < 300) {
      await done({ sentAt: new Date(), lastError: null });
    } else if (status === 404 || status === 410) {
      // The browser dropped the subscription: the device is forgotten (its waiting rows go with it).
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
    } else {
      const retry = typeof status === 'string' || status === 429 || status >= 500;
      await done({
        lastError: String(status),
        ...(retry ? { nextAttemptAt: new Date(now.getTime() + retryAfterMs(row.attempts)) } : { attempts: MAX_PUSH_ATTEMPTS }),
      });
      // The endpoint stays out of the log (it identifies the device); the row's id finds it.
      log.error('push not sent', { id: row.id, attempts: row.attempts, reason: String(status), givenUp: !retry || row.attempts >= MAX_PUSH_ATTEMPTS });
    }
  }
  return claimed.length;
}

/** The worker: sends what is due every `everyMs`, and at once when nudged. */
export const startPushQueue = (db: Db, transport: PushTransport, now: () => Date, log: Logger, everyMs = 2_000): Worker =>
  startWorker('push queue', async () => (await sendDuePushes(db, transport, now(), log)) === 20, everyMs, log);
