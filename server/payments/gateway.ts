// What a rental needs of a payment provider, as one interface: the renter's card is typed only on the
// provider's hosted page (a checkout session); what follows is done on the payment method it saved,
// with the renter's consent (the deposit's authorisation, charges after the return), or on the
// payments it made (captures, voids, refunds). One adapter implements it (./stripe.ts), against Stripe
// itself or against the local stand-in (./standin), chosen by configuration in server/deps.ts.
import type { Fils } from '../../machines/money';
import type { PaymentFailure } from '../../machines/journey-rules';

/**
 * The provider's saved card: its customer and payment method ids, as one string the journey keeps
 * (`cus_…/pm_…`).
 */
export type CardToken = string;

export const cardToken = (customer: string, paymentMethod: string): CardToken => `${customer}/${paymentMethod}`;

/** The customer and payment method of a saved card; null for a token of the old sandbox (no provider behind it). */
export function partsOf(token: CardToken) {
  const [customer, paymentMethod] = token.split('/');
  return customer && paymentMethod ? { customer, paymentMethod } : null;
}

export const customerOf = (token: CardToken) => partsOf(token)?.customer ?? null;

export interface OpenedCheckout {
  sessionId: string;
  /** The provider's page, on the provider's origin: where the renter's browser goes to pay. */
  url: string;
  expiresAt: number;
}

/** What the provider says of a card it read: never the number, only what a receipt shows. */
export interface CardSeen {
  last4: string;
  brand: string;
  /** MM/YY. */
  expiry: string;
}

/** A checkout session as the provider has it now. */
export type CheckoutState =
  | { status: 'open'; challenge: boolean; failure: PaymentFailure | null }
  | { status: 'complete'; reference: string; cardToken: CardToken; card: CardSeen }
  | { status: 'expired'; failure: PaymentFailure | null };

export interface GatewayResult {
  reference: string;
  last4: string;
  cardToken: CardToken;
}

export interface Hold extends GatewayResult {
  /** When the authorisation lapses unless captured (the provider's `capture_before`). */
  captureBefore: number;
  extended: boolean;
}

/** A provider's webhook, verified: its own id (what makes it count once) and what it is about. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** The checkout session it concerns, if any (our booking is in its metadata). */
  sessionId: string | null;
  bookingId: string | null;
}

export interface PaymentGateway {
  /** Which provider (`stripe`), and whether it is the local stand-in. */
  readonly name: string;
  readonly local: boolean;
  /**
   * A hosted payment page for `amount`, the card saved (off-session use) for the booking's deposit and
   * later charges; `customer` is the renter's at the provider when they have paid before.
   */
  openCheckout(request: {
    amount: Fils;
    description: string;
    email: string;
    customer?: string | null;
    bookingId: string;
    language: 'en' | 'ar';
    returnUrl: string;
    cancelUrl: string;
    expiresAt: number;
    idempotencyKey: string;
  }): Promise<OpenedCheckout>;
  checkout(sessionId: string): Promise<CheckoutState>;
  /** Closes a session nobody finished (what it says if it was finished meanwhile). */
  expireCheckout(sessionId: string): Promise<CheckoutState>;
  /** Takes the amount now from the saved card (a merchant-initiated charge). */
  charge(request: { cardToken: CardToken; amount: Fils; idempotencyKey: string; description?: string }): Promise<GatewayResult>;
  /** Reserves the amount on the saved card (a pre-authorisation, extended where the issuer allows) without taking it. */
  hold(request: { cardToken: CardToken; amount: Fils; idempotencyKey: string }): Promise<Hold>;
  /**
   * Gives back `amount` from the provider's payments `references`, in order: from each what it still
   * holds, until all is given back (one refund per payment it takes from). The first refund's reference.
   */
  refund(request: { references: string[]; amount: Fils; idempotencyKey: string }): Promise<{ reference: string }>;
  /** Ends a hold: captures part of it, releases the rest. */
  settle(request: { holdReference: string; capture: Fils; idempotencyKey: string }): Promise<{ reference: string; captured: Fils; released: Fils }>;
  /** What the provider did under this idempotency key, if anything (by the key kept in its metadata). */
  lookup(idempotencyKey: string): Promise<{ kind: 'charge' | 'hold' | 'refund' | 'release'; amount: Fils; reference: string; cardToken: CardToken } | null>;
  /** Takes the saved card off the renter's customer at the provider: nothing can be charged to it any more. */
  forgetCard(cardToken: CardToken): Promise<void>;
  /** A test card saved at the provider for a new customer: the demo's sample rental (DEMO=1, test keys only). */
  testCard(email: string, idempotencyKey: string): Promise<CardToken>;
  /** The webhook's event if its signature is the provider's, else null. */
  verifyWebhook(payload: string, signature: string): Promise<ProviderEvent | null>;
}

export class IdempotencyMismatch extends Error {
  constructor() {
    super('idempotency key reused for a different operation');
  }
}

/** Thrown when the provider could not be asked or did not answer: part of the call may have happened. */
export class ProviderUnavailable extends Error {}
