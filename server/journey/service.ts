// One step of a renter's journey, decided and saved: the machine decides (decide.ts), the database
// keeps it over the version it was decided on, in one transaction with whatever the step changes
// elsewhere (the account row, a new booking, a violation).
import { and, eq, ne } from 'drizzle-orm';
import type { JourneyEvent } from '../../machines/journey';
import { normaliseEmail } from '../../machines/renter';
import type { Problem } from '../../machines/validation';
import type { JourneyError, Step } from '../../machines/journey-rules';
import type { Tx } from '../db/open';
import { users } from '../db/schema';
import type { Deps } from '../deps';
import type { User } from '../auth/sessions';
import { decide } from './decide';
import { openContract } from '../contracts/store';
import { issueTaxDocuments, type TaxDocumentRow } from '../invoices/store';
import { insertBooking, ownBooking, saveJourney, viewOf, type BookingRow, type JourneyView } from './bookings';
import { restoreJourney } from '../../machines/persistence';
import { dueBackAt, isOver, isPaid, isPaymentFailure, type JourneyContext } from '../../machines/journey-rules';
import type { CarId } from '../../machines/fleet';
import { DAY_MS } from '../../machines/money';
import { tripProblems } from '../../machines/booking';
import type { JourneySnapshot } from '../../machines/journey';
import { carAwayAt, claimCar, freeDefaultTrip, isFree, isOverlap, keepHold, releaseClaim, type Period } from './availability';
import { completeIntent, isMoneyEvent, openIntent } from './intents';
import { lockBookable } from '../cars/store';
import { servesVisits, visitsOf, type Visit } from '../branches/store';
import { notify } from '../notifications/store';
import { managersOf } from '../companies/managers';
import { keepCard, savedCardOf } from '../payments/cards';
import { customerOf } from '../payments/gateway';
import { handoverChanged, pushHandover, returnNotices } from '../handovers/live';
import { heldBy } from '../auth/emailChange';
import { tellOwnerOfTry } from '../auth/emailTaken';
import { tellChargesAtRelease } from '../violations/afterRelease';

export type StepResult =
  | { status: 200; body: { journey: JourneyView } }
  | { status: 402 | 422; body: { error: JourneyError; journey: JourneyView } }
  | { status: 409; body: { error: 'refused'; due: Step; journey: JourneyView } }
  | { status: 409; body: { error: 'conflict'; journey: JourneyView } }
  /** Another booking holds the car for part of the time this step needs it. */
  | { status: 409; body: { error: 'taken'; journey: JourneyView } }
  /** The car has not been checked in from its last rental: it is not at the branch to hand over. */
  | { status: 409; body: { error: 'carNotBack'; dueBackAt: number; journey: JourneyView } }
  | { status: 409; body: { error: 'emailTaken'; fields: { email: 'emailTaken' } } }
  | { status: 400; body: { error: 'invalid'; fields: Partial<Record<string, Problem>> } };

/** The car and booked time a step needs to hold: paying, changing the dates, adding days, choosing a car and trip, or moving to another car. */
function claimFor(before: JourneySnapshot, event: JourneyEvent): { carId: CarId; period: Period; visits: Visit[] } | null {
  const c = before.context;
  const start = c.booking.pickupAt;
  const end = dueBackAt(c);
  switch (event.type) {
    case 'payment.submit':
      return { carId: c.booking.carId, period: { start: new Date(start), end: new Date(end) }, visits: visitsOf({ ...c.booking, pickupAt: start, dropoffAt: end }) };
    case 'booking.modify':
      // A trip the rules refuse claims nothing (the machine answers with its problems).
      if (Object.keys(tripProblems(event.trip, event.at)).length > 0) return null;
      return { carId: c.booking.carId, period: { start: new Date(event.trip.pickupAt), end: new Date(event.trip.dropoffAt) }, visits: visitsOf(event.trip) };
    case 'rental.confirmExtension': {
      if (!c.extensionQuote) return null;
      const back = end + c.extensionQuote.days * DAY_MS;
      // The car is already out: only the later return needs the branch open.
      return { carId: c.booking.carId, period: { start: new Date(start), end: new Date(back) }, visits: [{ place: c.booking.dropoffLocation, at: back }] };
    }
    case 'booking.moveCar':
      // The company's other car, for all of the booking's time, at the branches already booked.
      return { carId: event.to.id, period: { start: new Date(start), end: new Date(end) }, visits: [] };
    case 'booking.start':
      if (!event.trip) return null;
      return { carId: event.car.id, period: { start: new Date(event.trip.pickupAt), end: new Date(event.trip.dropoffAt) }, visits: visitsOf(event.trip) };
    default:
      return null;
  }
}

/** Thrown inside a step's transaction when a record changed since it was read: the step is a conflict. */
export class StaleRecord extends Error {}

/** Thrown inside a claim's transaction when the car is no longer offered: to the renter, it is taken. */
class NotOffered extends Error {}

/** Thrown inside a claim's transaction when the step's intent cannot be opened: the claim goes back with it. */
class IntentTaken extends Error {}

/** The journey as it is now, for a refused or conflicting step to show what changed. */
async function currentView(deps: Deps, row: BookingRow): Promise<JourneyView> {
  const now = (await ownBooking(deps.db, row.id, row.renterId)) ?? row;
  return viewOf(now, restoreJourney(now.journey).snapshot!);
}

/**
 * Applies `event` to the booking `row` (already checked to be the user's), at `expectedVersion`.
 * `alongside` writes what else the step changes, in the same transaction.
 */
export async function applyStep(
  deps: Deps,
  user: User,
  row: BookingRow,
  event: JourneyEvent,
  expectedVersion: number,
  alongside?: (tx: Tx) => Promise<void>,
): Promise<StepResult> {
  if (row.version !== expectedVersion) return { status: 409, body: { error: 'conflict', journey: await currentView(deps, row) } };
  const restored = restoreJourney(row.journey);
  if (!restored.snapshot) return { status: 409, body: { error: 'conflict', journey: await currentView(deps, row) } };
  const before = restored.snapshot;

  if (event.type === 'account.update') {
    const email = normaliseEmail(event.profile.email);
    const [taken] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), ne(users.id, user.id)));
    // An address given up days ago is still its account's while the undo link works (auth/emailChange.ts).
    const held = email !== user.email && (await heldBy(deps.db, email, deps.now()));
    if (taken || (held && held !== user.id)) {
      await tellOwnerOfTry(deps, email, deps.now());
      return { status: 409, body: { error: 'emailTaken', fields: { email: 'emailTaken' } } };
    }
  }

  // A car chosen without a trip gets the default rental at the car's first free time.
  if (event.type === 'booking.start' && !event.trip) {
    event = { ...event, trip: await freeDefaultTrip(deps.db, event.car.id, deps.now()) };
  }
  // The car changes hands only at the branch: not while the last renter still has it, whatever the bookings say.
  if ((event.type === 'handover.record' || event.type === 'pickup.confirm') && before.can(event)) {
    const away = await carAwayAt(deps.db, row.id, deps.now());
    // The renter hears when the car was due back, not whose rental it is.
    if (away) return { status: 409, body: { error: 'carNotBack', dueBackAt: away.dueBackAt, journey: viewOf(row, before) } };
  }
  // A step that needs the car for a time claims it first, so a lost race costs the renter nothing; a
  // step that deals with the gateway writes its intent with the claim (server/journey/intents.ts).
  const claim = claimFor(before, event);
  if (event.type === 'booking.start' && claim && !((await isFree(deps.db, claim.carId, claim.period)) && (await servesVisits(deps.db, claim.carId, claim.visits)))) {
    return { status: 409, body: { error: 'taken', journey: viewOf(row, before) } };
  }
  const claimed = claim && event.type !== 'booking.start' && !row.sample && before.can(event);
  const key = `${row.id}:${row.version}`;
  const money = isMoneyEvent(event) && before.can(event);
  if (claimed || money) {
    let open: boolean;
    try {
      open = await deps.db.transaction(async (tx) => {
        if (claimed) {
          // A car taken out of service (or of a suspended company) since it was chosen is not to be had,
          // nor one whose company's branches are not open when the renter comes.
          if (!(await lockBookable(tx, claim.carId)) || !(await servesVisits(tx, claim.carId, claim.visits))) throw new NotOffered();
          // The time the booking holds now stays its own until the step ends, whatever the gateway says.
          if (money) await keepHold(tx, row, key);
          await claimCar(tx, row, claim.carId, claim.period);
        }
        // The booking's row before the intent's, as the step's save takes them: two steps at once
        // wait for each other instead of deadlocking. Taken by the reconciler, or another step open
        // under the key: nothing is claimed (nor kept) for a step that cannot go on.
        if (money && !(await openIntent(tx, { key, bookingId: row.id, version: row.version, event }, deps.now(), deps.instance))) throw new IntentTaken();
        return true;
      });
    } catch (error) {
      if (isOverlap(error) || error instanceof NotOffered) return { status: 409, body: { error: 'taken', journey: viewOf(row, before) } };
      if (!(error instanceof IntentTaken)) throw error;
      open = false;
    }
    // The reconciler undid this step's dealings (it took too long, or its process died): the journey moved on.
    if (!open) return { status: 409, body: { error: 'conflict', journey: await currentView(deps, row) } };
  }
  const decision = await decide(before, event, {
    gateway: deps.gateway,
    idempotencyKey: key,
    inspect: deps.inspect,
    ...(event.type === 'payment.submit' ? { checkout: await checkoutFor(deps, user, row, before.context, event.language) } : {}),
  });
  if (decision.kind !== 'accepted' && (claimed || money)) {
    // Refused before any call: nothing was taken; the claim goes back and the intent ends with it.
    await deps.db.transaction(async (tx) => {
      if (claimed) await releaseClaim(tx, row);
      if (money) await completeIntent(tx, key, deps.now());
    });
  } else if (claimed && decision.kind === 'accepted' && decision.failed) await releaseClaim(deps.db, row);
  if (decision.kind === 'refused')
    return { status: 409, body: { error: 'refused', due: decision.due, journey: viewOf(row, before) } };
  if (decision.kind === 'invalid') return { status: 400, body: { error: 'invalid', fields: decision.fields } };

  const now = deps.now();
  try {
    const saved = await deps.db.transaction(async (tx) => {
      // A new booking after a finished rental is a new record; the finished one stays as it was.
      const newBooking = event.type === 'booking.start' && isOver(before.context);
      const next = newBooking
        ? await insertBooking(tx, user.id, decision.snapshot, now)
        : await saveJourney(tx, row, decision.snapshot, now);
      if (!next) throw new StaleRecord();
      // The step's dealings with the gateway are now the journey's; if the reconciler took them first, the step loses.
      if (money && !(await completeIntent(tx, key, now))) throw new StaleRecord();
      if (event.type === 'account.update') {
        // The account takes the profile as the machine's updateProfile normalised it (one rule).
        const { fullName, phone, email, address } = decision.snapshot.context.renter!;
        // A new e-mail is not verified until its own link is opened (journey/routes.ts sends it).
        const unverified = email === user.email ? {} : { emailVerifiedAt: null };
        await tx.update(users).set({ fullName, phone, email, address: address ?? null, ...unverified }).where(eq(users.id, user.id));
      }
      // Signing makes the contract, with the car's company, in the same transaction.
      if (!before.context.contract && decision.snapshot.context.contract) {
        await openContract(tx, next, decision.snapshot.context.booking.car, now);
      }
      // The card the renter paid with stays on file, as the provider's saved card, as they agreed on the payment page.
      const paidNow = !isPaid(before.context) && isPaid(decision.snapshot.context);
      if (paidNow && event.type === 'payment.completed') await keepCard(tx, user.id, event.card, event.cardToken, now);
      // Each charge is a tax invoice and each refund a credit note, numbered with the step or not at all;
      // the e-mails that tell of the money carry them.
      const issued = newBooking ? [] : await issueTaxDocuments(tx, next, before.context, decision.snapshot.context, now);
      await alongside?.(tx);
      // The counter's record, the renter's confirmation or flag, a return's check-in, dispute, decision or
      // settlement, a cancellation: those it concerns are told, and both sides' open screens load it again.
      if (handoverChanged(before.context, decision.snapshot.context)) {
        await returnNotices(tx, next, before.context, decision.snapshot.context, now, issued);
        await pushHandover(tx, next, decision.snapshot.context.booking.car.company);
      }
      // Money that moved on the renter's card by their own step: they are told, with the booking to open.
      await moneyNotices(tx, row.renterId, next.number, before.context, decision.snapshot.context, now, issued);
      // The deposit released: a fine it would have paid is now the saved card's, on a day the renter is told.
      if (!before.context.refund && decision.snapshot.context.refund) await tellChargesAtRelease(tx, now, next);
      // The payment that leaves the journey paid confirms the booking: the renter is told (last: it pushes live).
      if (paidNow) {
        const model = decision.snapshot.context.booking.car.model;
        await notify(tx, now, user.id, 'bookingConfirmed', { number: next.number, model }, 'bookingDetails', { attach: issued, agreement: next.id });
      }
      return next;
    });
    const journey = viewOf(saved, decision.snapshot);
    if (decision.failed) {
      return { status: isPaymentFailure(decision.failed) ? 402 : 422, body: { error: decision.failed, journey } };
    }
    return { status: 200, body: { journey } };
  } catch (error) {
    if (isOverlap(error)) return { status: 409, body: { error: 'taken', journey: await currentView(deps, row) } };
    if (error instanceof StaleRecord) return { status: 409, body: { error: 'conflict', journey: await currentView(deps, row) } };
    throw error;
  }
}

/** What the provider's page is opened with: the renter's e-mail, the page's language (else the account's), their customer there if they paid before, and where it returns. */
async function checkoutFor(deps: Deps, user: User, row: BookingRow, context: JourneyContext, asked?: 'en' | 'ar') {
  const saved = await savedCardOf(deps.db, user.id);
  const language = asked ?? (user.language === 'ar' ? 'ar' : 'en');
  const page = `${deps.config.publicOrigin}${language === 'ar' ? '/arabic' : ''}/payment`;
  return {
    bookingId: row.id,
    description: `${context.booking.car.model} · ${row.number}`,
    email: user.email,
    customer: saved ? customerOf(saved.cardToken) : null,
    language,
    // The provider puts its session's id in; the return reads the session from the provider, never from the URL alone.
    returnUrl: `${deps.config.publicOrigin}/api/payments/return?session={CHECKOUT_SESSION_ID}&lang=${language}`,
    cancelUrl: page,
  } as const;
}

/**
 * What the step charged or gave back, as notifications: days added, new dates charged or refunded, a
 * cancellation and why (the renter's own, a no-show, which the company hears of too, or the company's).
 * Said here, from what the step changed, so a step the reconciler completes (server/journey/intents.ts)
 * tells the same as one a request or a job saved. (Payment and the deposit's settlement have their own.)
 */
async function moneyNotices(tx: Tx, renterId: string, number: string, before: JourneyContext, after: JourneyContext, now: Date, issued: TaxDocumentRow[]) {
  // Each notice's e-mail carries the documents of its own movement.
  const of = (source: string) => ({ attach: issued.filter((doc) => doc.source === source) });
  const extension = after.extensions.length > before.extensions.length ? after.extensions.at(-1) : undefined;
  if (extension) {
    const params = { number, days: extension.days, amount: extension.price.total };
    await notify(tx, now, renterId, 'extensionCharged', params, 'bookingDetails', of(`extension:${after.extensions.length - 1}`));
  }
  const change = after.changes.length > before.changes.length ? after.changes.at(-1) : undefined;
  if (change && change.difference !== 0) {
    const kind = change.difference > 0 ? 'changeCharged' : 'changeRefunded';
    await notify(tx, now, renterId, kind, { number, amount: Math.abs(change.difference) }, 'bookingDetails', of(`change:${after.changes.length - 1}`));
  }
  for (const [i, r] of after.companyRefunds.entries()) {
    if (i < before.companyRefunds.length) continue;
    await notify(tx, now, renterId, 'companyRefund', { number, amount: r.amount, reason: r.reason }, 'bookingDetails', of(`refund:${i}`));
  }
  const cancelled = !before.cancellation && after.cancellation;
  if (!cancelled) return;
  const { model, company } = after.booking.car;
  if (cancelled.byCompany) {
    await notify(tx, now, renterId, 'cancelledByCompany', { number, model, amount: cancelled.refunded, reason: cancelled.byCompany }, 'bookingDetails');
  } else if (cancelled.noShow) {
    await notify(tx, now, renterId, 'noShow', { number, model, amount: cancelled.fee }, 'bookingDetails');
    // The company hears of it too: the counter's list drops it, the car is free.
    for (const manager of await managersOf(tx, company)) await notify(tx, now, manager, 'noShowReported', { number, model }, `handovers:${number}`);
  } else {
    await notify(tx, now, renterId, 'bookingCancelled', { number, model, amount: cancelled.refunded }, 'bookingDetails', of('cancellation'));
  }
}
