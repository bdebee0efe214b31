// A renter's card on file, on the real database: the provider's saved card of the card they paid
// with, kept as they agreed on the payment page, shown without the provider's token, its customer
// reused for their next booking's page, and removable (at the provider too) once no open booking
// needs it.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DAY_MS } from '../../machines/money';
import { savedCards } from '../../server/db/schema';
import { cardOnFile, forgetCard } from '../../src/client/cardApi';
import { browser, pay, contextOf, manager, renter, server } from './helpers';

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

const cardOf = async (r: Renter) => {
  const answer = await cardOnFile(r.api);
  if (!answer.ok) throw new Error(JSON.stringify(answer.body));
  return answer.body.card;
};

describe('the card on file', () => {
  it('is the card paid with, kept at the provider as agreed; shown without its token; the next page is for the same customer', async () => {
    const r = await renter();
    await toPayment(r);
    expect(await cardOf(r)).toBeNull();
    expect((await pay(r)).ok).toBe(true);
    const first = contextOf(r.journey()).payment!;
    expect(await cardOf(r)).toEqual({ last4: '4242', brand: 'visa', expiry: '12/30' });
    // What the account's API gives is what the screen shows: not the provider's token.
    const raw = await (await r.request('/api/account/card')).text();
    expect(raw).not.toContain(first.cardToken);
    const [kept] = await (await server()).deps.db.select().from(savedCards).where(eq(savedCards.userId, r.user.id));
    expect(kept).toMatchObject({ last4: '4242', cardToken: first.cardToken });

    // The booking is cancelled; the next one's page is opened for the renter's customer at the provider.
    expect((await r.step({ type: 'booking.cancel' })).ok).toBe(true);
    await toPayment(r, 'camry');
    expect((await pay(r)).ok).toBe(true);
    const second = contextOf(r.journey()).payment!;
    expect(second.cardToken.split('/')[0]).toBe(first.cardToken.split('/')[0]);
  });

  it('is removed only once no open booking needs it, and then at the provider too', async () => {
    const r = await renter();
    await toPayment(r);
    expect((await pay(r)).ok).toBe(true);
    const { cardToken } = contextOf(r.journey()).payment!;
    // The booking is open: its deposit and the charges after the return need the card.
    const refused = await forgetCard(r.api);
    expect(refused).toMatchObject({ ok: false, status: 409, body: { error: 'cardInUse' } });
    expect(await cardOf(r)).not.toBeNull();
    // Cancelled: nothing needs it any more.
    expect((await r.step({ type: 'booking.cancel' })).ok).toBe(true);
    expect((await forgetCard(r.api)).ok).toBe(true);
    expect(await cardOf(r)).toBeNull();
    const method = [...(await server()).deps.paymentsStandIn!.intents.values()].find((i) => i.payment_method === cardToken.split('/')[1]);
    expect(method).toBeDefined();
    // At the provider, the card is no longer the customer's: a charge to it is refused.
    await expect((await server()).deps.gateway.charge({ cardToken, amount: 100, idempotencyKey: `${r.journey().bookingId}:after-removal` })).rejects.toThrow();
  });

  it('is the renter’s alone: 401 signed out, 403 for staff', async () => {
    const visitor = await browser();
    expect((await visitor.request('/api/account/card')).status).toBe(401);
    const m = await manager();
    expect((await m.request('/api/account/card')).status).toBe(403);
    expect((await m.request('/api/account/card', { method: 'DELETE' })).status).toBe(403);
  });
});
