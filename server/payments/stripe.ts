// The one payment adapter: Stripe, through its official SDK (docs/decisions/payment-provider.md says
// why Stripe). Pointed at Stripe with live or test keys, or at the local stand-in (./standin) through
// the SDK's host and port options: the same code either way. Amounts are fils (AED's minor unit, as
// Stripe counts it). Every call carries our idempotency key, and the money calls keep it in the
// metadata too, so `lookup` finds what a call did after its answer was lost.
import Stripe from 'stripe';
import { JourneyFailure } from '../../machines/journey';
import type { PaymentFailure } from '../../machines/journey-rules';
import type { CardSeen, CardToken, CheckoutState, GatewayResult, Hold, PaymentGateway } from './gateway';
import { cardToken, IdempotencyMismatch, partsOf, ProviderUnavailable } from './gateway';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The local stand-in's origin (`http://127.0.0.1:PORT`); Stripe's own API otherwise. */
  apiOrigin?: string;
}

const KEY = 'movecar_key';

/** The provider's decline, as the journey's reason for the renter. */
export function failureOf(error: { code?: string | null; decline_code?: string | null } | null | undefined): PaymentFailure {
  if (!error) return 'cardDeclined';
  if (error.decline_code === 'insufficient_funds') return 'insufficientFunds';
  if (error.code === 'expired_card' || error.decline_code === 'expired_card') return 'cardExpired';
  if (error.code === 'payment_intent_authentication_failure') return 'challengeFailed';
  if (error.code === 'authentication_required' || error.decline_code === 'authentication_required') return 'authenticationRequired';
  return 'cardDeclined';
}

const token = cardToken;
/** A saved card the provider can charge; a token it never issued (the old sandbox's) is a declined card. */
function savedCard(token: CardToken) {
  const parts = partsOf(token);
  if (!parts) throw new JourneyFailure('cardDeclined');
  return parts;
}
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

export function stripeGateway(settings: StripeSettings): PaymentGateway {
  const api = settings.apiOrigin ? new URL(settings.apiOrigin) : null;
  const stripe = new Stripe(settings.secretKey, {
    ...(api ? { host: api.hostname, port: Number(api.port), protocol: api.protocol.replace(':', '') as 'http' | 'https' } : {}),
    // The SDK retries a request that got no answer, with the same idempotency key: it charges once.
    maxNetworkRetries: 2,
    timeout: 20_000,
  });

  /** The SDK's errors, as the journey's: a card refused is the renter's to hear; no answer is not. */
  async function call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) throw new JourneyFailure(failureOf(error as { code?: string; decline_code?: string }));
      if (error instanceof Stripe.errors.StripeIdempotencyError) throw new IdempotencyMismatch();
      if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError || error instanceof Stripe.errors.StripeRateLimitError) {
        throw new ProviderUnavailable((error as Error).message);
      }
      throw error;
    }
  }

  async function cardOf(paymentMethod: string): Promise<CardSeen> {
    const method = await call(() => stripe.paymentMethods.retrieve(paymentMethod));
    const card = method.card;
    return { last4: card?.last4 ?? '????', brand: card?.brand ?? 'unknown', expiry: card ? `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year % 100).padStart(2, '0')}` : '' };
  }

  async function stateOf(session: Stripe.Checkout.Session): Promise<CheckoutState> {
    const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
    const failure = intent?.last_payment_error ? failureOf(intent.last_payment_error) : null;
    if (session.status === 'complete' && intent && session.customer) {
      const paymentMethod = idOf(intent.payment_method)!;
      return { status: 'complete', reference: intent.id, cardToken: token(idOf(session.customer)!, paymentMethod), card: await cardOf(paymentMethod) };
    }
    if (session.status === 'expired') return { status: 'expired', failure };
    return { status: 'open', challenge: intent?.status === 'requires_action', failure };
  }

  const retrieve = (sessionId: string) => call(() => stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent'] }));

  return {
    name: 'stripe',
    local: Boolean(settings.apiOrigin),
    async openCheckout(request) {
      const customer =
        request.customer ??
        (await call(() => stripe.customers.create({ email: request.email, metadata: { bookingId: request.bookingId } }, { idempotencyKey: `${request.idempotencyKey}:customer` }))).id;
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            customer,
            client_reference_id: request.bookingId,
            metadata: { bookingId: request.bookingId },
            line_items: [{ quantity: 1, price_data: { currency: 'aed', unit_amount: request.amount, product_data: { name: request.description } } }],
            // Saved for the deposit at pickup and the charges after the return, as the renter agreed on our page.
            payment_intent_data: { setup_future_usage: 'off_session', metadata: { bookingId: request.bookingId, [KEY]: `${request.idempotencyKey}:charge` } },
            success_url: request.returnUrl,
            cancel_url: request.cancelUrl,
            expires_at: Math.floor(request.expiresAt / 1000),
            locale: request.language,
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      if (!session.url) throw new ProviderUnavailable('checkout session without a page');
      return { sessionId: session.id, url: session.url, expiresAt: session.expires_at * 1000 };
    },
    checkout: async (sessionId) => stateOf(await retrieve(sessionId)),
    async expireCheckout(sessionId) {
      const session = await retrieve(sessionId);
      if (session.status !== 'open') return stateOf(session);
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch {
        // Finished meanwhile: what it is now is the answer.
      }
      return stateOf(await retrieve(sessionId));
    },
    async charge({ cardToken: saved, amount, idempotencyKey, description }): Promise<GatewayResult> {
      const { customer, paymentMethod } = savedCard(saved);
      const intent = await call(() =>
        stripe.paymentIntents.create(
          { amount, currency: 'aed', customer, payment_method: paymentMethod, confirm: true, off_session: true, description, metadata: { [KEY]: idempotencyKey } },
          { idempotencyKey },
        ),
      );
      return { reference: intent.id, last4: (await cardOf(paymentMethod)).last4, cardToken: saved };
    },
    async hold({ cardToken: saved, amount, idempotencyKey }): Promise<Hold> {
      const { customer, paymentMethod } = savedCard(saved);
      const intent = await call(() =>
        stripe.paymentIntents.create(
          {
            amount,
            currency: 'aed',
            customer,
            payment_method: paymentMethod,
            confirm: true,
            off_session: true,
            capture_method: 'manual',
            // Car rental (MCC 7512): the issuer may let the hold last up to 30 days, and grow with added days.
            payment_method_options: { card: { request_extended_authorization: 'if_available', request_incremental_authorization: 'if_available' } },
            metadata: { [KEY]: idempotencyKey },
          },
          { idempotencyKey },
        ),
      );
      const charge = await call(() => stripe.charges.retrieve(idOf(intent.latest_charge)!));
      const card = charge.payment_method_details?.card;
      return {
        reference: intent.id,
        last4: card?.last4 ?? '',
        cardToken: saved,
        captureBefore: (card?.capture_before ?? 0) * 1000,
        extended: card?.extended_authorization?.status === 'enabled',
      };
    },
    async refund({ references, amount, idempotencyKey }) {
      let left = amount;
      let first: string | null = null;
      for (const [i, reference] of references.entries()) {
        if (left <= 0) break;
        // The first payment's refund under the step's own key (what `lookup` and a retry find); the others numbered.
        const partKey = i === 0 ? idempotencyKey : `${idempotencyKey}:${i}`;
        // A retry of the step (the reconciler's replay) finds what it gave back the first time, and gives no more.
        const given = async () => (await call(() => stripe.refunds.list({ payment_intent: reference, limit: 100 }))).data.find((r) => r.metadata?.[KEY] === partKey);
        const earlier = await given();
        if (earlier) {
          first ??= earlier.id;
          left -= earlier.amount;
          continue;
        }
        const intent = await call(() => stripe.paymentIntents.retrieve(reference, { expand: ['latest_charge'] }));
        const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
        const refundable = (charge?.amount_captured ?? intent.amount_received) - (charge?.amount_refunded ?? 0);
        const part = Math.min(left, refundable);
        if (part <= 0) {
          // Nothing left on it: perhaps the same step on another instance just gave it back under this key.
          const theirs = await given();
          if (theirs) {
            first ??= theirs.id;
            left -= theirs.amount;
          }
          continue;
        }
        // The same step on two instances at once: the other's refund under this key landed between our
        // look and our ask (so ours asks for less, and the provider refuses the key): it is the answer.
        const refund = await call(() => stripe.refunds.create({ payment_intent: reference, amount: part, metadata: { [KEY]: partKey } }, { idempotencyKey: partKey })).catch(
          async (error: unknown) => {
            const theirs = error instanceof IdempotencyMismatch ? await given() : undefined;
            if (!theirs) throw error;
            return theirs;
          },
        );
        first ??= refund.id;
        left -= refund.amount;
      }
      if (left > 0 || !first) throw new Error(`refund of ${amount}: only ${amount - left} left to give back on ${references.length} payments`);
      return { reference: first };
    },
    async settle({ holdReference, capture, idempotencyKey }) {
      const intent = await call(() => stripe.paymentIntents.retrieve(holdReference));
      const held = intent.amount;
      const captured = Math.min(Math.max(0, capture), held);
      // Nothing to take: the whole hold is voided. Else the part is captured and the rest released.
      const done =
        intent.status === 'requires_capture'
          ? captured > 0
            ? await call(() => stripe.paymentIntents.capture(holdReference, { amount_to_capture: captured }, { idempotencyKey }))
            : await call(() => stripe.paymentIntents.cancel(holdReference, {}, { idempotencyKey }))
          : intent;
      return { reference: done.id, captured: done.status === 'succeeded' ? done.amount_received : 0, released: held - (done.status === 'succeeded' ? done.amount_received : 0) };
    },
    async lookup(idempotencyKey) {
      const found = await call(() => stripe.paymentIntents.search({ query: `metadata['${KEY}']:'${idempotencyKey.replace(/'/g, '')}'` }));
      const intent = found.data[0];
      if (!intent || intent.status === 'requires_payment_method' || intent.status === 'canceled') return null;
      const saved = intent.customer && intent.payment_method ? token(idOf(intent.customer)!, idOf(intent.payment_method)!) : '';
      return { kind: intent.capture_method === 'manual' && intent.status === 'requires_capture' ? 'hold' : 'charge', amount: intent.amount, reference: intent.id, cardToken: saved };
    },
    async forgetCard(saved) {
      const parts = partsOf(saved);
      if (parts) await call(() => stripe.paymentMethods.detach(parts.paymentMethod));
    },
    async testCard(email, idempotencyKey) {
      const customer = await call(() => stripe.customers.create({ email }, { idempotencyKey: `${idempotencyKey}:customer` }));
      const method = await call(() => stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id }, { idempotencyKey: `${idempotencyKey}:card` }));
      return token(customer.id, method.id);
    },
    async verifyWebhook(payload, signature) {
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(payload, signature, settings.webhookSecret);
      } catch {
        return null;
      }
      const object = event.data.object as { object?: string; id?: string; metadata?: Record<string, string> | null };
      const sessionId = object.object === 'checkout.session' ? (object.id ?? null) : null;
      return { id: event.id, type: event.type, sessionId, bookingId: object.metadata?.bookingId ?? null };
    },
  };
}
