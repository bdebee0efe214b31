// A traffic violation arrives under the contract's transfer settings of that moment, run by the
// violation machine on the server; each step tells the other side (notification record, live update)
// in the step's own transaction. HTTP is ./routes.ts.
import { createActor } from 'xstate';
import { violationMachine, type Fine, type ViolationSnapshot } from '../../machines/violation';
import { managersOf } from '../companies/managers';
import { contractView, type ContractRow } from '../contracts/store';
import type { Tx } from '../db/open';
import { violations } from '../db/schema';
import type { Deps } from '../deps';
import type { BookingRow } from '../journey/bookings';
import { pushTo } from '../live/hub';
import { notify } from '../notifications/store';

/** Tells the renter what a fine's new state asks of them, or that it reached them. */
export async function tellRenter(tx: Tx, at: Date, renterId: string, state: ViolationSnapshot, before: ViolationSnapshot | null) {
  const { fine, charge, settings } = state.context;
  const params = { amount: charge.amount, code: fine.code };
  const transferredNow = state.context.transferredAt !== null && before?.context.transferredAt == null;
  if (transferredNow && settings.notify) await notify(tx, at, renterId, 'fineTransferNotice', params, 'trafficViolation');
  if (state.value === 'awaitingConsent' && before?.value !== 'awaitingConsent')
    await notify(tx, at, renterId, 'consentRequested', params, 'trafficViolation');
  if (before?.value === 'disputed' && state.value !== 'disputed')
    await notify(tx, at, renterId, 'disputeResolved', { ...params, outcome: state.value === 'cancelled' ? 'cancelled' : 'upheld' }, 'trafficViolation');
  if (state.value === 'paid' && state.context.paid?.with === 'deposit' && before?.value !== 'paid')
    await notify(tx, at, renterId, 'fineDeducted', params, 'trafficViolation');
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
  await tellRenter(tx, now, booking.renterId, snapshot, null);
  await pushTo(tx, [booking.renterId, ...(await managersOf(tx, contract.companyId))], 'violations', row!.id);
  return row!;
}
