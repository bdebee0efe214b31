// Money and steps that cannot part. A step that deals with the payment gateway (hold the deposit, add
// days, change or cancel a booking, settle the deposit) first writes its intent, keyed by the step's idempotency
// key, in the same transaction as the car's claim; then calls the gateway; then saves the journey and
// marks the intent completed in one transaction. A process killed between the gateway and that save
// leaves an open intent and money the journey does not show. The reconciler, at start and every
// RECONCILE_EVERY_MS, takes each intent open past the call timeout to one end:
//
// - the step replayed, when the journey is still where the step found it (the provider answers a
//   repeated key with what it did the first time, so nothing is taken twice): a deposit hold at
//   pickup, an extension, a change, a cancellation, a settlement is done as the renter asked;
// - otherwise what the gateway took under the key given back (charges refunded, holds released), the
//   car's claim put back as the journey has it (its old hold was kept for the step meanwhile, so
//   nobody has taken it), the booking's version moved on (a page still showing
//   the old one is told it changed) and the renter notified. A fine paid by card is never replayed:
//   the renter never saw it confirmed, and is asked again.
//
// For LATE_ANSWER_WINDOW_MS after a revert, each round looks the intent's keys up again: a request the
// step gave up on may be carried out by the gateway after the reconciler looked, and that is voided too.
//
// An intent marked `reverting` can no longer complete (the step's save requires `open`), so a late
// save and the reconciler never both win.
import { and, eq, gt, isNotNull, lt, ne, not, or, sql } from 'drizzle-orm';
import type { JourneyEvent, JourneySnapshot } from '../../machines/journey';
import { restoreJourney } from '../../machines/persistence';
import { instanceAlive, type Tx } from '../db/open';
import { bookings, moneyIntents, users, violations } from '../db/schema';
import { pushTo } from '../live/hub';
import type { Deps, Logger } from '../deps';
import type { User } from '../auth/sessions';
import { startWorker, type Worker } from '../worker';
import { notify } from '../notifications/store';
import { dropKeptHold, holdOf } from './availability';
import type { BookingRow } from './bookings';

/** The steps whose calls reach the gateway, and the purposes (idempotency key suffixes) they use. */
export const MONEY_EVENTS = {
  // The deposit, authorised as the car is handed over (machines/journey/pickup.ts).
  'pickup.confirm': ['hold'],
  // Not the journey's: a fine paid by card (server/violations/service.ts), the demo's sample rental (server/demo/routes.ts).
  'violation.payByCard': ['charge'],
  'demo.sampleRental': ['hold', 'charge'],
  'rental.confirmExtension': ['extension'],
  'booking.modify': ['change'],
  'booking.cancel': ['cancel', 'release'],
  // The same call as a cancellation (server/journey/noShows.ts).
  'booking.noShow': ['cancel', 'release'],
  // And once more, when the company cannot hand the car over (server/handovers/routes.ts).
  'booking.companyCancel': ['cancel', 'release'],
  // Whichever step brings both sides to agree settles the deposit (machines/journey/return.ts).
  'return.accept': ['settle', 'early'],
  'return.decide': ['settle', 'early'],
} as const satisfies Partial<Record<JourneyEvent['type'] | 'violation.payByCard' | 'demo.sampleRental', readonly string[]>>;
type MoneyEventType = keyof typeof MONEY_EVENTS;

export const isMoneyEvent = (event: JourneyEvent): boolean => Object.hasOwn(MONEY_EVENTS, event.type);

/** A decide() call gives up after 30 s; an intent open this much longer was left by a process that died or lost. */
export const INTENT_GRACE_MS = 45_000;
export const RECONCILE_EVERY_MS = 30_000;

/** What is kept of the event: a card typed for a payment is never stored. */
function storedEvent(event: { type: string; at?: number }): Record<string, unknown> {
  if (event.type === 'violation.payByCard') return { type: event.type, at: event.at };
  return event as unknown as Record<string, unknown>;
}

/**
 * Writes the step's intent (once per key: a retried request, or the reconciler's replay, finds it).
 * One `completed` at this same version was a step refused before any call (a completed step moves
 * the version on): it opens again, for this step.
 * False when the reconciler has taken it, or when another step is open under the key (a change in
 * flight, and a cancellation from a second tab at the same version): the step must not go on. The
 * first is ended (saved, or undone by the reconciler) before the booking takes another.
 */
export async function openIntent(
  tx: Tx,
  step: { key: string; bookingId: string; violationId?: string; version: number; event: { type: string; at?: number } },
  now: Date,
  owner: number,
): Promise<boolean> {
  const { key, bookingId, violationId, version, event } = step;
  const [intent] = await tx
    .insert(moneyIntents)
    .values({ key, bookingId, violationId: violationId ?? null, version, event: storedEvent(event), owner, createdAt: now })
    .onConflictDoUpdate({
      target: moneyIntents.key,
      // Open for this step (a retry, or the reconciler replaying it) or completed as above: open from now, this instance's.
      set: {
        status: 'open',
        owner,
        event: sql`case when ${moneyIntents.status} = 'completed' then excluded.event else ${moneyIntents.event} end`,
        createdAt: now,
        resolvedAt: null,
      },
      setWhere: or(
        eq(moneyIntents.status, 'completed'),
        and(eq(moneyIntents.status, 'open'), sql`${moneyIntents.event}->>'type' = excluded.event->>'type'`),
      ),
    })
    .returning({ status: moneyIntents.status });
  return intent?.status === 'open';
}

/**
 * Marks the intent done with the step's save, in its transaction, and lets the hold kept for it go;
 * false when the reconciler took it first.
 */
export async function completeIntent(tx: Tx, key: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(moneyIntents)
    .set({ status: 'completed', resolvedAt: now })
    .where(and(eq(moneyIntents.key, key), eq(moneyIntents.status, 'open')))
    .returning({ key: moneyIntents.key });
  if (rows.length === 0) return false;
  await dropKeptHold(tx, key);
  return true;
}

/** Every gateway reference the journey knows of: what it shows the renter as paid, held or given back. */
export function referencesOf(snapshot: JourneySnapshot): Set<string> {
  const c = snapshot.context;
  return new Set(
    [
      c.payment?.reference,
      c.deposit?.reference,
      c.refund?.reference,
      c.refund?.early?.reference,
      c.cancellation?.reference,
      ...c.extensions.map((e) => e.reference),
      ...(c.changes ?? []).map((change) => change.reference),
    ].filter((r): r is string => typeof r === 'string'),
  );
}

type Intent = typeof moneyIntents.$inferSelect;
/** The step's own path (server/journey/service.ts), passed in: it decides and saves as a request would. */
export type Replay = (deps: Deps, user: User, row: BookingRow, event: JourneyEvent, version: number) => Promise<{ status: number }>;

/** Drives one open (or half-reverted) intent to its end; returns what was done. */
export async function reconcileIntent(deps: Deps, intent: Intent, replay: Replay): Promise<'replayed' | 'reverted' | 'gone'> {
  const { db } = deps;
  const [row] = await db.select().from(bookings).where(eq(bookings.id, intent.bookingId));
  if (!row) return 'gone';

  // A fine paid by card: never replayed (the renter never saw it confirmed); what was charged goes back.
  if (intent.violationId) {
    const violationId = intent.violationId;
    return revert(deps, intent, row, new Set(), async (tx) => {
      await tx
        .update(violations)
        .set({ version: sql`${violations.version} + 1` })
        .where(eq(violations.id, violationId));
      await pushTo(tx, [row.renterId], 'violations', violationId);
    });
  }

  const restored = restoreJourney(row.journey);
  const event = intent.event as JourneyEvent;
  // A journey step the machine still takes is replayed (the same keys: the provider answers as it did);
  // the demo's sample rental is no step of the journey, and is only ever undone.
  if (intent.status === 'open' && row.version === intent.version && restored.snapshot?.can(event)) {
    const [owner] = await db.select().from(users).where(eq(users.id, row.renterId));
    if (owner) {
      const result = await replay(deps, owner, row, event, row.version);
      if (result.status === 200) return 'replayed';
    }
  }
  const known = restored.snapshot ? referencesOf(restored.snapshot) : new Set<string>();
  return revert(deps, intent, row, known, async (tx, at) => {
    // The car is held as the journey says (not paid: not held), and the version moves on.
    const [current] = await tx.select().from(bookings).where(eq(bookings.id, row.id)).for('update');
    const journey = current && restoreJourney(current.journey).snapshot;
    if (current && journey) {
      await tx
        .update(bookings)
        .set({ ...holdOf(journey, current.sample), version: current.version + 1, updatedAt: at })
        .where(eq(bookings.id, current.id));
    }
  });
}

/**
 * Gives back what the gateway took under the intent's keys that the record does not show (`known`):
 * charges refunded, holds released; then, in one transaction, ends the intent, moves the record's
 * version on (`finish`: a page or a late save still on the old one is told it changed) and tells the
 * renter.
 */
async function revert(
  deps: Deps,
  intent: Intent,
  row: BookingRow,
  known: Set<string>,
  finish: (tx: Tx, at: Date) => Promise<void>,
): Promise<'reverted' | 'gone'> {
  const { db } = deps;
  // From here the step cannot complete any more: its save requires the intent open.
  const [taken] = await db
    .update(moneyIntents)
    .set({ status: 'reverting' })
    .where(and(eq(moneyIntents.key, intent.key), or(eq(moneyIntents.status, 'open'), eq(moneyIntents.status, 'reverting'))))
    .returning({ key: moneyIntents.key });
  if (!taken) return 'gone';

  const voided = await voidUnknown(deps, intent, known);
  const returned = amountReturned(voided);

  const at = deps.now();
  const finished = await db.transaction(async (tx) => {
    // The booking's row before the intent's, in the order a step's claim and save take them (its
    // record, then its intent): a retry or a late save arriving now waits here, instead of each
    // holding the row the other wants (PostgreSQL then fails one of the two).
    await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, intent.bookingId)).for('update');
    // Another instance's reconciler may have finished it meanwhile (with the same keys, so the
    // gateway did nothing twice): only the one that ends it updates the record and tells the renter.
    const [ended] = await tx
      .update(moneyIntents)
      .set({ status: 'reverted', resolvedAt: at, outcome: { voided } })
      .where(and(eq(moneyIntents.key, intent.key), eq(moneyIntents.status, 'reverting')))
      .returning({ key: moneyIntents.key });
    if (!ended) return false;
    await finish(tx, at);
    await dropKeptHold(tx, intent.key);
    if (voided.length > 0) {
      await notify(tx, at, row.renterId, 'paymentReversed', { number: row.number, amount: returned }, 'bookingDetails');
    }
    return true;
  });
  if (finished) deps.log.info('reconciler: a step that did not complete was undone', { key: intent.key, voided: voided.length, returnedFils: returned });
  return finished ? 'reverted' : 'gone';
}

type Voided = { reference: string; kind: string; amount: number };
const amountReturned = (voided: Voided[]) => voided.filter((v) => v.kind === 'charge').reduce((sum, v) => sum + v.amount, 0);

/**
 * Gives back what the gateway took under the intent's keys and `known` does not name: charges
 * refunded, holds released. The same keys each time, so a reconciler that dies half way and runs
 * again, or looks again later, voids nothing twice.
 */
async function voidUnknown(deps: Deps, intent: Intent, known: Set<string>): Promise<Voided[]> {
  const voided: Voided[] = [];
  for (const purpose of MONEY_EVENTS[(intent.event as { type: MoneyEventType }).type] ?? []) {
    const key = `${intent.key}:${purpose}`;
    const op = await deps.gateway.lookup(key);
    if (!op || known.has(op.reference)) continue;
    if (op.kind === 'charge') {
      await deps.gateway.refund({ references: [op.reference], amount: op.amount, idempotencyKey: `${key}:void` });
    } else if (op.kind === 'hold') {
      await deps.gateway.settle({ holdReference: op.reference, capture: 0, idempotencyKey: `${key}:void` });
    } else {
      // A refund or a release the record does not show went the renter's way: kept, and said in the log.
      deps.log.info('reconciler: money returned by a step that did not complete is left with the renter', { key, kind: op.kind });
      continue;
    }
    voided.push({ reference: op.reference, kind: op.kind, amount: op.amount });
  }
  return voided;
}

/**
 * How long after a revert the gateway is asked again: a request the step gave up on (its 30 s
 * timeout) may still land after the reconciler looked, and what it took must go back too.
 */
export const LATE_ANSWER_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Money a step's request took after its intent was reverted (a late answer): each intent reverted
 * within the window is looked up again, and what is found and not yet voided is voided, added to the
 * intent's outcome, and the renter told.
 */
async function voidLateAnswers(deps: Deps, stopping: () => boolean) {
  const since = new Date(deps.now().getTime() - LATE_ANSWER_WINDOW_MS);
  const reverted = await deps.db
    .select()
    .from(moneyIntents)
    .where(and(eq(moneyIntents.status, 'reverted'), gt(moneyIntents.resolvedAt, since)));
  for (const intent of reverted) {
    if (stopping()) return;
    const before = (intent.outcome as { voided?: Voided[] } | null)?.voided ?? [];
    // What the journey shows is its own (as at the revert); what was voided then is not voided twice.
    const [booking] = intent.violationId ? [] : await deps.db.select({ journey: bookings.journey }).from(bookings).where(eq(bookings.id, intent.bookingId));
    const journey = booking && restoreJourney(booking.journey).snapshot;
    const known = new Set([...(journey ? referencesOf(journey) : []), ...before.map((v) => v.reference)]);
    const late = await voidUnknown(deps, intent, known);
    if (late.length === 0) continue;
    const at = deps.now();
    await deps.db.transaction(async (tx) => {
      await tx.update(moneyIntents).set({ outcome: { voided: [...before, ...late] } }).where(eq(moneyIntents.key, intent.key));
      const [row] = await tx.select({ renterId: bookings.renterId, number: bookings.number }).from(bookings).where(eq(bookings.id, intent.bookingId));
      const returned = amountReturned(late);
      if (row && returned > 0) await notify(tx, at, row.renterId, 'paymentReversed', { number: row.number, amount: returned }, 'bookingDetails');
    });
    deps.log.info('reconciler: money a late gateway answer took was given back', { key: intent.key, voided: late.length, returnedFils: amountReturned(late) });
  }
}

/**
 * One round: every intent left open past the grace or by an instance that is gone (its lock dropped:
 * killed, say, and perhaps started again as another), and any half reverted. True when there may be more.
 */
export async function reconcile(deps: Deps, replay: Replay, stopping: () => boolean = () => false): Promise<boolean> {
  const BATCH = 50;
  const stale = new Date(deps.now().getTime() - INTENT_GRACE_MS);
  // An intent of no known instance (opened before owners were kept) waits for the grace as before.
  const ownerGone = and(isNotNull(moneyIntents.owner), ne(moneyIntents.owner, deps.instance), not(instanceAlive(moneyIntents.owner)));
  const intents = await deps.db
    .select()
    .from(moneyIntents)
    .where(or(and(eq(moneyIntents.status, 'open'), or(lt(moneyIntents.createdAt, stale), ownerGone)), eq(moneyIntents.status, 'reverting')))
    .limit(BATCH);
  let ended = 0;
  for (const intent of intents) {
    if (stopping()) return false;
    try {
      if ((await reconcileIntent(deps, intent, replay)) !== 'gone') ended++;
    } catch (error) {
      // One that cannot end now (the gateway unreachable, say) waits for the next round; the others go on.
      deps.log.error('reconciler: a step could not be ended yet', { key: intent.key, reason: error instanceof Error ? error.message : 'unknown' });
    }
  }
  const more = intents.length === BATCH && ended > 0;
  if (!more && !stopping()) {
    try {
      await voidLateAnswers(deps, stopping);
    } catch (error) {
      deps.log.error('reconciler: late answers could not be looked for yet', { reason: error instanceof Error ? error.message : 'unknown' });
    }
  }
  return more;
}

/** Every round until nothing is left: what the server does at start, before it answers anyone. */
export async function reconcileAll(deps: Deps, replay: Replay) {
  while (await reconcile(deps, replay));
}

/** This instance's reconciler: a round every RECONCILE_EVERY_MS (several instances may; each step is guarded). */
export const startReconciler = (deps: () => Deps, replay: Replay, log: Logger): Worker =>
  startWorker('reconciler', (stopping) => reconcile(deps(), replay, stopping), RECONCILE_EVERY_MS, log, { atOnce: false });

