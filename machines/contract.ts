// A rental contract's set-up, as the rental company's contract manager keeps it (per contract). The
// renter's confirmations are not here: they come from the renter's own signed record, read-only.
import type { CarId } from './fleet';

export interface ContractSetup {
  /** The car this contract covers (one of the company's, free for the rental period). */
  carId: CarId | null;
  /** The contract is linked to the renter's booking. */
  bookingLinked: boolean;
  /** Traffic fines for the linked car are passed on to the renter. */
  violationTransfer: boolean;
}

export const EMPTY_SETUP: ContractSetup = { carId: null, bookingLinked: false, violationTransfer: false };

/** What the renter did on their side of the contract, from their booking's journey. */
export interface RenterConfirmations {
  /** The renter reviewed and signed the rental details. */
  confirmed: boolean;
  /** The renter agreed to the rental policies (terms and conditions). */
  policyAgreed: boolean;
}

export type ContractProblem = 'carRequired' | 'noBooking';
export type ContractProblems = Partial<Record<'bookingLinked' | 'violationTransfer', ContractProblem>>;

/** What keeps a set-up from being saved, by field: linking needs a booking and a car; passing fines needs a car. */
export function contractProblems(s: ContractSetup, hasBooking: boolean): ContractProblems {
  const problems: ContractProblems = {};
  if (s.bookingLinked && !hasBooking) problems.bookingLinked = 'noBooking';
  else if (s.bookingLinked && !s.carId) problems.bookingLinked = 'carRequired';
  if (s.violationTransfer && !s.carId) problems.violationTransfer = 'carRequired';
  return problems;
}

/** Active once the renter confirmed and agreed and the company linked a car and the booking (decided on Save). */
export const contractActive = (s: ContractSetup, renter: RenterConfirmations) =>
  renter.confirmed && renter.policyAgreed && s.carId !== null && s.bookingLinked;

/** `cancelled`: the renter's booking was cancelled (by the renter, or as a no-show) before the car went out. */
export const CONTRACT_STATUSES = ['pending', 'active', 'completed', 'cancelled'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
/** A closed contract is a record: nothing more is set up or activated on it. */
export const isClosed = (status: ContractStatus) => status === 'completed' || status === 'cancelled';
