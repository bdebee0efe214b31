// The journey's rules, each in one place. The machine's guards call these; the UI asks the machine
// (snapshot.can, selectors) and uses `whyNot` only to say *why* a step is not open yet.
import type { CompanyRefund } from './refunds';
import { DAY_MS, priceRental, type Deduction, type Fils, type RentalPrice } from './money';
import { CAR_CATEGORIES, type Car, type CarId, type LocationId } from './fleet';
import { FLEET, isCarId } from './sampleFleet';
import { tripPrice, type Trip } from './booking';
import { winterDiscount, type BookingOfferId } from './offers';
import type { Renter } from './renter';
import { normaliseName } from './text';
import type { FuelLevel, Problem } from './validation';
import { isPaid, isPickedUp, type Step } from './steps';

// The steps and what each needs are in ./steps.ts (a page that only routes loads just those).
export {
  STEPS,
  isStep,
  stepOf,
  isSignedIn,
  isContractSigned,
  isPaid,
  isPickedUp,
  whyNot,
  stepAllowed,
  type Step,
  type Requirement,
} from './steps';

export const CONTRACT_VERSION = '2026-12';
/** Deposits must be released within 30 days of return when nothing is owed (Dubai DET). */
export const REFUND_RELEASE_DAYS = 30;
/**
 * A released hold leaves the renter's card at once on our side; their bank may take this long to show
 * it (what UAE issuers and the provider's documentation give as the longest usual wait).
 */
export const BANK_RELEASE_DAYS = 10;
export const MAX_EXTENSION_DAYS = 7;

export interface Booking {
  carId: CarId;
  /** The car's facts as they were when it was booked (its id is `carId`): the rate, deposit and specs this booking keeps. */
  car: Car;
  pickupLocation: LocationId;
  dropoffLocation: LocationId;
  pickupAt: number;
  /** The return time as booked; confirmed extensions add to it (see `dueBackAt`). */
  dropoffAt: number;
  /** An offer redeemed on this booking before payment. */
  offer?: BookingOfferId;
  /** With the loyalty upgrade: the car booked, whose price the upgraded car keeps. */
  upgradedFrom?: Car;
  /**
   * Moved by the company to another of its cars (the one booked went out of service): the car it was
   * booked with. The renter pays nothing more: the booking keeps that car's price.
   */
  movedFrom?: Car;
}

/** The car whose daily rate the booking pays: the one booked, even when upgraded or moved. */
const pricedCar = (booking: Booking) => booking.upgradedFrom ?? booking.movedFrom ?? booking.car;

/**
 * Whether the company may move a booking from `from` to `to`: another of its own cars, of the same
 * category or a better one (CAR_CATEGORIES is in that order), so the renter gets no less than booked.
 */
export const canMoveTo = (from: Car, to: Car) =>
  to.id !== from.id && to.company === from.company && CAR_CATEGORIES.indexOf(to.category) >= CAR_CATEGORIES.indexOf(from.category);

/** What was charged for the rental: never the card number or CVV. */
export interface PaymentRecord {
  last4: string;
  /** The rental's total with VAT, as charged. */
  amount: Fils;
  paidAt: number;
  /** The provider's reference for the payment. */
  reference: string;
  /**
   * The provider's saved card (customer and payment method), kept with the renter's consent: the
   * deposit at pickup, added days, changes and charges after the return use it without the card again.
   */
  cardToken: string;
}

/**
 * The renter at the provider's hosted page: the session, its page, until when the car waits for the
 * payment (then the session is closed and the car released), whether the issuer's challenge (3-D
 * Secure) is under way, and the last attempt's failure on that page.
 */
export interface PaymentSession {
  sessionId: string;
  url: string;
  expiresAt: number;
  challenge: boolean;
  failure: PaymentFailure | null;
}

/** Why the provider refused a card, in words the renter is told (JOURNEY_ERRORS). */
export const PAYMENT_FAILURES = ['cardDeclined', 'insufficientFunds', 'cardExpired', 'challengeFailed', 'authenticationRequired'] as const;
export type PaymentFailure = (typeof PAYMENT_FAILURES)[number];
export const isPaymentFailure = (code: unknown): code is PaymentFailure => (PAYMENT_FAILURES as readonly unknown[]).includes(code);

/**
 * What was charged for the booking at the provider, in order: the payment, then each dearer change and
 * added days. A refund is taken from them in that order (a payment can give back no more than it took).
 */
export const chargeReferences = (c: Pick<JourneyContext, 'payment' | 'changes' | 'extensions'>): string[] =>
  [c.payment?.reference, ...(c.changes ?? []).filter((change) => change.difference > 0).map((change) => change.reference), ...c.extensions.map((e) => e.reference)].filter(
    (r): r is string => typeof r === 'string' && r !== '',
  );

/** How long the car waits for a payment at the provider's page: the provider's shortest session. */
export const PAYMENT_SESSION_MS = 30 * 60 * 1000;

/**
 * The security deposit, authorised on the saved card when the car is handed over (never at payment:
 * an authorisation lapses in days) until settlement; `captureBefore` is when the provider lets it lapse.
 */
export interface DepositHold {
  amount: Fils;
  reference: string;
  heldAt: number;
  captureBefore?: number;
  extended?: boolean;
  /** Renewed (server/payments/holds.ts): the hold this one replaced, released once this one was placed, and when. */
  renewed?: { from: string; at: number };
}

/**
 * How long before its `captureBefore` a deposit hold is renewed: a new authorisation on the saved card
 * for the same amount, the old one released, so the deposit never lapses while the car is out or a
 * return is being answered. Two days leave the job and the provider room for a bad day.
 */
export const RENEW_HOLD_BEFORE_MS = 2 * DAY_MS;

/** A deposit the provider still holds for the rental: placed, with its lapse known, neither settled nor cancelled. */
export const liveHold = (c: JourneyContext): (DepositHold & { captureBefore: number }) | null =>
  c.deposit && c.deposit.reference !== '' && c.deposit.captureBefore !== undefined && c.refund === null && c.cancellation === null
    ? (c.deposit as DepositHold & { captureBefore: number })
    : null;

/** When the deposit hold is to be renewed (null: none to renew). */
export const holdRenewalAt = (c: JourneyContext): number | null => {
  const hold = liveHold(c);
  return hold ? hold.captureBefore - RENEW_HOLD_BEFORE_MS : null;
};

/** Added days the renter confirmed, charged on their own. */
export interface ExtensionCharge {
  days: number;
  price: RentalPrice;
  reference: string;
  chargedAt: number;
}

/** How the deposit hold ended: deductions captured from it, the rest released. */
export interface Settlement {
  /** Released back to the renter's card. */
  refunded: Fils;
  /** Captured from the hold for the deductions. */
  captured: Fils;
  /** Deductions above the deposit: owed by the renter. */
  due: Fils;
  /** The latest day the release reaches the card. */
  releaseBy: number;
  settledAt: number;
  reference: string;
  /** An early return's unused days, given back to the card (machines/returns.ts EARLY_RETURN). */
  early?: { amount: Fils; reference: string };
}

/** A booking cancelled before pickup: what the cancellation policy kept, and what went back to the card. */
export interface Cancellation {
  at: number;
  fee: Fils;
  refunded: Fils;
  /** The gateway's reference for the refund; null when nothing was refunded. */
  reference: string | null;
  /** Set when the server cancelled it because nobody came for the car (NO_SHOW_AFTER_MS). */
  noShow?: true;
  /** Set when the car's company cancelled it, and why: nothing is kept, all is refunded. */
  byCompany?: CompanyCancelReason;
}

/** Why a company cannot hand a booked car over: still out with its last renter, or out of service. */
export const COMPANY_CANCEL_REASONS = ['carNotBack', 'carUnavailable'] as const;
export type CompanyCancelReason = (typeof COMPANY_CANCEL_REASONS)[number];

/** A booking's dates or places changed before pickup: the new price and what was charged (+) or refunded (−). */
export interface BookingChange {
  at: number;
  trip: Trip;
  price: RentalPrice;
  difference: Fils;
  /** The gateway's reference for the charge or refund; null when the price did not change. */
  reference: string | null;
}

/**
 * The car's condition as the company's agent recorded it at the counter (check-out): the renter sees
 * the same record on their phone and confirms it, or flags a difference for the agent to record again.
 */
export interface Checkout {
  odometerKm: number;
  fuel: FuelLevel;
  damage: string;
  /** Ids of the photos (server: handover_photos), served only to the renter and the company. */
  photos: string[];
  /** The licence's expiry the agent read (YYYY-MM-DD): expired, nothing is handed over. */
  licenceExpiry: string;
  /** The agent's name, as the renter sees it. */
  agent: string;
  at: number;
  /** What the renter says differs; the agent records again, which clears it. */
  flag: { note: string; at: number } | null;
}

/**
 * The car as it came back, recorded by the company's agent (check-in). Its lines (fuel, damage, a late
 * return) are on the ledger's deductions; the renter accepts them, or disputes some first.
 */
export interface Checkin {
  odometerKm: number;
  fuel: FuelLevel;
  /** Ids of the agent's photos (server: handover_photos, stage `return`). */
  photos: string[];
  agent: string;
  at: number;
  /** An early return's whole unused days and what goes back for them, shown before the renter accepts. */
  unused: { days: number; amount: Fils };
  /** When the renter accepted the lines they did not dispute. */
  acceptedAt: number | null;
}

export interface JourneyContext {
  renter: Renter | null;
  booking: Booking;
  termsAccepted: boolean;
  identityVerified: boolean;
  contract: { signedAt: number; version: string } | null;
  payment: PaymentRecord | null;
  /** The renter at the provider's page, until the payment completes, fails for good or expires. */
  paymentSession: PaymentSession | null;
  deposit: DepositHold | null;
  /** The counter's record of the car at handover, before the renter confirms it. */
  checkout: Checkout | null;
  pickedUpAt: number | null;
  /** Added days quoted to the renter, waiting for confirmation. */
  extensionQuote: { days: number; price: RentalPrice } | null;
  extensions: ExtensionCharge[];
  /** When the car came back: the counter's check-in. */
  returnedAt: number | null;
  checkin: Checkin | null;
  /** What is taken from the deposit (fines with admin fee, Salik, and the check-in's fuel, damage, late return). */
  deductions: Deduction[];
  refund: Settlement | null;
  completedAt: number | null;
  /** Set when the renter cancelled the booking before pickup. */
  cancellation: Cancellation | null;
  /** Each change of dates or places, in order. */
  changes: BookingChange[];
  /** What the company gave back of the charges after the rental, each with its reason (machines/refunds.ts). */
  companyRefunds: CompanyRefund[];
  /** Where a visitor wanted to go before being asked to log in (cleared on sign-in). */
  returnTo: Step | null;
  /**
   * What the call under way is about (an e-mail, a signature, a card's last 4 digits), never a
   * secret: the screens say it, and test models read the outcome the services will give.
   */
  pending: string | null;
  /** The last failed call, for the screen to explain. */
  error: JourneyError | null;
  /** Problems with the last refused form (registration, card, inspection), by field. */
  fieldErrors: Partial<Record<string, Problem>>;
  /** Problems with the last refused account edit, by field (kept apart from the journey's forms). */
  profileErrors: Partial<Record<string, Problem>>;
}

export const JOURNEY_ERRORS = [
  'emailTaken',
  'wrongCredentials',
  'locked',
  /** More sign-ins at once than the server can check: try again in a moment. */
  'busy',
  /** More new accounts from this network (address) in the last hour than one network makes. */
  'tooMany',
  /** The server's disk has no room for documents now: nothing was kept. */
  'storageFull',
  'cardDeclined',
  'insufficientFunds',
  'cardExpired',
  /** The card's bank did not confirm it was the renter (3-D Secure). */
  'challengeFailed',
  /** The saved card's bank wants the renter to confirm (a charge without them present cannot). */
  'authenticationRequired',
  /** The provider's page was left open past its time: nothing was charged, the car was released. */
  'paymentExpired',
  /** The provider could not be reached: nothing was charged; try again. */
  'providerDown',
  /** The card on file the screen offered was forgotten or replaced meanwhile (another tab): nothing was charged. */
  'cardGone',
  'signatureFailed',
  /** Another booking holds the car for part of the time asked (new dates, added days). */
  'taken',
  /** The car is not back from its last rental (not yet checked in): it cannot be handed over. */
  'carNotBack',
  /** The server refused fields the browser let through (e.g. a file that is not an image or PDF). */
  'invalid',
  'network',
] as const;
export type JourneyError = (typeof JOURNEY_ERRORS)[number];

// ---- prerequisites: what must be done before a step opens, in journey order ----

/** Why a step cannot open: something still to do, or (for registration and log-in) already signed in. */
export const isCancelled = (c: JourneyContext) => c.cancellation !== null;
/** Over: returned and settled, or cancelled. Nothing but a new booking follows. */
export const isOver = (c: JourneyContext) => c.completedAt !== null || isCancelled(c);

/** A new booking may start before anything is paid, or once the last one is over. */
/** The place a booking's next handover is at: its pickup's until the car is out, then its return's. */
export const handoverPlace = (c: Pick<JourneyContext, 'pickedUpAt' | 'booking'>): LocationId =>
  c.pickedUpAt === null ? c.booking.pickupLocation : c.booking.dropoffLocation;

// Not while the provider's page is open for this one: its payment may still complete.
export const canStartBooking = (c: JourneyContext) => (c.payment === null && c.paymentSession === null) || isOver(c);

// ---- changing or cancelling a booking before pickup ----

/** Free cancellation until 48 hours before pickup; after that, one day's rent with VAT is kept. */
export const CANCELLATION_POLICY = { freeUntilHours: 48, lateFeeDays: 1 } as const;

/** Paid for, not picked up or cancelled, and nothing under way: the car is still to be handed over. */
const awaitingCar = (c: JourneyContext) => isPaid(c) && !isPickedUp(c) && !isCancelled(c) && c.pending === null;

/**
 * The renter may still change or cancel it: the car is still to be handed over and the counter has not
 * started (once the agent has recorded the car, the dates and the car are what is being handed over).
 */
export const isChangeable = (c: JourneyContext) => awaitingCar(c) && c.checkout === null;

/** What the card was charged for the booking itself: the payment and every change's difference. */
export const bookingPaid = (c: JourneyContext): Fils =>
  (c.payment?.amount ?? 0) + c.changes.reduce((sum, change) => sum + change.difference, 0);

/** Cancelling is free until 48 hours before the pickup. */
export const freeCancellationUntil = (booking: Booking) => booking.pickupAt - CANCELLATION_POLICY.freeUntilHours * 60 * 60 * 1000;

/** What a later cancellation or a no-show keeps: a day's rent as this booking pays it (after its offer), with VAT. */
export const lateCancellationFee = (booking: Booking): Fils => offerPrice(booking, CANCELLATION_POLICY.lateFeeDays).total;

/** What cancelling at `now` keeps and gives back, by CANCELLATION_POLICY. */
export function cancellationQuote(c: JourneyContext, now: number) {
  const paid = bookingPaid(c);
  // Free until then; later, a day's rent is kept (never more than was paid).
  const fee: Fils = now <= freeCancellationUntil(c.booking) ? 0 : Math.min(paid, lateCancellationFee(c.booking));
  return { fee, refund: paid - fee };
}

/** A change of dates or places: the booking's new price, and the difference to charge (+) or refund (−). */
export function changeQuote(c: JourneyContext, trip: Trip): { price: RentalPrice; difference: Fils } {
  const price = bookingPrice({ ...c.booking, ...trip });
  return { price, difference: price.total - bookingPaid(c) };
}

// ---- when the car can be handed over ----

/**
 * The counter hands the car over from an hour before the booked pickup, not earlier: until then the
 * car may still be with the renter before (one car went to two renters when a pickup days early was
 * allowed). A handover inside the window moves the booking's hold to it (server/journey/availability.ts).
 */
export const PICKUP_WINDOW_MS = 60 * 60 * 1000;
/**
 * Nobody has come for the car this long after the booked pickup: the booking is a no-show, cancelled
 * by CANCELLATION_POLICY, and the car is free again. Three hours leave room for a delayed flight.
 */
export const NO_SHOW_AFTER_MS = 3 * 60 * 60 * 1000;

export const pickupOpensAt = (c: JourneyContext) => c.booking.pickupAt - PICKUP_WINDOW_MS;
export const noShowAt = (c: JourneyContext) => c.booking.pickupAt + NO_SHOW_AFTER_MS;
/** Whether the counter can start the handover at `at`: paid, not cancelled, within the window, not yet a no-show. */
export const pickupOpen = (c: JourneyContext, at: number) => isChangeable(c) && at >= pickupOpensAt(c) && at < noShowAt(c);
/**
 * Whether the agent can record the car's condition at `at`: first inside the window, and again (the
 * renter flagged a difference, or the agent corrects a figure) until the renter has confirmed.
 */
export const checkoutOpen = (c: JourneyContext, at: number) =>
  c.checkout === null ? pickupOpen(c, at) : awaitingCar(c) && at >= pickupOpensAt(c);
/** The renter can confirm the counter's record: there is one, and no difference of theirs is waiting. */
export const checkoutToConfirm = (c: JourneyContext) => awaitingCar(c) && c.checkout !== null && c.checkout.flag === null;
/** Paid, never handed over (the counter has not started), and past the no-show mark at `at`. */
export const isNoShow = (c: JourneyContext, at: number) => isChangeable(c) && at >= noShowAt(c);

// ---- when the car comes back ----

/** The odometer as the car was handed over: the counter's record, else the car's last reading. */
export const handedOverKm = (c: JourneyContext) => c.checkout?.odometerKm ?? c.booking.car.odometerKm;

/** Return lines the renter disputed and the company's manager has not decided yet. */
export const openDisputes = (c: JourneyContext) => c.deductions.filter((d) => d.dispute && d.dispute.decision === null);

/**
 * Whether the agent can check the car in at `at`: it is out (confirmed by the renter), nothing is
 * under way, and — when checked in already — the renter has neither accepted nor disputed yet (the
 * agent may correct a figure until then).
 */
export const checkinOpen = (c: JourneyContext, at: number) =>
  c.pickedUpAt !== null &&
  at >= c.pickedUpAt &&
  c.refund === null &&
  c.pending === null &&
  (c.checkin === null || (c.checkin.acceptedAt === null && !c.deductions.some((d) => d.dispute)));

/** The renter can answer the check-in (dispute a line, accept the rest): recorded and not yet answered. */
export const checkinToAnswer = (c: JourneyContext) => c.checkin !== null && c.checkin.acceptedAt === null && c.refund === null;

/**
 * Where a rental the renter has picked up stands until its deposit is settled, for the card that
 * leads back to it: on the road, checked in (the charges to answer), a dispute with the manager, or
 * the deposit being settled. Null before pickup and once settled (the invoice is Booking Details').
 */
export const rentalPhase = (c: JourneyContext): 'onRent' | 'review' | 'decision' | 'settling' | null =>
  c.pickedUpAt === null || isOver(c) || c.refund !== null
    ? null
    : !c.checkin
      ? 'onRent'
      : checkinToAnswer(c)
        ? 'review'
        : openDisputes(c).length > 0
          ? 'decision'
          : 'settling';

/** A typed signature matches the account's name, whatever the spacing or case. */
export const signatureMatches = (signature: string, fullName: string) => {
  const same = (s: string) => normaliseName(s).toLocaleLowerCase();
  return same(signature) !== '' && same(signature) === same(fullName);
};

// ---- the rental period ----

export const extendedDays = (c: JourneyContext) => c.extensions.reduce((sum, e) => sum + e.days, 0);

/** When the car is due back: as booked, plus every confirmed extension. */
export const dueBackAt = (c: JourneyContext) => c.booking.dropoffAt + extendedDays(c) * DAY_MS;

/** Where a booking is, as the renter's list says it: not paid yet, paid and to pick up, on the road, finished. */
export type BookingStatus = 'unpaid' | 'upcoming' | 'active' | 'completed' | 'cancelled';
export const bookingStatus = (c: JourneyContext): BookingStatus =>
  isCancelled(c)
    ? 'cancelled'
    : c.completedAt !== null
      ? 'completed'
      : c.pickedUpAt !== null
        ? 'active'
        : c.payment
          ? 'upcoming'
          : 'unpaid';

/** When the car is the renter's: from pickup (or when it is due) until its return (or when it is due back). */
export const carPeriod = (c: JourneyContext) => ({ start: c.pickedUpAt ?? c.booking.pickupAt, end: c.returnedAt ?? dueBackAt(c) });

/** Whole days only, at least one, and no more than MAX_EXTENSION_DAYS in all. */
export const extensionAllowed = (c: JourneyContext, days: number) =>
  Number.isInteger(days) && days >= 1 && extendedDays(c) + days <= MAX_EXTENSION_DAYS;

/** The rental as booked: daily rate × days, the one-way fee, VAT on top. Extensions are priced on their own. */
export function bookingPrice(booking: Booking): RentalPrice {
  const { days, fees } = tripPrice(pricedCar(booking), booking);
  return offerPrice(booking, days, fees);
}

/** `days` of the booking's rent with `fees`, after its offer (the winter discount), with VAT. */
function offerPrice(booking: Booking, days: number, fees: Fils = 0): RentalPrice {
  const base = priceRental(pricedCar(booking).dailyRate, days, fees);
  if (booking.offer !== 'winter') return base;
  return priceRental(base.dailyRate, days, fees, winterDiscount(base.cost));
}

export const extensionPrice = (booking: Booking, days: number) => priceRental(pricedCar(booking).dailyRate, days);

/** The latest day the deposit must be back on the renter's card: 30 days after the car came back. */
export const refundReleaseBy = (returnedAt: number) => returnedAt + REFUND_RELEASE_DAYS * DAY_MS;

// ---- defaults ----

/** A car's id as records keep it: short, URL-safe. */
export const CAR_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** A car's facts a booking can be made on: a record's id and a real rate and deposit. */
export const isBookable = (car: Car | null | undefined) =>
  typeof car?.id === 'string' &&
  CAR_ID.test(car.id) &&
  Number.isSafeInteger(car.dailyRate) &&
  car.dailyRate > 0 &&
  Number.isSafeInteger(car.deposit) &&
  car.deposit >= 0;

/**
 * The car a visitor's journey shows before anyone chose one (a sample car: the journey's placeholder).
 * A function, not a constant: a page that reads a journey's rules does not carry the sample fleet.
 */
export const defaultCar = (): Car => FLEET.camry;

/**
 * A sample car by its id, or null: what a booking stored before bookings kept their car's facts names
 * (machines/persistence.ts). Here, beside the placeholder, so the sample fleet is one module's import:
 * the bundler keeps it in one chunk with the rules, not in a chunk of its own that imports them back.
 */
export const sampleCarOf = (id: string): Car | null => (isCarId(id) ? FLEET[id] : null);

/** The default booking: pick-up tomorrow at noon at the airport, back in town five days later. */
export function defaultBooking(now: number, car: Car = defaultCar(), trip?: Trip): Booking {
  // Field by field: a trip that came with more (a form) keeps nothing else in the journey.
  if (trip) return { carId: car.id, car, pickupLocation: trip.pickupLocation, dropoffLocation: trip.dropoffLocation, pickupAt: trip.pickupAt, dropoffAt: trip.dropoffAt };
  // Noon in Dubai (UTC+4 all year), whatever the time zone of the machine running this.
  const dubai = 4 * 60 * 60 * 1000;
  const tomorrow = new Date(now + dubai + DAY_MS);
  const pickupAt = Date.UTC(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth(), tomorrow.getUTCDate(), 12) - dubai;
  return { carId: car.id, car, pickupLocation: 'dxb-t3', dropoffLocation: 'downtown', pickupAt, dropoffAt: pickupAt + 5 * DAY_MS };
}

export function initialContext(now: number): JourneyContext {
  return {
    renter: null,
    booking: defaultBooking(now),
    termsAccepted: false,
    identityVerified: false,
    contract: null,
    payment: null,
    paymentSession: null,
    deposit: null,
    checkout: null,
    pickedUpAt: null,
    extensionQuote: null,
    extensions: [],
    returnedAt: null,
    checkin: null,
    deductions: [],
    refund: null,
    completedAt: null,
    cancellation: null,
    changes: [],
    companyRefunds: [],
    returnTo: null,
    pending: null,
    error: null,
    fieldErrors: {},
    profileErrors: {},
  };
}

/** A rental that starts over (new car, new dates) for the same renter. */
export const freshRental = (c: JourneyContext, car: Car, now: number, trip?: Trip): JourneyContext => ({
  ...initialContext(now),
  booking: defaultBooking(now, car, trip),
  renter: c.renter,
  identityVerified: c.renter?.verified ?? false,
});

/** A company that cannot hand the car over keeps nothing: all the policy would split goes back to the card. */
export function companyCancellation(c: JourneyContext, at: number): { fee: Fils; refund: Fils } {
  const { fee, refund } = cancellationQuote(c, at);
  return { fee: 0, refund: fee + refund };
}
