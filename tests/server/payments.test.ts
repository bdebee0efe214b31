// Paying on the provider's page (the local Stripe stand-in, reached through the real adapter and the
// official SDK): the card is typed only there; the journey learns what happened from the webhook and
// from the browser's return, in either order, once; a session left open releases the car.
import { describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { CARDS, contextOf, payOnProviderPage, pay, renterAt, server, valueOf, renter, pickUp, tripIn } from './helpers';
import { localProvider } from '../support/provider';
import { bookings, providerEvents } from '../../server/db/schema';
import { takeInPaymentEvents } from '../../server/payments/events';
import { travelTo } from '../support/clock';
import { PAYMENT_SESSION_MS } from '../../machines/journey-rules';
import { cardOnFile } from '../../src/client/cardApi';

/** A renter with the contract signed, to pay. */
const signed = () => renterAt('signed');

/** Everything the provider has said so far has reached us and been taken in. */
async function webhooksTakenIn() {
  const s = await server();
  // The provider's webhooks are sent after its page answers: each has been answered (kept) first.
  await s.deps.paymentsStandIn!.delivered();
  await expect.poll(async () => (await s.deps.db.select().from(providerEvents)).filter((e) => e.doneAt === null).length, { timeout: 10_000 }).toBe(0);
  await takeInPaymentEvents(s.deps);
}

describe('paying on the provider’s page', () => {
  it('a consent is asked first, by field; then the provider’s page opens and the car waits for it', async () => {
    const r = await signed();
    const refused = await r.step({ type: 'payment.submit', consent: false });
    expect(refused).toMatchObject({ ok: false, status: 400, body: { error: 'invalid', fields: { consent: 'cardConsent' } } });

    const opened = await r.step({ type: 'payment.submit', consent: true });
    expect(opened.ok).toBe(true);
    const session = contextOf(r.journey()).paymentSession!;
    const s = await server();
    expect(new URL(session.url).origin).toBe(s.deps.paymentsStandIn!.origin);
    expect(session.expiresAt - Date.now()).toBeGreaterThan(PAYMENT_SESSION_MS - 60_000);
    // The car is held for the session: the booking row says so.
    const [row] = await s.deps.db.select().from(bookings).where(eq(bookings.id, r.journey().bookingId));
    expect(row!.holdsCar).toBe(true);
    // The provider's page is the provider's, in the renter's language, and asks for the card.
    const page = await (await fetch(session.url)).text();
    expect(page).toContain('Card number');
  });

  it('paid with a frictionless card: the return finds it paid; the webhook that follows changes nothing', async () => {
    const r = await signed();
    await pay(r);
    const c = contextOf(r.journey());
    expect(c.payment).toMatchObject({ last4: '4242', reference: expect.stringMatching(/^pi_/), cardToken: expect.stringMatching(/^cus_.+\/pm_.+/) });
    expect(c.paymentSession).toBeNull();
    // No deposit at payment: it is authorised at pickup.
    expect(c.deposit).toBeNull();
    const version = r.journey().version;
    await webhooksTakenIn();
    await r.refresh();
    expect(r.journey().version).toBe(version);
    // The card on file is the provider's saved card, as agreed.
    const card = await cardOnFile(r.api);
    expect(card.ok && card.body.card).toMatchObject({ last4: '4242', brand: 'visa' });
  });

  it('the webhook first, the return after: paid once, whichever road came first', async () => {
    const r = await signed();
    await r.step({ type: 'payment.submit', consent: true });
    const { url } = contextOf(r.journey()).paymentSession!;
    // The browser is lost on the way back: only the provider's webhook tells us.
    const answer = await fetch(url, { method: 'POST', body: new URLSearchParams({ number: CARDS.approved, expiry: '12/30', cvc: '123' }), redirect: 'manual' });
    expect(answer.status).toBe(303);
    await webhooksTakenIn();
    await r.refresh();
    expect(contextOf(r.journey()).payment).toMatchObject({ last4: '4242' });
    const version = r.journey().version;
    // The return comes later (the tab reopened): nothing changes.
    const back = new URL(answer.headers.get('location')!);
    const returned = await r.request(`${back.pathname}${back.search}`, { redirect: 'manual' });
    expect(returned.status).toBe(303);
    expect(returned.headers.get('location')).toBe('/payment');
    await r.refresh();
    expect(r.journey().version).toBe(version);
  });

  it('a challenge passed: the journey shows the bank’s check under way, then paid', async () => {
    const r = await signed();
    await r.step({ type: 'payment.submit', consent: true });
    const { url } = contextOf(r.journey()).paymentSession!;
    const typed = await fetch(url, { method: 'POST', body: new URLSearchParams({ number: CARDS.challenge, expiry: '12/30', cvc: '123' }), redirect: 'manual' });
    expect(new URL(typed.headers.get('location')!, url).pathname).toMatch(/^\/3ds\//);
    // The renter closed the tab at the challenge: the booking says where it is, on any device.
    await webhooksTakenIn();
    await r.refresh();
    expect(contextOf(r.journey()).paymentSession).toMatchObject({ challenge: true });
    const challenge = new URL(typed.headers.get('location')!, url);
    const passed = await fetch(challenge, { method: 'POST', body: new URLSearchParams({ outcome: 'complete' }), redirect: 'manual' });
    expect(passed.status).toBe(303);
    await webhooksTakenIn();
    await r.refresh();
    expect(contextOf(r.journey()).payment).toMatchObject({ last4: '3155' });
  });

  it('a challenge failed, then another card: the reason is the renter’s to read, and the second card pays', async () => {
    const r = await signed();
    await r.step({ type: 'payment.submit', consent: true });
    const { url } = contextOf(r.journey()).paymentSession!;
    const failed = await payOnProviderPage(r, url, CARDS.challengeFails);
    expect(failed.status).toBe(402);
    await webhooksTakenIn();
    await r.refresh();
    expect(contextOf(r.journey())).toMatchObject({ payment: null, error: 'challengeFailed', paymentSession: { failure: 'challengeFailed' } });
    // The provider's page stays open for another card.
    await payOnProviderPage(r, url, CARDS.approved);
    expect(contextOf(r.journey()).payment).toMatchObject({ last4: '4242' });
  });

  it.each([
    ['declined', CARDS.declined, 'cardDeclined'],
    ['insufficient funds', CARDS.insufficientFunds, 'insufficientFunds'],
    ['expired', CARDS.expired, 'cardExpired'],
  ] as const)('a card %s: nothing charged, the reason said, and a new page can be opened', async (_name, number, reason) => {
    const r = await signed();
    await r.step({ type: 'payment.submit', consent: true });
    const first = contextOf(r.journey()).paymentSession!;
    await payOnProviderPage(r, first.url, number);
    await webhooksTakenIn();
    await r.refresh();
    expect(contextOf(r.journey())).toMatchObject({ payment: null, error: reason });
    // Start again: the old page is closed at the provider, a new one opens.
    const again = await r.step({ type: 'payment.submit', consent: true });
    expect(again.ok).toBe(true);
    const second = contextOf(r.journey()).paymentSession!;
    expect(second.sessionId).not.toBe(first.sessionId);
    expect((await fetch(first.url)).status).toBe(410);
    await payOnProviderPage(r, second.url);
    expect(contextOf(r.journey()).payment).toMatchObject({ last4: '4242' });
  });

  it('a page left open past its time is closed, the car released, nothing charged', async () => {
    const r = await signed();
    await r.step({ type: 'payment.submit', consent: true });
    const { url, expiresAt } = contextOf(r.journey()).paymentSession!;
    const s = await server();
    travelTo(expiresAt + 1_000);
    await takeInPaymentEvents(s.deps);
    await r.refresh();
    expect(contextOf(r.journey())).toMatchObject({ payment: null, paymentSession: null, error: 'paymentExpired' });
    expect(valueOf(r.journey())).toEqual({ signedIn: { payment: 'editing' } });
    const [row] = await s.deps.db.select().from(bookings).where(eq(bookings.id, r.journey().bookingId));
    expect(row!.holdsCar).toBe(false);
    expect((await fetch(url)).status).toBe(410);
  });

  it('a webhook with a bad signature is refused; a replayed one is taken once', async () => {
    const s = await server();
    const post = (body: string, signature: string) =>
      s.app.request('/api/payments/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body });
    const event = JSON.stringify({ id: 'evt_test_replay', object: 'event', type: 'checkout.session.completed', data: { object: { object: 'checkout.session', id: 'cs_test_x', metadata: {} } } });
    expect((await post(event, 't=1,v1=deadbeef')).status).toBe(400);
    const signed = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload: event, secret: s.deps.paymentsStandIn!.webhookSecret });
    expect((await post(event, signed)).status).toBe(200);
    expect((await post(event, signed)).status).toBe(200);
    expect((await s.deps.db.select().from(providerEvents).where(eq(providerEvents.id, 'evt_test_replay'))).length).toBe(1);
  });

  it('a return URL altered to another session names nothing of this renter’s: the screen shows the booking as it is', async () => {
    const r = await signed();
    const other = await signed();
    await other.step({ type: 'payment.submit', consent: true });
    const theirs = contextOf(other.journey()).paymentSession!.sessionId;
    const answer = await r.request(`/api/payments/return?session=${theirs}`, { redirect: 'manual' });
    expect(answer.status).toBe(303);
    await other.refresh();
    expect(contextOf(other.journey()).paymentSession?.sessionId).toBe(theirs);
  });
});

describe('the deposit at pickup', () => {
  it('is authorised on the saved card when the renter confirms the handover, extended for car rental', async () => {
    const r = await renterAt('paid', { carId: 'yaris', trip: tripIn(48) });
    expect(contextOf(r.journey()).deposit).toBeNull();
    const answer = await pickUp(r);
    expect(answer.body).not.toHaveProperty('error');
    const deposit = contextOf(r.journey()).deposit!;
    expect(deposit.reference).toMatch(/^pi_/);
    expect(deposit.extended).toBe(true);
    // Extended: 30 days from the handover, where a usual hold lasts 7.
    expect(deposit.captureBefore! - deposit.heldAt).toBeGreaterThan(29 * 24 * 3600_000);
    const s = await server();
    expect(s.deps.paymentsStandIn!.intents.get(deposit.reference)).toMatchObject({ status: 'requires_capture', amount: deposit.amount });
  });

  it('a card whose bank allows no extended authorisation holds for 7 days', async () => {
    const r = await renter();
    for (const event of [{ type: 'booking.start', carId: 'patrol', trip: tripIn(48) }, { type: 'contract.acceptTerms' }, { type: 'contract.verifyIdentity' }, { type: 'contract.sign', signature: 'Mariam Al Suwaidi' }, { type: 'contract.proceed' }]) await r.step(event);
    await pay(r, CARDS.noExtendedAuthorisation);
    await r.step({ type: 'payment.proceed' });
    await pickUp(r);
    const deposit = contextOf(r.journey()).deposit!;
    expect(deposit.extended).toBe(false);
    expect(Math.round((deposit.captureBefore! - deposit.heldAt) / (24 * 3600_000))).toBe(7);
  });
});

describe('the adapter, against the stand-in', () => {
  it('the same refund asked by two instances at once gives back once, and both get its answer', async () => {
    const { standIn, gateway } = await localProvider();
    try {
      // The second starts a little later each round, so that some round has it look between the first's look and its refund.
      for (let round = 0; round < 16; round++) {
        const card = await gateway.testCard(`race${round}@example.ae`, `race:${round}`);
        const paid = await gateway.charge({ cardToken: card, amount: 75_600, idempotencyKey: `race:${round}:charge` });
        // Part of it (the other's refund changes what is left to refund), and all of it.
        for (const amount of [50_400, 75_600 - 50_400]) {
          const key = `race:${round}:refund:${amount}`;
          const ask = () => gateway.refund({ references: [paid.reference], amount, idempotencyKey: key });
          const [a, b] = await Promise.all([ask(), new Promise((wait) => setTimeout(wait, round)).then(ask)]);
          expect(a!.reference).toBe(b!.reference);
          expect(standIn.log.filter((m) => m.kind === 'refund' && m.key === key).map((m) => m.amount)).toEqual([amount]);
        }
      }
    } finally {
      await standIn.close();
    }
  });
});
