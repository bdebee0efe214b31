// A rental contract's set-up, as the rental company's contract manager keeps it (per contract).
import type { CarId } from './fleet';

export interface ContractSetup {
  /** The renter's rental details are confirmed. */
  confirmed: boolean;
  /** The renter agreed to the rental policies. */
  policyAgreed: boolean;
  /** The car this contract covers. */
  carId: CarId | null;
  /** The contract is linked to the renter's booking. */
  bookingLinked: boolean;
  /** Traffic fines for the linked car are passed on to the renter. */
  violationTransfer: boolean;
}

export const EMPTY_SETUP: ContractSetup = {
  confirmed: false,
  policyAgreed: false,
  carId: null,
  bookingLinked: false,
  violationTransfer: false,
};

/** Active only once both the details and the policy are confirmed. */
export const contractActive = (s: ContractSetup) => s.confirmed && s.policyAgreed;

export type ContractProblem = 'carRequired';

/** What keeps a set-up from being saved, by field: linking a booking or passing fines needs a car. */
export function contractProblems(
  s: ContractSetup,
): Partial<Record<'bookingLinked' | 'violationTransfer', ContractProblem>> {
  const problems: Partial<Record<'bookingLinked' | 'violationTransfer', ContractProblem>> = {};
  if (s.bookingLinked && !s.carId) problems.bookingLinked = 'carRequired';
  if (s.violationTransfer && !s.carId) problems.violationTransfer = 'carRequired';
  return problems;
}
