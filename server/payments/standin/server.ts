// A local stand-in for the payment provider (Stripe), as the local OpenID provider stands in for UAE
// PASS: on its own loopback port (its own origin), it answers the REST calls the official `stripe`
// SDK makes (the SDK is pointed at it through its host and port options), serves the hosted card page
// and the 3-D Secure challenge in English and Arabic, posts signed webhooks, and lets authorisations
// expire (`capture_before`) on the clock it is given. Its books are in memory: a development and test
// tool, never a production acquirer. Its answers are typed with the SDK's own types.
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import Stripe from 'stripe';
import { behaviourOf, DECLINES, TEST_PAYMENT_METHODS, type CardBehaviour } from './cards';
import { cardPage, challengePage, closedPage, type PageLanguage } from './pages';

const DAY_S = 24 * 60 * 60;
/** How long an authorisation lasts: extended for car rental where the issuer allows it, else the usual 7 days. */
export const AUTHORISATION_DAYS = { standard: 7, extended: 30 } as const;

type Session = Pick<
  Stripe.Checkout.Session,
  | 'id' | 'object' | 'amount_total' | 'currency' | 'customer' | 'client_reference_id' | 'metadata' | 'mode' | 'payment_intent'
  | 'payment_status' | 'status' | 'success_url' | 'cancel_url' | 'url' | 'expires_at' | 'created' | 'livemode'
> & { intentMetadata: Record<string, string>; locale: PageLanguage; setupFutureUsage: 'off_session' | null; captureMethod: 'automatic' | 'manual'; description: string };

type Intent = Pick<
  Stripe.PaymentIntent,
  | 'id' | 'object' | 'amount' | 'amount_capturable' | 'amount_received' | 'currency' | 'customer' | 'payment_method' | 'status'
  | 'capture_method' | 'metadata' | 'created' | 'livemode' | 'description' | 'setup_future_usage'
> & {
  last_payment_error: Pick<Stripe.PaymentIntent.LastPaymentError, 'code' | 'decline_code' | 'message' | 'type'> | null;
  latest_charge: string | null;
  /** The card's own rules and the authorisation's end, kept beside the intent. */
  card: { brand: string; last4: string; exp_month: number; exp_year: number; behaviour: CardBehaviour };
  captureBefore: number | null;
  extended: boolean;
  refunded: number;
};

type Method = Pick<Stripe.PaymentMethod, 'id' | 'object' | 'customer' | 'type' | 'created' | 'livemode'> & {
  card: Pick<Stripe.PaymentMethod.Card, 'brand' | 'last4' | 'exp_month' | 'exp_year'>;
  behaviour: CardBehaviour;
};

export interface StandInProvider {
  /** Where the SDK and the browser reach it: `http://127.0.0.1:PORT`. */
  origin: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  /** Where its webhooks go: a URL (POSTed to), or a function (the in-process tests' app). */
  deliverTo(target: string | ((request: Request) => Promise<Response>)): void;
  /** Every event it has sent, in order (the tests' record of what the provider said). */
  events: Stripe.Event[];
  /** Its books, for the tests that look at what the provider holds. */
  intents: Map<string, Intent>;
  /** Every movement of money, in order, under the key the merchant gave (its Idempotency-Key, or the intent's `movecar_key`). */
  log: Movement[];
  /** Resolves once every webhook sent so far has been answered by the merchant (or given up on). */
  delivered(): Promise<void>;
  /**
   * A saved card's issuer answers as `behaviour` from now on, as one may after the card was saved
   * (reported lost, its credit used up): for the tests of what comes after the payment page.
   */
  cardBecomes(paymentMethod: string, behaviour: CardBehaviour): void;
  close(): Promise<void>;
}

export interface Movement {
  kind: 'charge' | 'hold' | 'capture' | 'release' | 'refund';
  amount: number;
  key: string;
  reference: string;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

/** `a[b][0][c]=v` form bodies, as the SDK sends them, into nested objects (arrays as index-keyed objects). */
export function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let at: Record<string, unknown> = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) at[part] = value;
      else at = (at[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}
const invalid = (message: string, param?: string) => new ApiError(400, { type: 'invalid_request_error', message, param });
const missing = (what: string) => new ApiError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` });

export async function startStandInProvider({
  port = 0,
  now = () => new Date(),
  keys,
}: { port?: number; now?: () => Date; keys?: { secretKey: string; webhookSecret: string } } = {}): Promise<StandInProvider> {
  const secretKey = keys?.secretKey ?? `sk_test_standin_${randomBytes(8).toString('hex')}`;
  const webhookSecret = keys?.webhookSecret ?? `whsec_standin_${randomBytes(16).toString('hex')}`;
  const customers = new Map<string, Pick<Stripe.Customer, 'id' | 'object' | 'email' | 'metadata' | 'created'>>();
  const methods = new Map<string, Method>();
  const sessions = new Map<string, Session>();
  const intents = new Map<string, Intent>();
  const refunds = new Map<string, Pick<Stripe.Refund, 'id' | 'object' | 'amount' | 'currency' | 'payment_intent' | 'status' | 'metadata' | 'created' | 'reason'>>();
  const replies = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const events: Stripe.Event[] = [];
  const log: Movement[] = [];
  /** The request's Idempotency-Key while it is answered: what its movements are logged under. */
  let requestKey = '';
  const moved = (kind: Movement['kind'], amount: number, intent: Intent, reference = intent.id) =>
    void log.push({ kind, amount, key: requestKey || intent.metadata?.movecar_key || '', reference });
  let target: string | ((request: Request) => Promise<Response>) | null = null;
  const seconds = () => Math.floor(now().getTime() / 1000);
  const sdk = new Stripe(secretKey);

  /** An intent whose authorisation has passed `capture_before` is cancelled, as the issuer lets it lapse. */
  function lapse(intent: Intent) {
    if (intent.status === 'requires_capture' && intent.captureBefore !== null && seconds() >= intent.captureBefore) {
      intent.status = 'canceled';
      intent.amount_capturable = 0;
      emit('payment_intent.canceled', shownIntent(intent));
    }
    return intent;
  }

  const shownIntent = (intent: Intent) => {
    const { card, captureBefore, extended, refunded, ...rest } = intent;
    void [card, captureBefore, extended, refunded];
    return rest;
  };

  /** The charge of an authorised intent: where the provider says how the card was read and until when it may be captured. */
  const chargeOf = (intent: Intent) => ({
    id: intent.latest_charge!,
    object: 'charge' as const,
    amount: intent.amount,
    amount_captured: intent.amount_received,
    amount_refunded: intent.refunded,
    payment_intent: intent.id,
    payment_method: intent.payment_method as string,
    payment_method_details: {
      type: 'card',
      card: {
        brand: intent.card.brand,
        last4: intent.card.last4,
        exp_month: intent.card.exp_month,
        exp_year: intent.card.exp_year,
        capture_before: intent.captureBefore ?? undefined,
        extended_authorization: { status: intent.extended ? ('enabled' as const) : ('disabled' as const) },
      },
    },
  }) satisfies Pick<Stripe.Charge, 'id' | 'object' | 'amount' | 'amount_captured' | 'amount_refunded' | 'payment_intent' | 'payment_method'> & { payment_method_details: Pick<Stripe.Charge.PaymentMethodDetails, 'type'> & { card: Pick<Stripe.Charge.PaymentMethodDetails.Card, 'brand' | 'last4' | 'exp_month' | 'exp_year' | 'capture_before' | 'extended_authorization'> } };

  function emit(type: string, object: unknown) {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: seconds(),
      type,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    } as unknown as Stripe.Event;
    events.push(event);
    if (!target) return;
    delivering++;
    void deliver(event);
  }

  /** Webhooks sent and not yet answered (a retry waiting its turn counts): what `delivered()` waits for. */
  let delivering = 0;
  const quiet: (() => void)[] = [];
  const delivered = () => (delivering === 0 ? Promise.resolve() : new Promise<void>((resolve) => quiet.push(resolve)));
  const settle = () => {
    if (--delivering === 0) for (const resolve of quiet.splice(0)) resolve();
  };

  /** Posts the event, signed as the provider signs; a failed delivery is tried again, 12 times in all, further apart each time (5 s at most). */
  async function deliver(event: Stripe.Event, attempt = 1): Promise<void> {
    const payload = JSON.stringify(event);
    const signature = sdk.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp: seconds() });
    const to = target!;
    const request = new Request(typeof to === 'string' ? to : 'http://movecar.test/api/payments/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    const ok = await (typeof to === 'string' ? fetch(request) : to(request)).then((r) => r.ok, () => false);
    if (!ok && attempt < 12) setTimeout(() => void deliver(event, attempt + 1), Math.min(5_000, 250 * 2 ** attempt)).unref();
    else settle();
  }

  function methodFor(number: string, expMonth: number, expYear: number, customer: string | null): Method | ApiError {
    const card = behaviourOf(number);
    if (!card) return new ApiError(402, { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' });
    const method: Method = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      customer,
      created: seconds(),
      livemode: false,
      card: { brand: card.brand, last4: number.slice(-4), exp_month: expMonth, exp_year: expYear },
      behaviour: card.behaviour,
    };
    methods.set(method.id, method);
    return method;
  }

  function newIntent(fields: { amount: number; customer: string | null; method: Method; captureMethod: 'automatic' | 'manual'; metadata: Record<string, string>; description: string; setupFutureUsage: 'off_session' | null; extended: boolean }): Intent {
    const intent: Intent = {
      id: id('pi'),
      object: 'payment_intent',
      amount: fields.amount,
      amount_capturable: 0,
      amount_received: 0,
      currency: 'aed',
      customer: fields.customer,
      payment_method: fields.method.id,
      status: 'requires_confirmation',
      capture_method: fields.captureMethod,
      metadata: fields.metadata,
      created: seconds(),
      livemode: false,
      description: fields.description,
      setup_future_usage: fields.setupFutureUsage,
      last_payment_error: null,
      latest_charge: null,
      card: { ...fields.method.card, behaviour: fields.method.behaviour },
      captureBefore: null,
      extended: false,
      refunded: 0,
    };
    intents.set(intent.id, intent);
    return intent;
  }

  /** The issuer's answer once the card holder is (or need not be) authenticated. */
  function authorise(intent: Intent, askExtended: boolean): ApiError | null {
    const behaviour = intent.card.behaviour;
    if (behaviour === 'declined' || behaviour === 'insufficientFunds' || behaviour === 'expired' || behaviour === 'challengeFails') {
      const decline = DECLINES[behaviour];
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', ...decline, decline_code: decline.decline_code };
      emit('payment_intent.payment_failed', shownIntent(intent));
      return new ApiError(402, { type: 'card_error', ...decline, payment_intent: shownIntent(intent) });
    }
    intent.last_payment_error = null;
    intent.latest_charge = id('ch');
    if (intent.capture_method === 'manual') {
      intent.extended = askExtended && behaviour !== 'noExtendedAuthorisation';
      intent.captureBefore = seconds() + (intent.extended ? AUTHORISATION_DAYS.extended : AUTHORISATION_DAYS.standard) * DAY_S;
      intent.status = 'requires_capture';
      intent.amount_capturable = intent.amount;
      moved('hold', intent.amount, intent);
      emit('payment_intent.amount_capturable_updated', shownIntent(intent));
    } else {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      moved('charge', intent.amount, intent);
      emit('payment_intent.succeeded', shownIntent(intent));
    }
    return null;
  }

  function intentOf(intentId: string) {
    const intent = intents.get(intentId);
    if (!intent) throw missing(`payment_intent: '${intentId}'`);
    return lapse(intent);
  }

  /** A session past its `expires_at` is expired, as the provider's are. */
  function sessionOf(sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) throw missing(`checkout.session: '${sessionId}'`);
    if (session.status === 'open' && seconds() >= session.expires_at) expire(session);
    return session;
  }

  function expire(session: Session) {
    session.status = 'expired';
    session.url = null;
    emit('checkout.session.expired', shownSession(session));
  }

  const shownSession = (session: Session) => {
    const { locale, setupFutureUsage, captureMethod, description, intentMetadata, ...rest } = session;
    void [setupFutureUsage, captureMethod, description, intentMetadata];
    return { ...rest, locale };
  };

  const app = new Hono();
  // The API: the secret key is the provider's, as the real one asks; a retried request with the same
  // Idempotency-Key gets the first answer, a different request under it an error.
  const api = new Hono();
  api.use('/v1/*', async (c, next) => {
    if (c.req.header('authorization') !== `Bearer ${secretKey}`) return c.json({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }, 401);
    await next();
  });
  const answer = (run: (form: Record<string, unknown>, c: Context) => unknown) => async (c: Context) => {
    const body = c.req.method === 'GET' ? '' : await c.req.text();
    const form = c.req.method === 'GET' ? parseForm(new URL(c.req.url).search.slice(1)) : parseForm(body);
    const key = c.req.header('idempotency-key');
    const fingerprint = createHash('sha256').update(`${c.req.method} ${c.req.path} ${body}`).digest('hex');
    if (key && c.req.method === 'POST') {
      const earlier = replies.get(key);
      if (earlier) {
        if (earlier.fingerprint !== fingerprint) return c.json({ error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' } }, 400);
        return c.json(earlier.body as object, earlier.status as 200, { 'idempotent-replayed': 'true' });
      }
    }
    let status = 200;
    let reply: unknown;
    requestKey = key ?? '';
    try {
      reply = run(form, c);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      status = error.status;
      reply = { error: error.body };
    } finally {
      requestKey = '';
    }
    if (key && c.req.method === 'POST') replies.set(key, { fingerprint, status, body: reply });
    return c.json(reply as object, status as 200);
  };
  const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const metadataOf = (value: unknown) => (value && typeof value === 'object' ? (value as Record<string, string>) : {});
  const amountOf = (value: unknown, param: string) => {
    const n = Number(value);
    if (!Number.isSafeInteger(n) || n <= 0) throw invalid(`Invalid ${param}`, param);
    return n;
  };

  api.post('/v1/customers', answer((form) => {
    const customer = { id: id('cus'), object: 'customer' as const, email: str(form.email) ?? null, metadata: metadataOf(form.metadata), created: seconds() };
    customers.set(customer.id, customer);
    return customer;
  }));
  api.get('/v1/customers/:id', answer((_form, c) => customers.get(c.req.param('id')!) ?? (() => { throw missing('customer'); })()));

  api.post('/v1/payment_methods/:id/attach', answer((form, c) => {
    const pmId = c.req.param('id')!;
    const customer = str(form.customer);
    if (!customer || !customers.has(customer)) throw missing('customer');
    const testNumber = TEST_PAYMENT_METHODS[pmId];
    if (testNumber) {
      const method = methodFor(testNumber, 12, new Date(now()).getUTCFullYear() + 3, customer) as Method;
      return method;
    }
    const method = methods.get(pmId);
    if (!method) throw missing('payment_method');
    method.customer = customer;
    return method;
  }));
  api.post('/v1/payment_methods/:id/detach', answer((_form, c) => {
    const method = methods.get(c.req.param('id')!);
    if (!method) throw missing('payment_method');
    method.customer = null;
    return method;
  }));
  api.get('/v1/payment_methods/:id', answer((_form, c) => methods.get(c.req.param('id')!) ?? (() => { throw missing('payment_method'); })()));

  api.post('/v1/checkout/sessions', answer((form, c) => {
    const item = ((form.line_items as Record<string, Record<string, unknown>>)?.['0'] ?? {}) as Record<string, Record<string, unknown>>;
    const price = (item.price_data ?? {}) as Record<string, unknown>;
    const amount = amountOf(price.unit_amount, 'line_items[0][price_data][unit_amount]');
    if (price.currency !== 'aed') throw invalid('Only AED here', 'currency');
    const data = (form.payment_intent_data ?? {}) as Record<string, unknown>;
    const successUrl = str(form.success_url);
    const cancelUrl = str(form.cancel_url);
    if (!successUrl || !cancelUrl) throw invalid('success_url and cancel_url are required', 'success_url');
    const expiresAt = form.expires_at ? Number(form.expires_at) : seconds() + DAY_S;
    // As the provider: a session lives between 30 minutes and 24 hours.
    if (!(expiresAt >= seconds() + 30 * 60 - 5 && expiresAt <= seconds() + DAY_S)) throw invalid('expires_at must be between 30 minutes and 24 hours from now', 'expires_at');
    const customer = str(form.customer) ?? null;
    if (customer && !customers.has(customer)) throw missing('customer');
    const sessionId = id('cs_test');
    const origin = new URL(c.req.url).origin;
    const session: Session = {
      id: sessionId,
      object: 'checkout.session',
      amount_total: amount,
      currency: 'aed',
      customer,
      client_reference_id: str(form.client_reference_id) ?? null,
      metadata: metadataOf(form.metadata),
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: successUrl,
      cancel_url: cancelUrl,
      url: `${origin}/pay/${sessionId}`,
      expires_at: expiresAt,
      created: seconds(),
      livemode: false,
      intentMetadata: metadataOf(data.metadata),
      locale: form.locale === 'ar' ? 'ar' : 'en',
      setupFutureUsage: data.setup_future_usage === 'off_session' ? 'off_session' : null,
      captureMethod: data.capture_method === 'manual' ? 'manual' : 'automatic',
      description: str((price.product_data as Record<string, unknown>)?.name) ?? '',
    };
    sessions.set(sessionId, session);
    return shownSession(session);
  }));
  api.get('/v1/checkout/sessions/:id', answer((_form, c) => {
    const session = sessionOf(c.req.param('id')!);
    const shown = shownSession(session);
    // `expand[]=payment_intent`, the one expansion the adapter asks for.
    const intent = session.payment_intent ? intents.get(session.payment_intent as string) : null;
    return { ...shown, payment_intent: intent ? shownIntent(intent) : shown.payment_intent };
  }));
  api.post('/v1/checkout/sessions/:id/expire', answer((_form, c) => {
    const session = sessionOf(c.req.param('id')!);
    if (session.status !== 'open') throw invalid(`This Checkout Session is ${session.status} and cannot be expired`);
    expire(session);
    return shownSession(session);
  }));

  api.post('/v1/payment_intents', answer((form) => {
    const amount = amountOf(form.amount, 'amount');
    if (form.currency !== 'aed') throw invalid('Only AED here', 'currency');
    const customer = str(form.customer) ?? null;
    const method = methods.get(str(form.payment_method) ?? '');
    if (!method) throw missing('payment_method');
    if (method.customer !== customer) throw invalid('The payment method is not attached to this customer', 'payment_method');
    const card = ((form.payment_method_options as Record<string, Record<string, unknown>>)?.card ?? {}) as Record<string, unknown>;
    const intent = newIntent({
      amount,
      customer,
      method,
      captureMethod: form.capture_method === 'manual' ? 'manual' : 'automatic',
      metadata: metadataOf(form.metadata),
      description: str(form.description) ?? '',
      setupFutureUsage: null,
      extended: false,
    });
    if (form.confirm !== 'true') return shownIntent(intent);
    // Off the session, nobody is there for a challenge: a card that asks for one is refused so.
    if (form.off_session === 'true' && (method.behaviour === 'alwaysAuthenticate' || method.behaviour === 'challengeFails')) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', code: 'authentication_required', decline_code: 'authentication_required', message: 'Your card requires authentication.' };
      emit('payment_intent.payment_failed', shownIntent(intent));
      throw new ApiError(402, { type: 'card_error', code: 'authentication_required', decline_code: 'authentication_required', message: 'Your card requires authentication.', payment_intent: shownIntent(intent) });
    }
    const refused = authorise(intent, card.request_extended_authorization === 'if_available');
    if (refused) throw refused;
    return shownIntent(intent);
  }));
  api.get('/v1/payment_intents/search', answer((form) => {
    // `metadata['key']:'value'`, the one query the adapter makes.
    const match = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(str(form.query) ?? '');
    if (!match) throw invalid('Unsupported query', 'query');
    const data = [...intents.values()].filter((i) => i.metadata?.[match[1]!] === match[2]).map((i) => shownIntent(lapse(i)));
    return { object: 'search_result', data, has_more: false, next_page: null, url: '/v1/payment_intents/search' };
  }));
  api.get('/v1/charges/:id', answer((_form, c) => {
    const intent = [...intents.values()].find((i) => i.latest_charge === c.req.param('id'));
    if (!intent) throw missing('charge');
    return chargeOf(lapse(intent));
  }));
  api.get('/v1/payment_intents/:id', answer((form, c) => {
    const intent = intentOf(c.req.param('id')!);
    // `expand[]=latest_charge`, as the adapter asks for a refund.
    const expand = Object.values((form.expand ?? {}) as Record<string, string>);
    return { ...shownIntent(intent), ...(expand.includes('latest_charge') && intent.latest_charge ? { latest_charge: chargeOf(intent) } : {}) };
  }));
  api.post('/v1/payment_intents/:id/capture', answer((form, c) => {
    const intent = intentOf(c.req.param('id')!);
    if (intent.status !== 'requires_capture') {
      throw new ApiError(400, { type: 'invalid_request_error', code: intent.status === 'canceled' ? 'charge_expired_for_capture' : 'payment_intent_unexpected_state', message: `This PaymentIntent could not be captured because it has a status of ${intent.status}.` });
    }
    const amount = form.amount_to_capture === undefined ? intent.amount : amountOf(form.amount_to_capture, 'amount_to_capture');
    if (amount > intent.amount_capturable) throw invalid('amount_to_capture is greater than the amount capturable', 'amount_to_capture');
    intent.status = 'succeeded';
    intent.amount_received = amount;
    intent.amount_capturable = 0;
    moved('capture', amount, intent);
    if (amount < intent.amount) moved('release', intent.amount - amount, intent);
    emit('payment_intent.succeeded', shownIntent(intent));
    return shownIntent(intent);
  }));
  api.post('/v1/payment_intents/:id/cancel', answer((_form, c) => {
    const intent = intentOf(c.req.param('id')!);
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw new ApiError(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.` });
    }
    if (intent.status === 'requires_capture') moved('release', intent.amount, intent);
    intent.status = 'canceled';
    intent.amount_capturable = 0;
    emit('payment_intent.canceled', shownIntent(intent));
    return shownIntent(intent);
  }));
  api.post('/v1/payment_intents/:id/increment_authorization', answer((form, c) => {
    const intent = intentOf(c.req.param('id')!);
    const amount = amountOf(form.amount, 'amount');
    if (intent.status !== 'requires_capture' || amount <= intent.amount) throw invalid('The amount must be greater than the authorised amount', 'amount');
    if (intent.card.behaviour === 'noExtendedAuthorisation') {
      throw new ApiError(402, { type: 'card_error', code: 'card_declined', decline_code: 'incremental_authorization_not_supported', message: 'This card does not support incremental authorizations.' });
    }
    intent.amount = amount;
    intent.amount_capturable = amount;
    emit('payment_intent.amount_capturable_updated', shownIntent(intent));
    return shownIntent(intent);
  }));

  api.post('/v1/refunds', answer((form) => {
    const intent = intentOf(str(form.payment_intent) ?? '');
    if (intent.status !== 'succeeded') throw invalid('This PaymentIntent has no successful charge to refund', 'payment_intent');
    const amount = form.amount === undefined ? intent.amount_received - intent.refunded : amountOf(form.amount, 'amount');
    if (amount > intent.amount_received - intent.refunded) {
      throw new ApiError(400, { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount_received - intent.refunded})` });
    }
    intent.refunded += amount;
    const refund = { id: id('re'), object: 'refund' as const, amount, currency: 'aed', payment_intent: intent.id, status: 'succeeded', metadata: metadataOf(form.metadata), created: seconds(), reason: (str(form.reason) ?? null) as Stripe.Refund.Reason | null };
    refunds.set(refund.id, refund);
    moved('refund', amount, intent, refund.id);
    emit('refund.created', refund);
    return refund;
  }));
  api.get('/v1/refunds', answer((form) => {
    const data = [...refunds.values()].filter((r) => r.payment_intent === form.payment_intent);
    return { object: 'list', data, has_more: false, url: '/v1/refunds' };
  }));
  app.route('/', api);
  // Its books, for the tests that look from outside its process (the kill -9 test): loopback only, as the whole stand-in.
  app.get('/_standin/log', (c) => c.json({ log }));

  // The hosted pages: the card is typed only here, on the provider's origin.
  const page = (c: Context, html: string, status = 200) =>
    c.html(html, status as 200, {
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'; base-uri 'none'",
      'cache-control': 'no-store',
    });
  const openSession = (c: Context) => {
    const session = sessions.get(c.req.param('id')!);
    if (!session) return null;
    if (session.status === 'open' && seconds() >= session.expires_at) expire(session);
    return session;
  };
  const done = (session: Session) => session.success_url!.replace('{CHECKOUT_SESSION_ID}', session.id);

  app.get('/pay/:id', (c) => {
    const session = openSession(c);
    if (!session) return c.notFound();
    if (session.status !== 'open') return page(c, closedPage(session.locale, session.status === 'complete' ? done(session) : session.cancel_url!), 410);
    return page(c, cardPage({ session, lang: session.locale, error: null, values: {} }));
  });
  app.post('/pay/:id', async (c) => {
    const session = openSession(c);
    if (!session) return c.notFound();
    if (session.status !== 'open') return page(c, closedPage(session.locale, session.status === 'complete' ? done(session) : session.cancel_url!), 410);
    const form = await c.req.parseBody();
    const number = String(form.number ?? '').replace(/[\s-]/g, '');
    const name = String(form.name ?? '').slice(0, 100);
    const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(String(form.expiry ?? '').trim());
    const cvc = String(form.cvc ?? '');
    const values = { name, expiry: String(form.expiry ?? '').slice(0, 7) };
    const again = (error: string) => page(c, cardPage({ session, lang: session.locale, error, values }), 402);
    if (!expiry || !/^\d{3,4}$/.test(cvc)) return again('incomplete');
    const [expMonth, expYear] = [Number(expiry[1]), 2000 + Number(expiry[2])];
    const end = new Date(Date.UTC(expYear, expMonth, 1));
    if (expMonth < 1 || expMonth > 12 || end <= now()) return again('expired_card');
    const method = methodFor(number, expMonth, expYear, session.setupFutureUsage ? (session.customer as string | null) : null);
    if (method instanceof ApiError) return again('incorrect_number');
    // One intent per session; another card tried on the page is the same intent, confirmed again.
    const earlier = session.payment_intent ? intents.get(session.payment_intent as string) : undefined;
    const intent = earlier ?? newIntent({ amount: session.amount_total!, customer: session.customer as string | null, method, captureMethod: session.captureMethod, metadata: session.intentMetadata, description: session.description, setupFutureUsage: session.setupFutureUsage, extended: false });
    intent.payment_method = method.id;
    intent.card = { ...method.card, behaviour: method.behaviour };
    session.payment_intent = intent.id;
    if (method.behaviour === 'challenge' || method.behaviour === 'alwaysAuthenticate' || method.behaviour === 'challengeFails') {
      intent.status = 'requires_action';
      emit('payment_intent.requires_action', shownIntent(intent));
      return c.redirect(`/3ds/${session.id}`, 303);
    }
    return finish(c, session, intent);
  });
  app.get('/3ds/:id', (c) => {
    const session = openSession(c);
    const intent = session?.payment_intent ? intents.get(session.payment_intent as string) : undefined;
    if (!session || !intent || intent.status !== 'requires_action') return c.redirect(session ? `/pay/${session.id}` : '/', 303);
    return page(c, challengePage({ session, lang: session.locale, last4: intent.card.last4 }));
  });
  app.post('/3ds/:id', async (c) => {
    const session = openSession(c);
    const intent = session?.payment_intent ? intents.get(session.payment_intent as string) : undefined;
    if (!session || !intent || intent.status !== 'requires_action' || session.status !== 'open') return c.redirect(session ? `/pay/${session.id}` : '/', 303);
    const form = await c.req.parseBody();
    if (form.outcome !== 'complete') intent.card = { ...intent.card, behaviour: 'challengeFails' };
    return finish(c, session, intent);
  });
  /** The issuer's answer: the session completes and the browser goes back to the merchant, or the page says why not. */
  function finish(c: Context, session: Session, intent: Intent) {
    const refused = authorise(intent, false);
    if (refused) return page(c, cardPage({ session, lang: session.locale, error: String(refused.body.decline_code ?? refused.body.code), values: {} }), 402);
    session.status = 'complete';
    session.payment_status = 'paid';
    session.url = null;
    emit('checkout.session.completed', { ...shownSession(session), payment_intent: intent.id });
    return c.redirect(done(session), 303);
  }

  // An HTTP/1 server (serve's default): the type says so, for closeAllConnections.
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => resolve(s as Server));
  });
  const listening = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${listening}`,
    port: listening,
    secretKey,
    webhookSecret,
    deliverTo: (to) => void (target = to),
    events,
    intents,
    log,
    delivered,
    cardBecomes(paymentMethod, behaviour) {
      const method = methods.get(paymentMethod);
      if (!method) throw new Error(`no saved card ${paymentMethod}`);
      method.behaviour = behaviour;
    },
    // Keep-alive connections (the SDK's agent) are ended too, so closing never waits on an idle one.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
