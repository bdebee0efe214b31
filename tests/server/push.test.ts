// Web Push for the renter's phone (server/push), against the local stand-in for a browser's push
// service (server/push/local.ts): it checks the VAPID signature and decrypts each message as the phone
// would. The pickup reminder, a fine passed on and a report's status arrive in the renter's language;
// a device that unsubscribed or went to another account gets nothing more; a busy service is tried again.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pushOutbox, pushSubscriptions } from '../../server/db/schema';
import { remindPickups } from '../../server/journey/reminders';
import { vapidKeys } from '../../server/push/keys';
import { sendDuePushes, webPushTransport } from '../../server/push/queue';
import { browser, manager, renter, renterAt, server, tripIn } from './helpers';
import { fineFor, setUp } from './fines';
import { pushApi } from '../../src/client/push';


type Signed = Awaited<ReturnType<typeof renter>>;

/** A phone of the renter's that turned Web Push on: subscribed with the server's key at the local push service. */
async function phoneOf(r: Signed) {
  const s = await server();
  const key = await pushApi(r.api).key();
  if (!key.ok) throw new Error('no push key');
  const device = s.pushService!.subscribe(key.body.publicKey);
  expect(await pushApi(r.api).save(device)).toMatchObject({ ok: true, body: { subscribed: true } });
  return device;
}

describe('Web Push', () => {
  it('only a signed-in renter turns a phone on, and only at a browser’s push service', async () => {
    const s = await server();
    const anonymous = await browser();
    expect(await pushApi(anonymous.api).key()).toMatchObject({ status: 401 });
    const m = await manager();
    expect(await pushApi(m.api).key()).toMatchObject({ status: 403 });

    const r = await renter();
    const key = await pushApi(r.api).key();
    // The public key only: the private one stays on the server.
    expect(key.ok && Object.keys(key.body)).toEqual(['publicKey']);
    expect(key.ok && key.body.publicKey).toBe((await vapidKeys(s.deps.db, s.config)).publicKey);

    const device = s.pushService!.subscribe();
    for (const endpoint of [
      'http://169.254.169.254/latest/meta-data',
      'https://example.com/push/1',
      'https://fcm.googleapis.com.evil.ae/fcm/send/1',
      'https://user:pw@fcm.googleapis.com/fcm/send/1',
      'https://fcm.googleapis.com:8443/fcm/send/1',
    ]) {
      expect(await pushApi(r.api).save({ ...device, endpoint }), endpoint).toMatchObject({ status: 400, body: { fields: { endpoint: 'notAllowed' } } });
    }
    expect(await pushApi(r.api).save({ ...device, keys: { p256dh: 'short', auth: device.keys.auth } })).toMatchObject({
      status: 400,
      body: { fields: { 'keys.p256dh': 'invalid' } },
    });

    // A real browser's push service is accepted; turned off, the device is forgotten.
    const phone = { ...device, endpoint: 'https://fcm.googleapis.com/fcm/send/dGVzdC1kZXZpY2U' };
    expect((await pushApi(r.api).save(phone)).ok).toBe(true);
    expect(await pushApi(r.api).subscribed(phone.endpoint)).toMatchObject({ body: { subscribed: true } });
    expect(await pushApi(m.api).subscribed(phone.endpoint)).toMatchObject({ status: 403 });
    // Another renter can neither see nor turn off this renter's phone.
    const stranger = await renter();
    expect(await pushApi(stranger.api).subscribed(phone.endpoint)).toMatchObject({ body: { subscribed: false } });
    expect((await pushApi(stranger.api).drop(phone.endpoint)).ok).toBe(true);
    expect(await pushApi(r.api).subscribed(phone.endpoint)).toMatchObject({ body: { subscribed: true } });
    expect(await pushApi(r.api).drop(phone.endpoint)).toMatchObject({ ok: true, body: { subscribed: false } });
    expect(await pushApi(r.api).subscribed(phone.endpoint)).toMatchObject({ body: { subscribed: false } });

    // Turned on again, then signed out: the phone's alerts end with the session.
    expect((await pushApi(r.api).save(phone)).ok).toBe(true);
    expect((await r.api.logOut()).ok).toBe(true);
    expect(await s.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, phone.endpoint))).toEqual([]);
  });

  it('the pickup reminder comes to the phone in the renter’s language, worth showing until the pickup', async () => {
    const s = await server();
    const trip = tripIn(6);
    const r = await renterAt('paid', { carId: 'yaris', trip });
    expect((await r.api.savePreferences({ language: 'ar', currency: 'AED' })).ok).toBe(true);
    const phone = await phoneOf(r);

    // The reminder is sent after this moment: its time to live is counted from then at most.
    const before = Date.now();
    await remindPickups(s.deps);
    const [push, ...more] = await s.pushService!.waitFor(phone.endpoint);
    expect(more).toEqual([]);
    expect(push!.payload).toMatchObject({ title: 'سيارتك Toyota Yaris جاهزة للاستلام', lang: 'ar', link: 'bookingDetails' });
    expect(push!.payload.body).toContain('بتوقيت دبي');
    // Until the pickup, no longer; signed for the local service, by the support desk's address.
    expect(push!.ttl).toBeGreaterThan(5 * 3600);
    expect(push!.ttl).toBeLessThanOrEqual((trip.pickupAt - before) / 1000);
    expect(push!.urgency).toBe('high');
    expect(push!.vapid).toEqual({ aud: s.pushService!.origin, sub: 'mailto:support@movecar.ae' });
  });

  it('a fine passed on and the report’s status reach the phone; one that unsubscribed, or went to another account, gets nothing more', async () => {
    const s = await server();
    const r = await renterAt('pickedUp');
    const m = await manager();
    const phone = await phoneOf(r);
    await setUp(m, r, { mode: 'automatic', notify: true, consent: false });
    const fine = await fineFor(r, m, 500);
    const [finePush] = await s.pushService!.waitFor(phone.endpoint);
    expect(finePush!.payload).toMatchObject({ title: 'A traffic fine was passed to you', lang: 'en', link: 'trafficViolation' });
    expect(finePush!.payload.body).toContain(`(code ${(fine.state as { context: { fine: { code: string } } }).context.fine.code})`);

    const sent = await r.api.reportIncident({ description: 'Flat tyre on the E11', location: '25.20480, 55.27080', more: '' });
    if (!sent.ok) throw new Error(JSON.stringify(sent.body));
    const { reference, id } = sent.body.incident;
    expect((await m.api.setIncidentStatus(id, { status: 'acknowledged' })).ok).toBe(true);
    const pushes = await s.pushService!.waitFor(phone.endpoint, 2);
    expect(pushes[1]!.payload).toMatchObject({ title: `Your report ${reference}`, body: `The rental company has acknowledged your report ${reference}.` });

    // The phone unsubscribed at its push service (410): the next message forgets it.
    s.pushService!.unsubscribe(phone.endpoint);
    expect((await m.api.setIncidentStatus(id, { status: 'closed', note: 'Tyre changed at the roadside' })).ok).toBe(true);
    await expect.poll(async () => (await pushApi(r.api).subscribed(phone.endpoint)).body, { timeout: 10_000 }).toEqual({ subscribed: false });
    expect(await s.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, phone.endpoint))).toEqual([]);

    // Another phone, then signed in by someone else who turns it on: it is theirs, the first renter's fines no longer go there.
    const second = await phoneOf(r);
    const other = await renter();
    expect((await pushApi(other.api).save(second)).ok).toBe(true);
    expect(await pushApi(r.api).subscribed(second.endpoint)).toMatchObject({ body: { subscribed: false } });
    await fineFor(r, m, 300);
    // A message is queued in the same transaction as the notice it carries: none for that phone, none ever.
    const queued = await s.deps.db
      .select({ id: pushOutbox.id })
      .from(pushOutbox)
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
      .where(eq(pushSubscriptions.endpoint, second.endpoint));
    expect(queued).toEqual([]);
    expect(await s.pushService!.waitFor(second.endpoint, 1, 0)).toEqual([]);
  });

  it('a busy push service gets the message again later; one past its time is not sent', async () => {
    const s = await server();
    const r = await renterAt('paid', { carId: 'patrol', trip: tripIn(5) });
    const phone = await phoneOf(r);
    // Busy for the first attempt, whichever worker makes it.
    s.pushService!.failNext(phone.endpoint, 503);
    await remindPickups(s.deps);
    const [device] = await s.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, phone.endpoint));
    await expect
      .poll(async () => (await s.deps.db.select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, device!.id)))[0]?.lastError, { timeout: 10_000 })
      .toBe('503');
    expect(s.pushService!.received.filter((p) => p.endpoint === phone.endpoint)).toEqual([]);
    // A minute later the next attempt goes through.
    const transport = webPushTransport(await vapidKeys(s.deps.db, s.config));
    await sendDuePushes(s.deps.db, transport, new Date(Date.now() + 60_000), s.log);
    expect(await s.pushService!.waitFor(phone.endpoint)).toHaveLength(1);

    // A message whose time has passed (the pickup is over) is given up, not sent.
    await s.deps.db.insert(pushOutbox).values({
      subscriptionId: device!.id,
      payload: { title: 'late', body: 'late', lang: 'en', link: null, tag: 'late' },
      expiresAt: new Date(Date.now() - 1_000),
      nextAttemptAt: new Date(),
    });
    await sendDuePushes(s.deps.db, transport, new Date(), s.log);
    const rows = await s.deps.db.select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, device!.id));
    expect(rows.find((row) => row.payload.title === 'late')).toMatchObject({ sentAt: null, lastError: 'expired' });
    expect(s.pushService!.received.filter((p) => p.endpoint === phone.endpoint)).toHaveLength(1);
  });
});
