// A traffic violation arrives under the contract's transfer settings of that moment, and moves by
// the violation machine on the server: each step tells the other side (notification record, live
// update) in the step's own transaction. Paying from the deposit takes the fine with its admin fee
// off the booking's deposit in that transaction, through the journey's machine; a card payment
// writes its intent first (server/journey/intents.ts). HTTP is ./routes.ts.
import { eq } from 'drizzle-orm';
import { createActor } from 'xstate';
import { JourneyFailure } from '../../machines/journey';
import { restoreJourney } from '../../machines/persistence';
import { isPaymentFailure, type PaymentFailure } from '../../machines/journey-rules';
import { deductionsInvoice } from '../../machines/taxDocuments';
import { restoreViolation, violationMachine, type Fine, type ViolationEvent, type ViolationSnapshot } from '../../machines/violation';
import { managersOf } from '../companies/managers';
import { contractView, type ContractRow } from '../contracts/store';
import type { Tx } from '../db/open';
import { bookings, users, violations } from '../db/schema';
import type { Deps } from '../deps';
import { issueDocuments } from '../invoices/store';
import type { BookingRow, JourneyView } from '../journey/bookings';
import { completeIntent, openIntent } from '../journey/intents';
import { applyStep, StaleRecord } from '../journey/service';
import { pushTo } from '../live/hub';
import { notify } from '../notifications/store';
import { saveViolation, violationView, type ViolationRow, type ViolationView } from './store';
import { cardChargeOf, tellCardCharge } from './afterRelease';

/** Tells the renter what a fine's new state asks of them, or that it reached them. */
export async function tellRenter(tx: Tx, at: Date, booking: BookingRow, state: ViolationSnapshot, before: ViolationSnapshot | null) {
  const { renterId } = booking;
  const { fine, charge, settings } = state.context;
  const params = { amount: charge.amount, code: fine.code };
  const transferredNow = state.context.transferredAt !== null && before?.context.transferredAt == null;
  const card = cardChargeOf(booking, state);
  // After the release, the renter is always told, with the day it will be charged and the fine's evidence.
  if (transferredNow && card) await tellCardCharge(tx, at, booking, state, card);
  else if (transferredNow && settings.notify) await notify(tx, at, renterId, 'fineTransferNotice', params, 'trafficViolation');
  if (state.value === 'awaitingConsent' && before?.value !== 'awaitingConsent')
    await notify(tx, at, renterId, 'consentRequested', params, 'trafficViolation');
  if (before?.value === 'disputed' && state.value !== 'disputed')
    await notify(tx, at, renterId, 'disputeResolved', { ...params, outcome: state.value === 'cancelled' ? 'cancelled' : 'upheld' }, 'trafficViolation');
  if (state.value === 'paid' && state.context.paid?.with === 'deposit' && before?.value !== 'paid')
    await notify(tx, at, renterId, 'fineDeducted', params, 'trafficViolation');
  if (state.value === 'paid' && state.context.paid?.with === 'card' && before?.value !== 'paid')
    await notify(tx, at, renterId, 'fineCharged', { ...params, last4: state.context.paid.last4, reference: fine.reference ?? fine.code }, 'trafficViolation');
}

/** Tells the company's managers what the renter did. */
export async function tellManagers(tx: Tx, at: Date, contract: string, managers: string[], state: ViolationSnapshot, before: ViolationSnapshot) {
  // The catalog's {code} is the contract's number: that is what the manager opens.
  const params = { code: contract, fine: state.context.fine.code };
  const kind =
    before.value === 'awaitingConsent' && state.value === 'payable'
      ? 'consentGiven'
      : before.value === 'awaitingConsent' && state.value === 'disputed'
        ? 'consentDeclined'
        : before.value === 'payable' && state.value === 'disputed'
          ? 'disputeOpened'
          : null;
  if (kind) for (const id of managers) await notify(tx, at, id, kind, params, `contracts:${contract}`);
}

/** A fine arrives for a booking, under the contract's settings of this moment. */
export async function createViolation(
  tx: Tx,
  { inspect }: Pick<Deps, 'inspect'>,
  booking: BookingRow,
  contract: ContractRow,
  fine: Fine,
  now: Date,
) {
  const view = contractView(contract, booking);
  const actor = createActor(violationMachine, {
    inspect,
    input: { fine, settings: view.settings, transferEnabled: view.setup.violationTransfer, arrivedAt: now.getTime() },
  }).start();
  const snapshot = actor.getSnapshot();
  const [row] = await tx
    .insert(violations)
    .values({ bookingId: booking.id, contractCode: contract.code, state: actor.getPersistedSnapshot(), createdAt: now })
    .returning();
  actor.stop();
  await tellRenter(tx, now, booking, snapshot, null);
  await pushTo(tx, [booking.renterId, ...(await managersOf(tx, contract.companyId))], 'violations', row!.id);
  return row!;
}

/** A fine with its booking and its contract, as a step on it reads them (./store.ts `violationWithParties`). */
export interface FoundViolation {
  violation: ViolationRow;
  booking: BookingRow;
  contract: ContractRow;
}

/** The steps whose machine event records when: the server's clock stamps them. */
const STAMPED = new Set<ViolationEvent['type']>(['violation.transfer', 'violation.payFromDeposit', 'violation.payByCard']);

/** A step as the client sends it: the times are the server's to stamp. */
export type SentViolationEvent = ViolationEvent extends infer E ? (E extends { at: number } ? Omit<E, 'at' | 'last4'> : E) : never;

/** A step's answer: the fine as it is now (and the journey, when the deposit paid), or why not. */
export type ViolationStepAnswer =
  | { status: 200; body: { violation: ViolationView; journey?: JourneyView } }
  /** A card payment the card's bank refused says why, in the words a refused rental payment uses (PAYMENT_FAILURES). */
  | { status: 402 | 409; body: { error: 'conflict' | 'refused' | 'noDeposit' | PaymentFailure; violation: ViolationView } };

/**
 * Takes one step on a fine over the version the sender saw, if its machine allows it now: saved with
 * who hears of it, a card payment with its charge and tax invoice, a deposit payment with the journey's
 * deduction. Who may send which step is the route's to check.
 */
export async function stepViolation(deps: Deps, found: FoundViolation, sent: SentViolationEvent, version: number): Promise<ViolationStepAnswer> {
  const { violation: row, booking, contract } = found;
  const current = () => violationView(row, booking.number);
  const refused = (error: 'conflict' | 'refused' | 'noDeposit' | PaymentFailure, status: 402 | 409 = 409) => ({ status, body: { error, violation: current() } }) as const;
  if (row.version !== version) return refused('conflict');
  const before = restoreViolation(row.state);
  if (!before) return refused('conflict');
  const at = deps.now().getTime();
  // A fine paid by card is charged to the booking's card on file: the server's record says which.
  const payment = sent.type === 'violation.payByCard' ? restoreJourney(booking.journey).snapshot?.context.payment : undefined;
  if (sent.type === 'violation.payByCard' && !payment) return refused('cardDeclined', 402);
  const stamped = { ...sent, ...(payment ? { last4: payment.last4 } : {}) };
  const event = (STAMPED.has(sent.type) ? { ...stamped, at } : stamped) as ViolationEvent;
  const actor = createActor(violationMachine, { snapshot: violationMachine.getPersistedSnapshot(before) as never, input: undefined as never, inspect: deps.inspect }).start();
  try {
    if (!actor.getSnapshot().can(event)) return refused('refused');
    const key = `violation:${row.id}:${row.version}`;
    if (event.type === 'violation.payByCard') {
      const charged = await chargeCard(deps, found, key, payment!.cardToken, before.context.charge.amount);
      if (charged !== 'charged') return charged === 'taken' ? refused('conflict') : refused(charged.declined, 402);
    }
    actor.send(event);
    const after = actor.getSnapshot();
    const managers = await managersOf(deps.db, contract.companyId);
    // Everything the step changes, and who hears of it, commits together.
    const alongside = async (tx: Tx) => {
      const saved = await saveViolation(tx, row, actor.getPersistedSnapshot());
      if (event.type === 'violation.payByCard') {
        if (!(await completeIntent(tx, key, new Date(at)))) throw new StaleRecord();
        await invoiceFine(tx, found, before, at);
      }
      await tellRenter(tx, new Date(at), booking, after, before);
      await tellManagers(tx, new Date(at), contract.code, managers, after, before);
      await pushTo(tx, [booking.renterId, ...managers], 'violations', row.id);
      return saved;
    };
    if (event.type !== 'violation.payFromDeposit') {
      const saved = await deps.db.transaction(alongside);
      return { status: 200, body: { violation: violationView(saved, booking.number) } };
    }
    return await payFromDeposit(deps, found, before, alongside);
  } catch (error) {
    if (error instanceof StaleRecord) return refused('conflict');
    throw error;
  } finally {
    actor.stop();
  }
}

/**
 * A fine paid by card: its intent written before the gateway is called, so a process stopped in
 * between leaves it for the reconciler. a refusal (with its reason) closes the intent; 'taken' is another try first.
 */
async function chargeCard(deps: Deps, found: FoundViolation, key: string, cardToken: string, amount: number) {
  const { violation: row, booking } = found;
  const event = { type: 'violation.payByCard', at: deps.now().getTime() } as const;
  const step = { key, bookingId: booking.id, violationId: row.id, version: row.version, event };
  if (!(await deps.db.transaction((tx) => openIntent(tx, step, deps.now(), deps.instance)))) return 'taken';
  try {
    await deps.gateway.charge({ cardToken, amount, idempotencyKey: `${key}:charge`, description: `Fine ${found.violation.id}` });
    return 'charged';
  } catch (error) {
    // No answer (the gateway unreachable): part of it may have happened; the intent stays open.
    if (!(error instanceof JourneyFailure)) throw error;
    await deps.db.transaction((tx) => completeIntent(tx, key, deps.now()));
    // Why the bank refused (insufficient funds, an expired card, its wish to see the renter): said as such.
    return { declined: isPaymentFailure(error.code) ? error.code : ('cardDeclined' as const) };
  }
}

/** A fine as a line of money: its reference (the authority's, else the offence's code) and its day. */
const fineItem = (fine: ViolationSnapshot['context']['fine']) => ({ reference: fine.reference ?? fine.code, at: fine.date });

/** A fine paid by card is a charge of the company's: its tax invoice (the fine passed on, the admin fee). */
async function invoiceFine(tx: Tx, { violation: row, booking, contract }: FoundViolation, before: ViolationSnapshot, at: number) {
  const { fine, charge } = before.context;
  const [renter] = await tx.select({ name: users.fullName }).from(users).where(eq(users.id, booking.renterId));
  const paid = { ...charge, item: fineItem(fine) };
  const supplies = deductionsInvoice(`fine:${row.id}`, at, [paid]);
  await issueDocuments(tx, { booking, renterName: renter?.name ?? '', companyId: contract.companyId }, supplies, new Date(at));
}

/**
 * The deposit pays: the journey's machine must take the deduction, in the fine's own transaction. The
 * booking may have moved on since it was read (a Salik crossing, another window): decided again on it.
 */
async function payFromDeposit(deps: Deps, found: FoundViolation, before: ViolationSnapshot, alongside: (tx: Tx) => Promise<ViolationRow>): Promise<ViolationStepAnswer> {
  const { violation: row, booking: read } = found;
  const { fine, charge } = before.context;
  const [renter] = await deps.db.select().from(users).where(eq(users.id, read.renterId));
  const deduction = { ...charge, item: { ...fineItem(fine), ...(fine.location ? { place: fine.location } : {}) } };
  for (let attempt = 0, booking = read; attempt < 3; attempt++) {
    let saved: ViolationRow | undefined;
    const step = await applyStep(deps, renter!, booking, { type: 'deposit.deduct', deduction }, booking.version, async (tx) => {
      saved = await alongside(tx);
      // The renter's other screens show the deposit as it is now.
      await pushTo(tx, [read.renterId], 'journey');
    });
    if (step.status === 200 && saved) return { status: 200, body: { violation: violationView(saved, read.number), journey: step.body.journey } };
    if (step.status !== 409 || step.body.error !== 'conflict') break;
    const [fresh] = await deps.db.select().from(violations).where(eq(violations.id, row.id));
    if (fresh?.version !== row.version) return { status: 409, body: { error: 'conflict', violation: violationView(fresh ?? row, read.number) } };
    const [again] = await deps.db.select().from(bookings).where(eq(bookings.id, read.id));
    if (!again) break;
    booking = again;
  }
  return { status: 409, body: { error: 'noDeposit', violation: violationView(row, read.number) } };
}
