// The journey's rules, each in one place. The machine's guards call these; the UI asks the machine
// (snapshot.can, selectors) and uses `missingFor` only to say *why* a step is not open yet.
import {
  DAY_MS,
  depositRefund,
  priceRental,
  rentalDays,
  type Deduction,
  type Fils,
  type RentalPrice,
} from './money';
import { carOf, depositFor, type CarId, type LocationId } from './fleet';
import type { Renter } from './accounts';
import type { Problem } from './validation';

/** The journey's routable steps; each id is also the screen id and the state id (`#payment`). */
export const STEPS = [
  'registration',
  'logIn',
  'rentalContract',
  'payment',
  'carPickup',
  'carReturn',
] as const;
export type Step = (typeof STEPS)[number];
export const isStep = (id: string): id is Step => (STEPS as readonly string[]).includes(id);

export const CONTRACT_VERSION = '2026-11';
/** Deposits must be released within 30 days of return when nothing is owed (Dubai DET). */
export const REFUND_RELEASE_DAYS = 30;
export const MAX_EXTENSION_DAYS = 7;

export interface Booking {
  carId: CarId;
  pickupLocation: LocationId;
  dropoffLocation: LocationId;
  pickupAt: number;
  dropoffAt: number;
}

export interface JourneyContext {
  renter: Renter | null;
  booking: Booking;
  termsAccepted: boolean;
  identityVerified: boolean;
  contract: { signedAt: number; version: string } | null;
  /** What was charged: never the card number or CVV. */
  payment: { last4: string; amount: Fils; paidAt: number } | null;
  pickedUpAt: number | null;
  /** Added days quoted to the renter, waiting for confirmation. */
  extensionQuote: { days: number; price: RentalPrice } | null;
  /** Added days the renter confirmed, each charged on its own. */
  extensions: { days: number; amount: Fils }[];
  returnedAt: number | null;
  inspection: Inspection | null;
  /** What is taken from the deposit (fines with admin fee, Salik, fuel shortfall, damage). */
  deductions: Deduction[];
  refund: { amount: Fils; releaseBy: number } | null;
  completedAt: number | null;
  /** Where a visitor wanted to go before being asked to log in (cleared on sign-in). */
  returnTo: Step | null;
  /**
   * What the call under way is about (an e-mail, a signature, a card's last 4 digits), never a
   * secret: the screens say it, and test models read the outcome the local services will give.
   */
  pending: string | null;
  /** The last server-like failure, for the screen to explain. */
  error: JourneyError | null;
  /** Problems with the last refused form (registration, card, inspection), by field. */
  fieldErrors: Partial<Record<string, Problem>>;
  /** Problems with the last refused account edit, by field (kept apart from the journey's forms). */
  profileErrors: Partial<Record<string, Problem>>;
}

export type JourneyError = 'emailTaken' | 'wrongCredentials' | 'cardDeclined' | 'signatureFailed' | 'network';

export interface Inspection {
  fuel: string;
  mileage: string;
  damage: string;
  notes: string;
}

// ---- prerequisites: what must be done before a step opens, in journey order ----

/** Why a step cannot open: something still to do, or (for registration and log-in) already signed in. */
export type Requirement = 'signIn' | 'signContract' | 'pay' | 'pickUp' | 'signedIn';

export const isSignedIn = (c: JourneyContext) => c.renter !== null;
export const isContractSigned = (c: JourneyContext) => c.contract !== null;
export const isPaid = (c: JourneyContext) => c.payment !== null;
export const isPickedUp = (c: JourneyContext) => c.pickedUpAt !== null;

const REQUIREMENTS: [Requirement, (c: JourneyContext) => boolean][] = [
  ['signIn', isSignedIn],
  ['signContract', isContractSigned],
  ['pay', isPaid],
  ['pickUp', isPickedUp],
];

/** How many of REQUIREMENTS each step needs. */
const NEEDS: Record<Step, number> = {
  registration: 0,
  logIn: 0,
  rentalContract: 1,
  payment: 2,
  carPickup: 3,
  carReturn: 4,
};

/** Why `step` cannot open now, or null when it can. The route guards and the notices both use it. */
export function whyNot(step: Step, c: JourneyContext): Requirement | null {
  if ((step === 'registration' || step === 'logIn') && isSignedIn(c)) return 'signedIn';
  return REQUIREMENTS.slice(0, NEEDS[step]).find(([, done]) => !done(c))?.[0] ?? null;
}

export const stepAllowed = (step: Step, c: JourneyContext) => whyNot(step, c) === null;

/** A new booking may start before anything is paid, or once the last rental is over. */
export const canStartBooking = (c: JourneyContext) => c.payment === null || c.completedAt !== null;

// ---- money of this journey ----

export function bookingPrice(booking: Booking): RentalPrice {
  return priceRental(
    carOf(booking.carId).dailyRate,
    rentalDays(new Date(booking.pickupAt), new Date(booking.dropoffAt)),
  );
}

/** The latest day the deposit must be back on the renter's card: 30 days after the car came back. */
export const refundReleaseBy = (returnedAt: number) => returnedAt + REFUND_RELEASE_DAYS * DAY_MS;

export function refundFor(c: JourneyContext) {
  return depositRefund(
    depositFor(c.booking.carId),
    c.deductions.map((d) => d.amount),
  );
}

/**
 * Final invoice, one formula:
 *   total rental cost = daily rate × days (extensions included; paid, with its VAT, before pickup)
 *   additional fees   = everything taken from the deposit after the rental (fines with admin fee,
 *                       Salik with admin fee, fuel shortfall, damage)
 *   final balance     = security deposit − additional fees
 * A positive balance is released to the renter's card; a negative one is owed (depositRefund().due).
 * The specification's sample (10,000 / 0 / 5,000 / 5,000) is "Load sample rental".
 */
export function finalInvoice(c: JourneyContext) {
  const refund = refundFor(c);
  const base = bookingPrice(c.booking);
  return {
    totalRental: base.cost,
    additionalFees: refund.deductions,
    deposit: refund.held,
    finalBalance: refund.refundable - refund.due,
  };
}

// ---- defaults ----

/** The sample booking: pick-up tomorrow at noon at the airport, back in town five days later. */
export function defaultBooking(now: number, carId: CarId = 'camry'): Booking {
  const pickup = new Date(now);
  pickup.setDate(pickup.getDate() + 1);
  pickup.setHours(12, 0, 0, 0);
  return {
    carId,
    pickupLocation: 'dxb-t3',
    dropoffLocation: 'downtown',
    pickupAt: pickup.getTime(),
    dropoffAt: pickup.getTime() + 5 * DAY_MS,
  };
}

export function initialContext(now: number): JourneyContext {
  return {
    renter: null,
    booking: defaultBooking(now),
    termsAccepted: false,
    identityVerified: false,
    contract: null,
    payment: null,
    pickedUpAt: null,
    extensionQuote: null,
    extensions: [],
    returnedAt: null,
    inspection: null,
    deductions: [],
    refund: null,
    completedAt: null,
    returnTo: null,
    pending: null,
    error: null,
    fieldErrors: {},
    profileErrors: {},
  };
}
