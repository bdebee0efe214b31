// The journey, decided by the server: the machine accepts or refuses each renter's step on the
// stored record; amounts are the server's; the record survives restarts and refuses to be corrupt.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ledgerOf } from '../../machines/ledger';
import { DAY_MS } from '../../machines/money';
import { bookings, mailOutbox, users } from '../../server/db/schema';
import { engine } from '../support/server';
import { startSession } from '../../src/client/session';
import { browser, moves, pay, CARDS, PASSWORD, checkInAtCounter, contextOf, pickUp, renter, renterAt, server, valueOf, walk } from './helpers';

describe('the renter’s journey on the server', () => {
  it('someone else’s booking is not found (404), read or written', async () => {
    const owner = await renter();
    const other = await renter();
    const id = owner.journey().bookingId;
    expect((await other.request(`/api/bookings/${id}`)).status).toBe(404);
    const write = await other.json('POST', `/api/bookings/${id}/events`, { event: { type: 'contract.acceptTerms' }, version: 1 });
    expect(write.status).toBe(404);
    expect((await owner.request(`/api/bookings/${id}`)).status).toBe(200);
  });

  it('the renter’s list has their own bookings only, each with where it is and what it cost', async () => {
    const a = await renterAt('paid');
    const b = await renterAt('signed');
    const mine = await a.api.bookings();
    expect(mine.ok && mine.body.bookings).toEqual([
      expect.objectContaining({ bookingId: a.journey().bookingId, number: a.journey().number, carId: 'camry', status: 'upcoming', charged: 126_000, refund: null }),
    ]);
    const theirs = await b.api.bookings();
    expect(theirs.ok && theirs.body.bookings.map((x) => [x.number, x.status])).toEqual([[b.journey().number, 'unpaid']]);
    expect((await pickUp(a)).ok).toBe(true);
    const after = await a.api.bookings();
    expect(after.ok && after.body.bookings[0]!.status).toBe('active');
    expect((await (await browser()).request('/api/bookings')).status).toBe(401);
  });

  it('a step out of order is refused with 409 and the step that is due; nothing changes', async () => {
    const r = await renter();
    const paying = await pay(r);
    expect(paying).toMatchObject({ ok: false, status: 409, body: { error: 'refused', due: 'rentalContract' } });
    const pickup = await r.step({ type: 'pickup.confirm' });
    expect(pickup).toMatchObject({ ok: false, status: 409, body: { error: 'refused' } });
    expect(r.journey().version).toBe(1);
    const paid = await renterAt('paid');
    expect(await paid.step({ type: 'return.accept' })).toMatchObject({ status: 409, body: { error: 'refused', due: 'carPickup' } });
    const chargesOf = async (bookingId: string) => (await moves(bookingId)).filter((o) => o.kind === 'charge');
    expect(await chargesOf(r.journey().bookingId)).toHaveLength(0); // refused payment: no charge
    expect(await chargesOf(paid.journey().bookingId)).toHaveLength(1); // the refused return charged nothing more
  });

  it('bad bodies get 400 with a code per field: fractional days, a foreign car, a forged event, an amount', async () => {
    const r = await renterAt('pickedUp');
    const id = r.journey().bookingId;
    const version = r.journey().version;
    const send = (body: unknown) => r.json('POST', `/api/bookings/${id}/events`, body);
    const cases: [unknown, Record<string, string>][] = [
      [{ event: { type: 'rental.extend', days: 1.5 }, version }, { 'event.days': 'invalid' }],
      [{ event: { type: 'rental.extend', days: -2 }, version }, { 'event.days': 'invalid' }],
      [{ event: { type: 'booking.start', carId: 'constructor' }, version }, { 'event.carId': 'invalid' }],
      [{ event: { type: 'deposit.deduct', deduction: { kind: 'fine', amount: -50_000, adminFee: 0 } }, version }, { 'event.type': 'invalid' }],
      [{ event: { type: 'xstate.done.actor.openCheckout', output: {} }, version }, { 'event.type': 'invalid' }],
      // The provider's news is the server's to read from the provider: never a renter's to send.
      [{ event: { type: 'payment.completed', sessionId: 'cs_x', reference: 'pi_x', cardToken: 'cus_x/pm_x' }, version }, { 'event.type': 'invalid' }],
      // The server's own step (server/journey/noShows.ts): never a renter's to send.
      [{ event: { type: 'booking.noShow' }, version }, { 'event.type': 'invalid' }],
      // No card ever comes to us, nor an amount: a body with them is refused whole.
      [{ event: { type: 'payment.submit', consent: true, card: { number: '4242 4242 4242 4242', expiry: '12/30', cvv: '123' } }, version }, { event: 'invalid' }],
      [{ event: { type: 'payment.submit', consent: true, amount: 1 }, version }, { event: 'invalid' }],
      [{ event: { type: 'rental.confirmExtension' } }, { version: 'required' }],
    ];
    for (const [body, fields] of cases) {
      const response = await send(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json(), JSON.stringify(body)).toEqual({ error: 'invalid', fields });
    }
    const text = await r.request(`/api/bookings/${id}/events`, { method: 'POST', body: 'event=rental.extend', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(text.status).toBe(415);
    expect(r.journey().version).toBe(version);
  });

  it('the money adds up, computed by the server: rental with VAT, deposit held, extension charged, fuel taken, refund released', async () => {
    const r = await renterAt('signed');
    // Camry, 5 days at AED 240: 1,200.00 + VAT 60.00 = 1,260.00; deposit 1,500.00 held at pickup, not charged.
    const paid = await pay(r);
    expect(paid.ok).toBe(true);
    let c = contextOf(r.journey());
    expect(c.payment).toMatchObject({ last4: '4242', amount: 126_000 });
    expect(c.deposit).toBeNull();
    await r.step({ type: 'payment.proceed' });
    await pickUp(r);
    expect(contextOf(r.journey()).deposit).toMatchObject({ amount: 150_000 });
    // Two more days: 480.00 + VAT 24.00 = 504.00, charged to the card on file when confirmed.
    await r.step({ type: 'rental.extend', days: 2 });
    const extended = await r.step({ type: 'rental.confirmExtension' });
    expect(extended.ok).toBe(true);
    c = contextOf(r.journey());
    expect(c.extensions).toEqual([expect.objectContaining({ days: 2, price: expect.objectContaining({ cost: 48_000, vat: 2_400, total: 50_400 }) })]);
    expect(c.booking.dropoffAt - c.booking.pickupAt).toBe(5 * DAY_MS); // the booking as booked; the extension is its own line
    await r.step({ type: 'return.start' });
    // Checked in at the counter half a tank short of 60 L: 30 L at AED 2.85 = 85.50, taken from the deposit.
    expect((await checkInAtCounter(r, { fuel: '1/2' })).ok).toBe(true);
    const settled = await r.step({ type: 'return.accept' });
    expect(settled.ok).toBe(true);
    c = contextOf(r.journey());
    const ledger = ledgerOf(c);
    expect(ledger).toMatchObject({
      rentalTotal: 126_000 + 50_400,
      charged: 126_000 + 50_400,
      deductionsTotal: 8_550,
      refund: 150_000 - 8_550,
      due: 0,
      deposit: { amount: 150_000, state: 'settled' },
    });
    expect(c.refund).toMatchObject({ refunded: 141_450, captured: 8_550, due: 0 });
    expect(c.refund!.releaseBy - c.returnedAt!).toBe(30 * DAY_MS);
    // The provider's own books agree with the ledger: the deposit captured for the fuel, the rest released.
    const mine = await moves(r.journey().bookingId);
    expect(mine.map((o) => [o.kind, o.amount]).sort()).toEqual(
      [['charge', 126_000], ['charge', 50_400], ['hold', 150_000], ['capture', 8_550], ['release', 141_450]].sort(),
    );
    expect((await r.step({ type: 'return.finish' })).ok).toBe(true);
  });

  it('the declined test card is charged nothing and held nothing; the journey says why, and another card pays', async () => {
    const r = await renterAt('signed');
    const declined = await pay(r, CARDS.declined);
    expect(declined).toMatchObject({ ok: false, body: { error: 'cardDeclined' } });
    expect(valueOf(r.journey())).toEqual({ signedIn: { payment: 'atProvider' } });
    expect(contextOf(r.journey())).toMatchObject({ payment: null, deposit: null, error: 'cardDeclined' });
    expect(await moves(r.journey().bookingId)).toEqual([]);
    expect((await pay(r)).ok).toBe(true);
  });

  it('two tabs opening the payment at once: one page; the other tab is told the journey moved on', async () => {
    const r = await renterAt('signed');
    const { bookingId, version } = r.journey();
    const open = () => r.json('POST', `/api/bookings/${bookingId}/events`, { event: { type: 'payment.submit', consent: true }, version });
    const answers = await Promise.all([open(), open()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const conflict = await answers.find((a) => a.status === 409)!.json();
    expect(conflict.error).toBe('conflict');
    // The booking has the winning tab's page: the other tab, reloaded, offers the same one.
    const won = (await answers.find((a) => a.status === 200)!.json()) as { journey: Parameters<typeof contextOf>[0] };
    await r.refresh();
    expect(contextOf(r.journey()).paymentSession!.sessionId).toBe(contextOf(won.journey).paymentSession!.sessionId);
  });

  it('a step from a stale version (another window moved on) is a 409 conflict with the journey as it is now', async () => {
    const r = await renter();
    const { bookingId } = r.journey();
    const first = await r.json('POST', `/api/bookings/${bookingId}/events`, { event: { type: 'contract.acceptTerms' }, version: 1 });
    expect(first.status).toBe(200);
    const stale = await r.json('POST', `/api/bookings/${bookingId}/events`, { event: { type: 'contract.acceptTerms' }, version: 1 });
    expect(stale.status).toBe(409);
    const body = await stale.json();
    expect(body).toMatchObject({ error: 'conflict', journey: { version: 2 } });
    expect(body.journey.journey.snapshot.value).toEqual({ signedIn: { rentalContract: 'verifyingIdentity' } });
  });

  it('a second browser signed in as the same renter sees the same journey', async () => {
    const r = await renterAt('paid');
    const other = await browser();
    const signIn = await other.api.logIn({ email: r.email, password: 'desert-rose-42', role: 'renter' });
    expect(signIn.ok && signIn.body.journey).toMatchObject({ bookingId: r.journey().bookingId, version: r.journey().version });
  });

  it('who is this: the answer brings the branches of the booking’s company, the desks the pickup and the return send the renter to', async () => {
    const r = await renterAt('paid');
    const session = await r.api.session();
    if (!session.ok || !session.body.journey) throw new Error('no journey');
    const { booking } = contextOf(session.body.journey);
    const branches = session.body.branches!;
    expect(branches.company).toBe(booking.car.company);
    const pickup = branches.list.find((b) => b.place === booking.pickupLocation);
    expect(pickup?.name.en).toMatch(/\S/);
    expect(pickup?.address.ar).toMatch(/\S/);
    // A visitor is answered without any.
    expect(await (await browser()).api.session()).toMatchObject({ ok: true, body: { user: null, branches: null } });
  });

  it('a stored journey that cannot be read is kept for staff; the renter gets a new one and the reason, not an error', async () => {
    const r = await renterAt('signed');
    const { db } = (await server()).deps;
    await db.update(bookings).set({ journey: { version: 3, snapshot: { status: 'active', value: 'x', context: {} } } }).where(eq(bookings.id, r.journey().bookingId));
    const theirs = async () => (await db.select().from(bookings).where(eq(bookings.renterId, r.user.id))).map((b) => b.id);
    // Asking who this is, or for the current booking, writes nothing: there is no journey to show yet.
    const session = await r.api.session();
    expect(session.ok && session.body.user?.email).toBe(r.email);
    expect(session.ok && session.body.journey).toBeNull();
    expect((await r.request('/api/bookings/current')).status).toBe(404);
    expect(await theirs()).toEqual([r.journey().bookingId]);
    // The app, starting on this session, asks for a journey to go on with: a new booking, and the reason shown.
    const app = await startSession(r.api);
    expect(app.getState().user?.email).toBe(r.email);
    const fresh = (await r.api.session()).body as { journey: { bookingId: string } };
    expect(fresh.journey.bookingId).not.toBe(r.journey().bookingId);
    expect(app.notices.get()).toBe('corrupt');
    // The unreadable record is kept for the staff; the renter's list leaves it out.
    expect((await theirs()).sort()).toEqual([r.journey().bookingId, fresh.journey.bookingId].sort());
    const list = await r.api.bookings();
    expect(list.ok && list.body.bookings.map((b) => b.bookingId)).toEqual([fresh.journey.bookingId]);
  });

  it('asking who this is writes nothing, even when the account changed since the journey saw it; signing in brings the journey up to date', async () => {
    const r = await renterAt('signed');
    const { db } = (await server()).deps;
    // Verified by UAE PASS on another device, say: the account row moves on, the journey still has the old renter.
    await db.update(users).set({ verified: true, fullNameAr: 'مريم السويدي' }).where(eq(users.id, r.user.id));
    const before = await db.select().from(bookings).where(eq(bookings.renterId, r.user.id));
    for (let i = 0; i < 2; i++) {
      const session = await r.api.session();
      expect(session.ok && session.body.journey).toMatchObject({ bookingId: r.journey().bookingId, version: r.journey().version });
    }
    expect(await db.select().from(bookings).where(eq(bookings.renterId, r.user.id))).toEqual(before);
    // Signing in (a POST) is where the journey takes the account as it is now.
    const again = await browser();
    const signIn = await again.api.logIn({ email: r.email, password: 'desert-rose-42', role: 'renter' });
    expect(signIn.ok && signIn.body.journey).toMatchObject({ bookingId: r.journey().bookingId, version: r.journey().version + 1 });
    expect(signIn.ok && contextOf(signIn.body.journey!).renter).toMatchObject({ verified: true, fullNameAr: 'مريم السويدي' });
  });

  it('a new booking after a finished rental is a new record; the finished one stays as it was', async () => {
    const r = await renterAt('pickedUp');
    for (const event of [
      { type: 'return.start' },
      { type: 'return.accept' },
      { type: 'return.finish' },
    ])
      expect((await walk(r, event)).ok, event.type).toBe(true);
    const finished = r.journey().bookingId;
    expect((await r.step({ type: 'booking.start', carId: '911' })).ok).toBe(true);
    expect(r.journey().bookingId).not.toBe(finished);
    expect(contextOf(r.journey()).booking.carId).toBe('911');
    const [old] = await (await server()).deps.db.select().from(bookings).where(eq(bookings.id, finished));
    expect(old!.completed).toBe(true);
  });

  it('an account edit is saved on the account too; an e-mail of another account is refused', async () => {
    const r = await renter();
    const other = await renter();
    const profile = { fullName: 'Mariam Saeed Al Suwaidi', phone: '055 123 4567', email: r.email, address: 'Al Barsha' };
    expect((await r.step({ type: 'account.update', profile })).ok).toBe(true);
    const again = await browser();
    const signIn = await again.api.logIn({ email: r.email, password: 'desert-rose-42', role: 'renter' });
    expect(signIn.ok && signIn.body.user.fullName).toBe('Mariam Saeed Al Suwaidi');
    const taken = await r.step({ type: 'account.update', profile: { ...profile, email: other.email } }, PASSWORD);
    expect(taken).toMatchObject({ status: 409, body: { error: 'emailTaken', fields: { email: 'emailTaken' } } });
    // The other account's owner is told someone tried to move an account to their e-mail.
    const told = await (await server()).deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, other.email));
    expect(told.map((m) => m.subject)).toContain('Someone tried to use your e-mail on Move car');
    const invalid = await r.step({ type: 'account.update', profile: { ...profile, phone: '123' } });
    expect(invalid).toMatchObject({ status: 400, body: { error: 'invalid', fields: { phone: 'mobile' } } });
  });
});

describe(`a restart of the server (${engine()})`, () => {
  it('keeps accounts, sessions and the journey', async () => {
    const r = await renterAt('paid');
    const before = r.journey();
    await (await server()).restart();
    const session = await r.api.session();
    expect(session.ok && session.body.user?.email).toBe(r.email.toLowerCase());
    expect(session.ok && session.body.journey).toMatchObject({ bookingId: before.bookingId, version: before.version });
    const again = await browser();
    expect((await again.api.logIn({ email: r.email, password: 'desert-rose-42', role: 'renter' })).ok).toBe(true);
  });
});
