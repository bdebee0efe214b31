// A renter's card on file, on the real database: kept only when they ask, offered on their next
// booking with the CVV asked again, paid with the gateway's token the server holds (never one the
// browser sends), and refused once forgotten or replaced.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DAY_MS } from '../../machines/money';
import { gatewayOperations, savedCards } from '../../server/db/schema';
import { cardOnFile, forgetCard } from '../../src/client/cardApi';
import { browser, CARD, contextOf, manager, renter, server } from './helpers';

const HOUR = 60 * 60 * 1000;
let slot = 0;
/** A 2-day trip on its own stretch of the calendar, so the tests here never meet. */
function trip() {
  const pickupAt = Math.floor((Date.now() + 40 * DAY_MS + slot++ * 7 * DAY_MS) / HOUR) * HOUR;
  return { pickupLocation: 'dxb-t3', dropoffLocation: 'dxb-t3', pickupAt, dropoffAt: pickupAt + 2 * DAY_MS } as const;
}

const SIGN = [
  { type: 'contract.acceptTerms' },
  { type: 'contract.verifyIdentity' },
  { type: 'contract.sign', signature: 'Mariam Al Suwaidi' },
  { type: 'contract.proceed' },
];

type Renter = Awaited<ReturnType<typeof renter>>;

/** The renter's booking of `carId`, signed and due for payment. */
async function toPayment(r: Renter, carId = 'yaris') {
  for (const event of [{ type: 'booking.start', carId, trip: trip() }, ...SIGN]) {
    const answer = await r.step(event);
    if (!answer.ok) throw new Error(`${event.type}: ${JSON.stringify(answer.body)}`);
  }
}

const opsOf = async (bookingId: string) =>
  (await (await server()).deps.db.select().from(gatewayOperations)).filter((o) => o.idempotencyKey.startsWith(`${bookingId}:`));

const cardOf = async (r: Renter) => {
  const answer = await cardOnFile(r.api);
  if (!answer.ok) throw new Error(JSON.stringify(answer.body));
  return answer.body.card;
};

const VISA = { last4: '4242', brand: 'visa', expiry: '12/29' } as const;

describe('the card on file', () => {
  it('is kept when the renter asks, and pays their next booking with only the CVV typed again', async () => {
    const r = await renter();
    await toPayment(r);
    // Typed as some cards print it, in Arabic-Indic digits: kept as MM/YY.
    expect((await r.step({ type: 'payment.submit', card: { ...CARD, expiry: '١٢/٢٠٢٩', keep: true } })).ok).toBe(true);
    const first = contextOf(r.journey()).payment!;
    const firstBooking = r.journey().bookingId;
    expect(await cardOf(r)).toEqual(VISA);
    // What the account's API gives is what the screen shows: not the gateway's token.
    const raw = await (await r.request('/api/account/card')).text();
    expect(raw).not.toContain(first.cardToken);
    const [kept] = await (await server()).deps.db.select().from(savedCards).where(eq(savedCards.userId, r.user.id));
    expect(kept).toMatchObject({ ...VISA, cardToken: first.cardToken });

    // The booking is cancelled; the next one is paid with the card on file.
    expect((await r.step({ type: 'booking.cancel' })).ok).toBe(true);
    await toPayment(r, 'camry');
    expect(r.journey().bookingId).not.toBe(firstBooking);
    // Without its CVV (or with a 4-digit one on a Visa) it is refused by field, and nothing is held.
    const noCvv = await r.step({ type: 'payment.submit', card: { email: CARD.email, cvv: '', onFile: VISA } });
    expect(noCvv).toMatchObject({ ok: false, status: 400 });
    expect(noCvv.body).toMatchObject({ error: 'invalid', fields: { cvv: 'required' } });
    expect(await opsOf(r.journey().bookingId)).toEqual([]);

    const paid = await r.step({ type: 'payment.submit', card: { email: CARD.email, cvv: '321', onFile: VISA } });
    expect(paid.ok).toBe(true);
    const payment = contextOf(r.journey()).payment!;
    expect(payment).toMatchObject({ last4: '4242', cardToken: first.cardToken });
    // The deposit held and the rent charged, on the kept card's token.
    const ops = await opsOf(r.journey().bookingId);
    expect(ops.map((o) => [o.kind, o.cardToken]).sort()).toEqual([
      ['charge', first.cardToken],
      ['hold', first.cardToken],
    ]);
  });

  it('is not kept unless asked, and a card the renter does not have on file is refused with nothing held', async () => {
    const r = await renter();
    await toPayment(r);
    expect((await r.step({ type: 'payment.submit', card: CARD })).ok).toBe(true);
    expect(await cardOf(r)).toBeNull();

    // Another renter's card, as a hand-made request names it: the server has none on file for this renter.
    const other = await renter();
    await toPayment(other);
    const refused = await other.step({ type: 'payment.submit', card: { email: CARD.email, cvv: '123', onFile: VISA } });
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect(refused.body).toMatchObject({ error: 'cardGone' });
    expect(contextOf(other.journey()).payment).toBeNull();
    expect(await opsOf(other.journey().bookingId)).toEqual([]);
    // A token is not something a browser may send.
    const withToken = await other.step({ type: 'payment.submit', card: { email: CARD.email, cvv: '123', onFile: { ...VISA, cardToken: 'card_x' } } });
    expect(withToken).toMatchObject({ ok: false, status: 400 });
  });

  it('once forgotten (or replaced in another tab), the payment it was offered for is refused, saying so', async () => {
    const r = await renter();
    await toPayment(r);
    expect((await r.step({ type: 'payment.submit', card: { ...CARD, keep: true } })).ok).toBe(true);
    expect((await r.step({ type: 'booking.cancel' })).ok).toBe(true);
    await toPayment(r, 'camry');
    // Another tab keeps a different card meanwhile: the screen's offer of the Visa is stale.
    await (await server()).deps.db.update(savedCards).set({ last4: '4444', brand: 'mastercard' }).where(eq(savedCards.userId, r.user.id));
    expect((await r.step({ type: 'payment.submit', card: { email: CARD.email, cvv: '123', onFile: VISA } })).body).toMatchObject({ error: 'cardGone' });

    expect((await forgetCard(r.api)).ok).toBe(true);
    expect(await cardOf(r)).toBeNull();
    const refused = await r.step({ type: 'payment.submit', card: { email: CARD.email, cvv: '123', onFile: { last4: '4444', brand: 'mastercard', expiry: '12/29' } } });
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect(refused.body).toMatchObject({ error: 'cardGone' });
    expect(await opsOf(r.journey().bookingId)).toEqual([]);
    // A card typed now still pays.
    expect((await r.step({ type: 'payment.submit', card: CARD })).ok).toBe(true);
  });

  it('is the renter’s alone: 401 signed out, 403 for staff', async () => {
    const visitor = await browser();
    expect((await visitor.request('/api/account/card')).status).toBe(401);
    const m = await manager();
    expect((await m.request('/api/account/card')).status).toBe(403);
    expect((await m.request('/api/account/card', { method: 'DELETE' })).status).toBe(403);
  });
});
