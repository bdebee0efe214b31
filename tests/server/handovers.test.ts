// The handover at the counter (server/handovers): the company's agent records the car with photos,
// the renter confirms the same record or flags a difference, and the car is out only when both have
// done their part. Every refusal through the API, as the counter's and the renter's browsers call it.
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { carOf } from '../../machines/sampleFleet';
import { liveEvents } from '../../server/db/schema';
import { SAMPLE_AGENT, SECOND_AGENT } from '../../server/seed';
import { travelTo } from '../support/clock';
import { browser, CHECKOUT, contextOf, counter, manager, PNG, renterAt, server, tripIn } from './helpers';

/** A trip a few hours ahead (its own hours, so the files' bookings of one car never meet). */
const live = async (userId: string, ref: string) =>
  (await (await server()).deps.db.select().from(liveEvents).where(and(eq(liveEvents.userId, userId), eq(liveEvents.ref, ref)))).map((e) => e.topic);

describe('the handover at the counter: two people, one record', () => {
  it('the agent records the car with photos, the renter flags a difference, the agent records it again, the renter confirms: the car is out', async () => {
    const t = tripIn(40, 2, 'downtown');
    const r = await renterAt('paid', { carId: 'camry', trip: t });
    const number = r.journey().number;
    const agent = await counter('camry');
    travelTo(t.pickupAt - 10 * 60_000);

    // The counter's list has it, ready; the booking shows the renter's identity and documents.
    const list = await agent.api.handovers();
    expect(list.ok && list.body.handovers.find((h) => h.number === number)).toMatchObject({ state: 'open', renter: 'Mariam Al Suwaidi', carId: 'camry' });
    const view = await agent.api.handover(number);
    if (!view.ok) throw new Error('no handover');
    // With the documents' last valid days the renter gave at registration, for the agent to check on the cards.
    expect(view.body.handover.renter).toMatchObject({
      fullName: 'Mariam Al Suwaidi',
      emiratesId: '784-1990-1234567-6',
      emiratesIdExpiry: '2031-01-31',
      licenceExpiry: '2030-06-30',
    });
    expect(view.body.handover.documents.map((d) => d.kind).sort()).toEqual(['emiratesId', 'emiratesIdBack', 'licence']);
    const licence = view.body.handover.documents.find((d) => d.kind === 'licence')!;
    expect((await agent.request(`/api/documents/${licence.id}`)).status).toBe(200);

    // Refused by field, nothing kept: an expired licence, no photo, the identity unchecked.
    const photo = await agent.photo(number);
    expect(await agent.record(number, { photos: [photo], licenceExpiry: '2021-03-31' })).toMatchObject({
      status: 400,
      body: { error: 'invalid', fields: { licenceExpiry: 'licenceExpired' } },
    });
    expect(await agent.record(number, { photos: [] })).toMatchObject({ status: 400, body: { fields: { photos: 'photosRequired' } } });
    expect(await agent.record(number, { photos: [photo], identityChecked: false })).toMatchObject({
      status: 400,
      body: { fields: { identityChecked: 'identityUnchecked' } },
    });
    await r.refresh();
    expect(contextOf(r.journey()).checkout).toBeNull();

    // Recorded: the renter's phone has the same record, and a notice to check it.
    const recorded = await agent.record(number, { photos: [photo] });
    expect(recorded.ok && recorded.body.handover.state).toBe('recorded');
    // The licence the agent read (CHECKOUT's, renewed since registration) is the account's from now on.
    expect(recorded.ok && recorded.body.handover.renter.licenceExpiry).toBe(CHECKOUT.licenceExpiry);
    expect(await live(r.user.id, number)).toContain('journey');
    await r.refresh();
    expect(contextOf(r.journey()).checkout).toMatchObject({
      odometerKm: carOf('camry').odometerKm + 120,
      fuel: 'F',
      damage: CHECKOUT.damage,
      photos: [photo],
      agent: SAMPLE_AGENT.name,
      flag: null,
    });
    const notices = await r.api.notifications();
    expect(notices.ok && notices.body.notifications.map((n) => n.kind)).toContain('handoverRecorded');
    // The photo is the renter's to see as evidence.
    const own = await r.request(`/api/handovers/photos/${photo}`);
    expect(own.status).toBe(200);
    // The same picture, kept re-encoded without its metadata (tests/server/photos.test.ts).
    const served = Buffer.from(await own.arrayBuffer());
    expect(await sharp(served).raw().toBuffer()).toEqual(await sharp(PNG).raw().toBuffer());

    // A difference flagged: the counter sees it at once (live), and the renter cannot confirm meanwhile.
    expect((await r.step({ type: 'pickup.flag', note: 'The tank is half full' })).ok).toBe(true);
    const flagged = await agent.api.handover(number);
    expect(flagged.ok && flagged.body.handover).toMatchObject({ state: 'flagged', checkout: { flag: { note: 'The tank is half full' } } });
    const agentUser = (await agent.api.session()).ok ? ((await agent.api.session()) as { body: { user: { id: string } } }).body.user.id : '';
    expect(await live(agentUser, number)).toContain('journey');
    expect(await r.step({ type: 'pickup.confirm' })).toMatchObject({ status: 409, body: { error: 'refused' } });

    // Recorded again (the fuel corrected): the flag is cleared, the renter confirms, the car is out.
    expect((await agent.record(number, { photos: [photo], fuel: '1/2' })).ok).toBe(true);
    await r.refresh();
    expect(contextOf(r.journey()).checkout).toMatchObject({ fuel: '1/2', flag: null });
    expect((await r.step({ type: 'pickup.confirm' })).ok).toBe(true);
    const out = await agent.api.handover(number);
    expect(out.ok && out.body.handover.state).toBe('out');
    // Out: nothing is recorded over the evidence.
    expect(await agent.record(number, { photos: [photo] })).toMatchObject({ status: 409, body: { error: 'refused' } });
  });

  it('only the company’s own people see its handovers; renters, other companies and strangers get nothing', async () => {
    const t = tripIn(44, 2, 'downtown');
    const r = await renterAt('paid', { carId: 'bmw-7', trip: t });
    const number = r.journey().number;
    const agent = await counter('bmw-7');
    const photo = await agent.photo(number);

    // A renter, even the booking's own, is not the counter.
    expect((await r.request('/api/handovers')).status).toBe(403);
    expect((await r.request(`/api/handovers/${number}`)).status).toBe(403);
    expect((await (await browser()).request('/api/handovers')).status).toBe(401);
    // Another company's agent: not in its list, not found by number, no photo, no upload.
    const other = await counter('patrol');
    expect(SECOND_AGENT.company).not.toBe(SAMPLE_AGENT.company);
    const theirs = await other.api.handovers();
    expect(theirs.ok && theirs.body.handovers.some((h) => h.number === number)).toBe(false);
    expect(await other.api.handover(number)).toMatchObject({ ok: false, status: 404 });
    expect((await other.request(`/api/handovers/photos/${photo}`)).status).toBe(404);
    expect(await other.api.uploadHandoverPhoto(number, new File([PNG], 'x.png', { type: 'image/png' }))).toMatchObject({ ok: false, status: 404 });
    // Another renter never sees the photo.
    const stranger = await renterAt('signed');
    expect((await stranger.request(`/api/handovers/photos/${photo}`)).status).toBe(404);
    // An agent is not a manager: the contracts stay the managers'.
    expect((await agent.request('/api/contracts')).status).toBe(403);
    // A manager of the company can stand in at the counter.
    const boss = await manager();
    expect((await boss.api.handover(number)).ok).toBe(true);
    // What is not a photo is refused by its content, whatever its name.
    const fake = await agent.api.uploadHandoverPhoto(number, new File(['%PDF-1.4 not a photo'], 'car.jpg', { type: 'image/jpeg' }));
    expect(fake).toMatchObject({ status: 400, body: { fields: { photo: 'fileType' } } });
    // A photo of another booking is no evidence of this one.
    const second = await renterAt('paid', { carId: 'camry', trip: tripIn(60, 2, 'downtown') });
    travelTo(t.pickupAt);
    const foreign = await agent.photo(second.journey().number);
    expect(await agent.record(number, { photos: [foreign] })).toMatchObject({ status: 400, body: { fields: { photos: 'photosRequired' } } });
    // An empty flag is no flag.
    expect((await agent.record(number, { photos: [photo] })).ok).toBe(true);
    await r.refresh();
    expect(await r.step({ type: 'pickup.flag', note: '   ' })).toMatchObject({ status: 400, body: { error: 'invalid' } });
  });
});
