// What the payment provider says reaches the journey here, by two roads: its webhook (signed; kept
// once by its event id, answered at once, taken in by the worker) and the renter's browser coming
// back from its page. Neither road is believed as it stands: both ask the provider for the session as
// it is now, and the journey takes the one event that moves it there (machines/journey/payment.ts),
// so a duplicate, a replay, a late event or the two roads at once change nothing twice. The same
// worker closes the pages left open past their time, so the car they held goes back, and renews the
// deposit holds about to lapse (./holds.ts).
import { and, asc, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import type { JourneyEvent } from '../../machines/journey';
import { restoreJourney } from '../../machines/persistence';
import type { PaymentSession } from '../../machines/journey-rules';
import { bookings, providerEvents, users } from '../db/schema';
import type { Deps, Logger } from '../deps';
import { startWorker, type Worker } from '../worker';
import { applyStep } from '../journey/service';
import type { BookingRow } from '../journey/bookings';
import type { CheckoutState } from './gateway';
import { renewHolds } from './holds';
import { finishRefunds } from './refunds';
import { chargeFinesAfterRelease } from '../violations/charges';
import { chargeSalikAfterRelease } from '../violations/salik';

/** How often the worker looks without being nudged: undone webhooks, and pages past their time. */
export const PAYMENT_EVENTS_EVERY_MS = 30_000;
const BATCH = 50;
/** A webhook the worker could not take in (the provider down, say) is tried again, up to this many rounds. */
const MAX_ATTEMPTS = 20;

/** The journey's event for the session as the provider has it now, or null when the journey already says so. */
export function eventFor(state: CheckoutState, session: PaymentSession, at: number): JourneyEvent | null {
  const { sessionId } = session;
  if (state.status === 'complete') return { type: 'payment.completed', sessionId, reference: state.reference, cardToken: state.cardToken, card: state.card, at };
  // Closed before its time, it was closed by the renter's own new start (machines/journey/payment.ts),
  // whose step replaces it: taking that in here would race the step. At its time, it is over.
  if (state.status === 'expired') return at >= session.expiresAt ? { type: 'payment.expired', sessionId } : null;
  if (state.challenge && !session.challenge) return { type: 'payment.challenge', sessionId };
  if (state.failure && !state.challenge && state.failure !== session.failure) return { type: 'payment.failed', sessionId, reason: state.failure };
  return null;
}

/**
 * Brings the booking's journey to where its provider session is (closing it first when it is past
 * its time). What happened: `moved` (a step was saved), `same` (nothing to do), `busy` (another step
 * got there first: tried again by the caller).
 */
export async function syncCheckout(deps: Deps, bookingId: string): Promise<'moved' | 'same' | 'busy'> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [row] = await deps.db.select().from(bookings).where(eq(bookings.id, bookingId));
    const session = row && restoreJourney(row.journey).snapshot?.context.paymentSession;
    if (!row || !session) return 'same';
    let state = await deps.gateway.checkout(session.sessionId);
    if (state.status === 'open' && deps.now().getTime() >= session.expiresAt) state = await deps.gateway.expireCheckout(session.sessionId);
    const event = eventFor(state, session, deps.now().getTime());
    if (!event) return 'same';
    const result = await apply(deps, row, event);
    if (result === 'moved') {
      deps.log.info('payment: the provider moved a booking on', { booking: row.number, event: event.type });
      return 'moved';
    }
  }
  return 'busy';
}

async function apply(deps: Deps, row: BookingRow, event: JourneyEvent) {
  const [renter] = await deps.db.select().from(users).where(eq(users.id, row.renterId));
  if (!renter) return 'same';
  const result = await applyStep(deps, renter, row, event, row.version);
  return result.status === 200 || result.status === 402 ? 'moved' : 'busy';
}

/** A verified webhook, kept once by its id; false when it was kept already (a duplicate or a replay). */
export async function keepWebhook(deps: Deps, event: { id: string; type: string; bookingId: string | null }) {
  const known = event.bookingId ? (await deps.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, event.bookingId)))[0] : undefined;
  const rows = await deps.db
    .insert(providerEvents)
    .values({ id: event.id, type: event.type, bookingId: known?.id ?? null, receivedAt: deps.now() })
    .onConflictDoNothing()
    .returning({ id: providerEvents.id });
  return rows.length > 0;
}

/** One round: the webhooks waiting, the pages past their time, the holds to renew. True when more may be waiting. */
export async function takeInPaymentEvents(deps: Deps, stopping: () => boolean = () => false): Promise<boolean> {
  const waiting = await deps.db
    .select()
    .from(providerEvents)
    .where(and(isNull(providerEvents.doneAt), lt(providerEvents.attempts, MAX_ATTEMPTS)))
    .orderBy(asc(providerEvents.receivedAt))
    .limit(BATCH);
  for (const event of waiting) {
    if (stopping()) return false;
    let outcome: 'moved' | 'same' | 'busy' | 'failed' = 'same';
    try {
      outcome = event.bookingId ? await syncCheckout(deps, event.bookingId) : 'same';
    } catch (error) {
      outcome = 'failed';
      deps.log.error('payment: a provider event could not be taken in now', { event: event.id, reason: error instanceof Error ? error.message : 'unknown' });
    }
    const done = outcome === 'moved' || outcome === 'same';
    await deps.db
      .update(providerEvents)
      .set({ attempts: sql`${providerEvents.attempts} + 1`, doneAt: done ? deps.now() : null })
      .where(eq(providerEvents.id, event.id));
  }
  // The provider's pages left past their time: the session closed at the provider, the car released.
  const lapsed = await deps.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(lte(bookings.pageClosesAt, deps.now()))
    .limit(BATCH);
  for (const { id } of lapsed) {
    if (stopping()) return false;
    await syncCheckout(deps, id).catch((error: unknown) =>
      deps.log.error('payment: an expired page could not be closed now', { booking: id, reason: error instanceof Error ? error.message : 'unknown' }),
    );
  }
  // The deposit holds about to lapse: renewed (./holds.ts). The fines that came after the release: charged.
  const renewMore = await renewHolds(deps, stopping);
  if (!stopping()) await chargeFinesAfterRelease(deps, stopping);
  // And the Salik crossings that came after it.
  if (!stopping()) await chargeSalikAfterRelease(deps, stopping);
  // Refunds by the company whose request died before the journey took them: finished under their own keys.
  if (!stopping()) await finishRefunds(deps, stopping);
  return waiting.length === BATCH || renewMore;
}

export const startPaymentEvents = (deps: () => Deps, log: Logger): Worker =>
  startWorker('payment events', (stopping) => takeInPaymentEvents(deps(), stopping), PAYMENT_EVENTS_EVERY_MS, log);
