// A user's notifications, kept on the server: what happened (a kind and the values its message is
// filled with), the screen it is about, and whether it was read. Required kinds are always recorded;
// optional ones only while the user has notifications on. Some kinds also come by e-mail
// (server/mail/notices.ts) and a few by Web Push (server/push/store.ts), queued with the notification.
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/open';
import { notifications, users } from '../db/schema';
import { pushTo } from '../live/hub';
import { queueMail } from '../mail/queue';
import { isMailed, MAIL_GROUP_OF, noticeMail } from '../mail/notices';
import { isPushed, queuePushes } from '../push/store';
import { OUTBOX_CHANNEL } from '../worker';

/** Every kind, and whether the user's preference (users.notificationsOn) may turn it off. */
export const NOTIFICATION_KINDS = {
  // The renter's: money, bookings, fines and security are always said.
  /** Payment done. Params: number (booking), model (car). */
  bookingConfirmed: 'required',
  /** The renter is asked to agree before a fine is passed on. Params: amount (fils), code. */
  consentRequested: 'required',
  /** A fine paid from the security deposit. Params: amount (fils), code. */
  fineDeducted: 'required',
  /** A fine passed on after the deposit's release, to be charged to the saved card on a day. Params: amount, code, date (of the offence, ms), place, reference (the authority's), last4, at (the day it is charged, ms). */
  fineChargeScheduled: 'required',
  /** A fine charged to the saved card. Params: amount, code, last4, reference. */
  fineCharged: 'required',
  /** Salik crossings charged. Params: amount (fils), count. */
  salikCharged: 'required',
  /** Salik crossings after the deposit's release, to be charged to the saved card. Params: amount (fils), count, last4, at (the day, ms). */
  salikChargeScheduled: 'required',
  /** Params: outcome (upheld | cancelled), code. */
  disputeResolved: 'required',
  /** The transfer notice a contract's "notify on transfer" switch asks for: a fine is the renter's to pay. Params: amount (fils), code. */
  fineTransferNotice: 'required',
  /** A payment step that did not complete was undone: what was charged refunded, the deposit hold released. Params: number (booking), amount (fils refunded). */
  paymentReversed: 'required',
  /** Nobody came for the car: the booking was cancelled as a no-show. Params: number (booking), model, amount (fils kept). */
  noShow: 'required',
  /** The counter recorded the car at pickup: the renter checks the record and confirms. Params: number (booking), model. */
  handoverRecorded: 'required',
  /** The counter checked the car in: its lines are on the renter's phone to accept or dispute. Params: number, model. */
  returnRecorded: 'required',
  /** The company's manager upheld or waived a line the renter disputed. Params: number, outcome (upheld | waived). */
  disputeDecided: 'required',
  /** The car's company cancelled the booking before the handover, everything refunded. Params: number, model, amount (fils, refunded), reason (carNotBack | carUnavailable). */
  cancelledByCompany: 'required',
  /** The car's company moved the booking to another of its cars, as good or better, at the same price. Params: number, from (model), model (the new car's). */
  carMoved: 'required',
  /** Days added to a rental, charged to the card on file. Params: number (booking), days, amount (fils charged). */
  extensionCharged: 'required',
  /** New dates or places for a booking, the difference charged to the card. Params: number, amount (fils). */
  changeCharged: 'required',
  /** New dates or places for a booking, the difference refunded to the card. Params: number, amount (fils). */
  changeRefunded: 'required',
  /** The renter cancelled a booking: what goes back to the card under the policy. Params: number, model, amount (fils refunded). */
  bookingCancelled: 'required',
  /** The company refunded part of a charge after the rental (server/payments/refunds.ts). Params: number, amount (fils), reason. */
  companyRefund: 'required',
  /** The deposit was settled after the return. Params: number, amount (fils, back to the card). */
  depositSettled: 'required',
  /** The company acknowledged or closed the renter's incident report. Params: reference, status (acknowledged | closed). */
  incidentUpdated: 'required',
  /** Security: a password change, a new sign-in. Params free (event: passwordChanged | newSignIn). */
  accountAlert: 'required',
  // The manager's.
  /** Params: code (contract). */
  consentGiven: 'required',
  /** Params: code (contract). */
  consentDeclined: 'required',
  /** Params: code (contract). */
  disputeOpened: 'required',
  /** A renter reported an incident from Emergency with a rental of the company's out. Params: reference, number (booking), model. */
  incidentReported: 'required',
  /** The deposit's hold was placed anew with the renter's bank (server/payments/holds.ts). Params: number, amount, at (until when, ms). */
  depositRenewed: 'required',
  /** The manager's: the renter's card refused to renew the deposit's hold. Params: number, model, at (when the hold lapses, ms). */
  holdRenewalFailed: 'required',
  /** The renter disputed a line of a return's check-in: the manager upholds or waives it. Params: number, model. */
  returnDisputed: 'required',
  /** A booking of the company's cars was cancelled as a no-show: the car is free again. Params: number (booking), model. */
  noShowReported: 'required',
  /** An authority feed was imported. Params: matched, unmatched, rejected. */
  importFinished: 'required',
  // Optional: skipped while the user's notifications are off.
  /** Params: model, at (ms). */
  pickupReminder: 'optional',
  /** Params: offer (free text, optional). */
  specialOffer: 'optional',
  generalUpdate: 'optional',
  /** The contract the renter signed is active with the rental company. Params: model, number (contract). */
  contractActive: 'optional',
} as const satisfies Record<string, 'required' | 'optional'>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export type NotificationParams = Record<string, string | number>;

/** What the browser gets of one notification. */
export interface NotificationView {
  id: string;
  kind: NotificationKind;
  params: NotificationParams;
  /** An app route key, optionally with its record: `trafficViolation`, `contracts:MC-2026-0001`. */
  link: string | null;
  read: boolean;
  /** Epoch milliseconds. */
  createdAt: number;
}

/** The newest the list shows. */
export const LIST_LIMIT = 100;

/**
 * Records a notification for `userId` (an optional kind only if the user has notifications on) and
 * tells the user's open screens, in the same transaction as the change it is about when `db` is one.
 * Call it last in that transaction: the live push holds a lock until the transaction ends. `at` is the
 * server's clock (deps.now), the one every other time it writes comes from, not the database's.
 */
export async function notify(
  db: Db | Tx,
  at: Date,
  userId: string,
  kind: NotificationKind,
  params: NotificationParams = {},
  link?: string,
  { attach = [], agreement }: { attach?: readonly { id: string }[]; agreement?: string } = {},
): Promise<void> {
  const [user] = await db
    .select({ on: users.notificationsOn, email: users.email, name: users.fullName, language: users.language, mailOff: users.mailOff })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || (NOTIFICATION_KINDS[kind] === 'optional' && !user.on)) return;
  await db.transaction(async (tx) => {
    await tx.insert(notifications).values({ userId, kind, params, link: link ?? null, createdAt: at });
    // The kinds that also come by e-mail, unless the user turned their group off, with the booking's
    // signed `agreement` and `attach` (the tax documents the same step issued) as PDFs in their language.
    const mailed = isMailed(kind) && !user.mailOff.includes(MAIL_GROUP_OF[kind]);
    if (mailed) {
      const attachments = [
        ...(agreement ? [{ agreement, lang: user.language }] : []),
        ...attach.map((doc) => ({ taxDocument: doc.id, lang: user.language })),
      ];
      await queueMail(tx, { to: user.email, ...noticeMail(user.language, user.name, kind, params), attachments }, at);
    }
    // The time-critical ones also to the devices the user turned Web Push on for.
    const pushed = isPushed(kind);
    if (pushed) await queuePushes(tx, at, { id: userId, language: user.language }, kind, params, link ?? null);
    // Sent once this commits, not at the queues' next tick.
    if (mailed || pushed) await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
    await pushTo(tx, [userId], 'notifications');
  });
}

/** The user's newest notifications and how many of all theirs are unread. */
export async function listNotifications(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.seq))
    .limit(LIST_LIMIT);
  const list: NotificationView[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind as NotificationKind,
    params: (r.params ?? {}) as NotificationParams,
    link: r.link,
    read: r.readAt !== null,
    createdAt: r.createdAt.getTime(),
  }));
  return { notifications: list, unread: await unreadCount(db, userId) };
}

export async function unreadCount(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** Marks the user's own notifications read (all, or those of `ids`; anyone else's ids change nothing). */
export async function markRead(db: Db, userId: string, which: { ids: string[] } | { all: true }, now: Date) {
  const own = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  return db.transaction(async (tx) => {
    const marked = await tx
      .update(notifications)
      .set({ readAt: now })
      .where('ids' in which ? and(own, inArray(notifications.id, which.ids)) : own)
      .returning({ id: notifications.id });
    const unread = await unreadCount(tx, userId);
    // The user's other windows and devices update their count.
    if (marked.length > 0) await pushTo(tx, [userId], 'notifications');
    return unread;
  });
}
