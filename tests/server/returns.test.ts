// The return at the counter (server/handovers): the company's agent checks the car in with photos and
// priced charges, the renter accepts them or disputes one, the company's manager upholds or waives a
// dispute, and only then is the deposit settled. Every refusal through the API, as each side's
// browser calls it.
import { describe, expect, it } from 'vitest';
import { carOf } from '../../machines/sampleFleet';
import { DAY_MS } from '../../machines/money';
import { SAMPLE_ADMIN, SECOND_AGENT, SECOND_MANAGER } from '../../server/seed';
import { travelTo } from '../support/clock';
import { browser, moves, checkInAtCounter, contextOf, counter, manager, PNG, renter, renterAt, tripIn, valueOf } from './helpers';

const HOUR = 3_600_000;
/** A trip a few hours ahead, two days long (its own hours, so the file's bookings of one car never meet). */
const kindsOf = async (r: Awaited<ReturnType<typeof renter>>) => {
  const notices = await r.api.notifications();
  return notices.ok ? notices.body.notifications.map((n) => n.kind) : [];
};
/** What the provider did for a booking, by purpose. */
const operations = (bookingId: string) => moves(bookingId);

describe('the return at the counter: checked in, answered, settled by the company', () => {
  it('the agent checks the car in with priced charges; a disputed charge is waived by the manager, who settles the deposit', async () => {
    const t = tripIn(30);
    const r = await renterAt('pickedUp', { carId: 'camry', trip: t });
    const number = r.journey().number;
    const agent = await counter('camry');
    const due = t.dropoffAt;
    /** Where the rental stands on the renter's current-rental card (Home, Reservations). */
    const phase = async () => {
      const answer = await r.api.bookings();
      return answer.ok ? answer.body.bookings.find((b) => b.number === number)?.phase : undefined;
    };
    expect(await phase()).toBe('onRent');
    travelTo(due - 20 * 60_000);

    // The renter's own photo of the car, kept as evidence (nobody else's booking takes it).
    const mine = await r.api.uploadReturnPhoto(number, new File([PNG], 'side.png', { type: 'image/png' }));
    if (!mine.ok) throw new Error('the renter’s photo was refused');
    const stranger = await renter();
    expect(await stranger.api.uploadReturnPhoto(number, new File([PNG], 'x.png', { type: 'image/png' }))).toMatchObject({ status: 404 });

    // On the counter's list as a car due back; the booking shows what was handed over.
    const list = await agent.api.handovers();
    expect(list.ok && list.body.handovers.find((h) => h.number === number)).toMatchObject({ kind: 'return', state: 'out' });

    // Refused by field, nothing kept: the odometer below the check-out's, no photo, other damage without an amount or a reason.
    const photo = await agent.photo(number);
    const view = await agent.api.handover(number);
    if (!view.ok) throw new Error('no handover');
    const km = view.body.handover.handedOverKm;
    expect(km).toBe(carOf('camry').odometerKm + 120);
    expect(await agent.checkIn(number, { photos: [photo], odometer: String(km - 1) })).toMatchObject({
      status: 400,
      body: { error: 'invalid', fields: { odometer: 'mileageBelow' } },
    });
    expect(await agent.checkIn(number, { photos: [] })).toMatchObject({ status: 400, body: { fields: { photos: 'photosRequired' } } });
    expect(await agent.checkIn(number, { photos: [photo], damage: [{ item: 'other', amount: '', note: '' }] })).toMatchObject({
      status: 400,
      body: { fields: { 'damage.0.amount': 'required', 'damage.0.note': 'required', 'damage.0.photos': 'photosRequired' } },
    });
    // A photo of the renter's, or of the pickup, is not the counter's evidence of the return.
    expect(await agent.checkIn(number, { photos: [mine.body.photo.id] })).toMatchObject({ status: 400, body: { fields: { photos: 'photosRequired' } } });
    // Another company's agent does not see the booking; a renter cannot check a car in.
    const other = await counter('patrol');
    expect(await other.api.recordCheckin(number, { odometer: '20000', fuel: 'F', damage: [], photos: [photo] }, view.body.handover.version)).toMatchObject({ status: 404 });
    expect((await r.json('POST', `/api/handovers/${number}/checkin`, { checkin: { odometer: '20000', fuel: 'F', damage: [], photos: [photo] }, version: 1 })).status).toBe(403);
    await r.refresh();
    expect(contextOf(r.journey()).checkin).toBeNull();

    // Checked in: half a tank short (handed over full) and a scratch from the price list, on time.
    const checked = await agent.checkIn(number, { photos: [photo], fuel: '1/2', damage: [{ item: 'scratch', amount: '', note: 'Rear bumper', photos: [photo] }] });
    expect(checked.ok && checked.body.handover).toMatchObject({ state: 'checkedIn', renterPhotos: [mine.body.photo.id] });
    await r.refresh();
    const lines = contextOf(r.journey()).deductions;
    // Camry: 60 L tank, 30 L × AED 2.85 = 85.50; the scratch AED 350 from the list.
    expect(lines.map((d) => [d.kind, d.amount])).toEqual([['fuel', 8_550], ['damage', 35_000]]);
    // The scratch carries the check-in photo that shows it, the renter's to open.
    expect(lines[1]!.damage).toEqual({ item: 'scratch', note: 'Rear bumper', photos: [photo] });
    expect((await r.request(`/api/handovers/photos/${photo}`)).status).toBe(200);
    expect(valueOf(r.journey())).toEqual({ signedIn: { carReturn: 'reviewing' } });
    expect(await kindsOf(r)).toContain('returnRecorded');
    expect(await phase()).toBe('review');
    // The car's record reads what it came back with: the next booking of it starts from there.
    const admin = await browser();
    expect((await admin.api.logIn({ email: SAMPLE_ADMIN.email, password: SAMPLE_ADMIN.password, role: 'staff' })).ok).toBe(true);
    expect(await (await admin.request('/api/fleet/camry')).json()).toMatchObject({ car: { odometerKm: String(km + 350) } });
    const next = await renter();
    expect((await next.step({ type: 'booking.start', carId: 'camry', trip: tripIn(24 * 40) })).ok).toBe(true);
    expect(contextOf(next.journey()).booking.car.odometerKm).toBe(km + 350);

    // The renter cannot settle alone, nor dispute without a reason or a line that is not a charge of the check-in.
    expect(await r.step({ type: 'return.dispute', line: 1, reason: ' ' })).toMatchObject({ status: 400 });
    expect(await r.step({ type: 'return.dispute', line: 7, reason: 'Not mine' })).toMatchObject({ status: 409, body: { error: 'refused' } });
    expect((await r.step({ type: 'return.dispute', line: 1, reason: 'It was there at pickup' })).ok).toBe(true);
    // Once disputed, the counter cannot rewrite the check-in.
    expect(await agent.checkIn(number, { photos: [photo] })).toMatchObject({ status: 409, body: { error: 'refused' } });
    expect((await r.step({ type: 'return.accept' })).ok).toBe(true);
    expect(valueOf(r.journey())).toEqual({ signedIn: { carReturn: 'awaitingDecision' } });
    expect(await phase()).toBe('decision');
    expect(contextOf(r.journey()).refund).toBeNull();
    expect((await operations(r.journey().bookingId)).filter((o) => o.kind === 'capture' || o.kind === 'release')).toEqual([]);

    // The decision is a manager's of the car's company: not the agent's, not another company's manager's.
    const decision = { line: 1, outcome: 'waived' as const, note: 'The pickup photos show it', version: r.journey().version };
    expect(await agent.api.decideDispute(number, decision)).toMatchObject({ status: 403 });
    const otherManager = await browser();
    expect((await otherManager.api.logIn({ email: SECOND_MANAGER.email, password: SECOND_MANAGER.password, role: 'staff' })).ok).toBe(true);
    expect(await otherManager.api.decideDispute(number, decision)).toMatchObject({ status: 404 });
    const boss = await manager();
    expect(await boss.api.decideDispute(number, { ...decision, note: '' })).toMatchObject({ status: 400 });
    expect(await boss.api.decideDispute(number, { ...decision, line: 0 })).toMatchObject({ status: 409, body: { error: 'refused' } });
    const decided = await boss.api.decideDispute(number, decision);
    expect(decided.ok && decided.body.handover.state).toBe('settled');

    // Settled: the fuel captured from the hold, the scratch waived and listed at nothing, the rest released.
    await r.refresh();
    const c = contextOf(r.journey());
    expect(c.deductions[1]!.dispute).toMatchObject({ reason: 'It was there at pickup', decision: { outcome: 'waived', note: 'The pickup photos show it' } });
    expect(c.refund).toMatchObject({ captured: 8_550, refunded: 150_000 - 8_550, due: 0 });
    expect(valueOf(r.journey())).toEqual({ signedIn: { carReturn: 'finalInvoice' } });
    expect(await kindsOf(r)).toEqual(expect.arrayContaining(['disputeDecided', 'depositSettled']));
    // Settled: the card steps aside (the invoice is in Booking Details).
    expect(await phase()).toBe(null);
    expect(await other.api.handovers()).toMatchObject({ ok: true });
  });

  it('accepted without a dispute, the renter’s acceptance settles at once; an early return frees the car and gives back the unused days', async () => {
    const t = tripIn(200, 5);
    const r = await renterAt('pickedUp', { carId: 'yaris', trip: t });
    // Back three days early (two days and a bit used): three whole days unused.
    const at = t.dropoffAt - 3 * DAY_MS - HOUR;
    expect((await checkInAtCounter(r, {}, at)).ok).toBe(true);
    const { unused } = contextOf(r.journey()).checkin!;
    const rate = carOf('yaris').dailyRate;
    expect(unused).toEqual({ days: 3, amount: Math.round(rate * 3 * 1.05) });

    // The car is free from the check-in: another renter books it for those days at once.
    const next = await renter();
    const freed = { pickupLocation: 'dxb-t3', dropoffLocation: 'dxb-t3', pickupAt: at + 3 * HOUR, dropoffAt: t.dropoffAt };
    const booked = await next.step({ type: 'booking.start', carId: 'yaris', trip: freed });
    expect(booked.ok, JSON.stringify(booked.ok ? null : booked.body).slice(0, 300)).toBe(true);

    expect((await r.step({ type: 'return.accept' })).ok).toBe(true);
    const c = contextOf(r.journey());
    expect(c.refund).toMatchObject({ captured: 0, refunded: c.deposit!.amount, early: { amount: unused.amount } });
    const refunds = (await operations(r.journey().bookingId)).filter((o) => o.kind === 'refund');
    expect(refunds.map((o) => o.amount)).toEqual([unused.amount]);
  });

  it('a late return is priced by the hour, then by the day, before the agent sends it', async () => {
    const t = tripIn(400);
    const r = await renterAt('pickedUp', { carId: 'camry', trip: t });
    // Three hours and a bit late: four started hours at a quarter of a day's rent (AED 60), with VAT.
    expect((await checkInAtCounter(r, {}, t.dropoffAt + 3 * HOUR + 60_000)).ok).toBe(true);
    expect(contextOf(r.journey()).deductions).toEqual([
      { kind: 'late', amount: 25_200, adminFee: 0, basis: { unit: 'hour', count: 4, price: 6_000, vat: 1_200 } },
    ]);
  });

  it('a stranger cannot see a booking’s return photos; the agent of another company gets nothing', async () => {
    const t = tripIn(600);
    const r = await renterAt('pickedUp', { carId: 'range-rover', trip: t });
    const number = r.journey().number;
    const stranger = await renter();
    expect(await stranger.api.returnPhotos(number)).toMatchObject({ status: 404 });
    const wrong = await counter('camry');
    expect(await wrong.api.handover(number)).toMatchObject({ status: 404 });
    const right = await browser();
    expect((await right.api.logIn({ email: SECOND_AGENT.email, password: SECOND_AGENT.password, role: 'staff' })).ok).toBe(true);
    expect((await right.api.handover(number)).ok).toBe(true);
    // Not out yet, not checked in: nothing to answer.
    expect(await r.step({ type: 'return.accept' })).toMatchObject({ status: 409, body: { error: 'refused' } });
  });
});
