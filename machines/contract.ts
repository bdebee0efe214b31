// A rental contract's set-up, as the rental company's contract manager keeps it (per contract).
import type { KeyValueStore } from './accounts';
import { isCarId, type CarId } from './fleet';

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

export const contractKey = (code: string) => `movecar.contract.${code}`;

export function loadContract(
  store: KeyValueStore,
  code: string,
): { setup: ContractSetup; savedAt: number | null } {
  try {
    const entry = JSON.parse(store.getItem(contractKey(code)) ?? 'null') as
      (ContractSetup & { savedAt: number }) | null;
    if (
      entry &&
      typeof entry.savedAt === 'number' &&
      (['confirmed', 'policyAgreed', 'bookingLinked', 'violationTransfer'] as const).every(
        (k) => typeof entry[k] === 'boolean',
      ) &&
      (entry.carId === null || isCarId(entry.carId))
    ) {
      const { savedAt, ...setup } = entry;
      return { setup, savedAt };
    }
  } catch {
    /* unreadable: start from nothing */
  }
  return { setup: EMPTY_SETUP, savedAt: null };
}

/** Saves when valid; a refused write throws (the screen says so). */
export function saveContract(store: KeyValueStore, code: string, setup: ContractSetup, at: number) {
  store.setItem(contractKey(code), JSON.stringify({ ...setup, savedAt: at }));
}
