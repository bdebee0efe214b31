// The devices a user turned Web Push on for, and the messages queued for them. Only the time-critical
// notices are pushed (the pickup reminder, a fine passed to the renter or waiting for their decision,
// their report's status): the rest wait in the app and, if the renter wants, in their e-mail.
import { and, eq } from 'drizzle-orm';
import { hashToken } from '../auth/sessions';
import type { Db, Tx } from '../db/open';
import { pushOutbox, pushSubscriptions } from '../db/schema';
import { noticeWords, type MailedKind } from '../mail/notices';
import type { MailLang } from '../mail/words';

/** The kinds pushed, and for how long each is worth showing after it is sent. */
const HOUR = 60 * 60 * 1000;
export const PUSHED_KINDS = {
  pickupReminder: 24 * HOUR,
  fineTransferNotice: 72 * HOUR,
  consentRequested: 72 * HOUR,
  incidentUpdated: 24 * HOUR,
} as const satisfies Partial<Record<MailedKind, number>>;
export type PushedKind = keyof typeof PUSHED_KINDS;

export const isPushed = (kind: string): kind is PushedKind => Object.hasOwn(PUSHED_KINDS, kind);

/** A device's subscription as the browser's PushSubscription.toJSON() gives it. */
export interface DeviceSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Keeps `device` for `userId` while the session `sessionToken` lasts (signing out ends it); a device
 * another account had turned on is theirs no longer.
 */
export async function saveSubscription(db: Db, userId: string, sessionToken: string, device: DeviceSubscription) {
  const values = { userId, sessionId: hashToken(sessionToken), endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth };
  await db.transaction(async (tx) => {
    // A new owner gets none of the messages queued for the old one.
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint));
    await tx.insert(pushSubscriptions).values(values);
  });
}

/** Forgets the user's device at `endpoint` (and what was waiting for it), if it is theirs. */
export async function dropSubscription(db: Db, userId: string, endpoint: string) {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function isSubscribed(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  return Boolean(row);
}

/**
 * Queues a push of the notice to each of the user's devices, in `tx` (the notification's transaction),
 * in the user's language. A reminder is worth showing until the pickup, no later.
 */
export async function queuePushes(
  tx: Tx,
  at: Date,
  user: { id: string; language: MailLang },
  kind: PushedKind,
  params: Record<string, string | number>,
  link: string | null,
) {
  const devices = await tx.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
  if (devices.length === 0) return;
  const { subject, body } = noticeWords(user.language, kind, params);
  const until = kind === 'pickupReminder' && typeof params.at === 'number' ? params.at : at.getTime() + PUSHED_KINDS[kind];
  const payload = { title: subject, body, lang: user.language, link, tag: `${kind}:${params.code ?? params.reference ?? params.number ?? ''}` };
  await tx.insert(pushOutbox).values(
    devices.map((d) => ({ subscriptionId: d.id, payload, expiresAt: new Date(until), nextAttemptAt: at })),
  );
}
