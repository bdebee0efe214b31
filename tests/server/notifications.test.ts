// Notifications are the server's records per user: made by what happens (a payment confirms a
// booking), listed newest first to their owner only, marked read by their owner, and the optional
// kinds skipped while the user has them off.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { liveEvents, notifications } from '../../server/db/schema';
import { notify, type NotificationKind } from '../../server/notifications/store';
import { browser, pay, CARDS, contextOf, manager, renter, renterAt, server } from './helpers';
import { importAndWait } from '../support/imports';

const db = async () => (await server()).deps.db;

/** The user's list as the API gives it. */
async function listOf(b: Awaited<ReturnType<typeof browser>>) {
  const answer = await b.api.notifications();
  if (!answer.ok) throw new Error(`list: ${answer.status}`);
  return answer.body;
}

async function record(
  userId: string,
  kind: NotificationKind,
  params?: Record<string, string | number>,
  link?: string,
) {
  await notify(await db(), new Date(), userId, kind, params, link);
}

describe('notifications', () => {
  it('a renter who pays gets bookingConfirmed with the booking number and car, once', async () => {
    const r = await renterAt('signed');
    expect((await listOf(r)).notifications).toEqual([]);
    await pay(r, CARDS.declined); // declined
    expect((await listOf(r)).unread).toBe(0);
    expect((await pay(r)).ok).toBe(true);
    await r.step({ type: 'payment.proceed' });
    const { notifications: list, unread } = await listOf(r);
    const { model } = contextOf(r.journey()).booking.car;
    expect(list).toEqual([
      {
        id: expect.any(String),
        kind: 'bookingConfirmed',
        params: { number: r.journey().number, model },
        link: 'bookingDetails',
        read: false,
        createdAt: expect.any(Number),
      },
    ]);
    expect(Math.abs(list[0]!.createdAt - Date.now())).toBeLessThan(60_000);
    expect(unread).toBe(1);
  });

  it('money the renter’s own steps move is said: new dates refunded or charged, days added, a cancellation’s refund', async () => {
    const r = await renterAt('paid');
    const { booking } = contextOf(r.journey());
    const trip = { pickupLocation: booking.pickupLocation, dropoffLocation: booking.dropoffLocation, pickupAt: booking.pickupAt, dropoffAt: booking.dropoffAt };
    const day = 24 * 60 * 60 * 1000;
    expect((await r.step({ type: 'booking.modify', trip: { ...trip, dropoffAt: trip.dropoffAt - day } })).ok).toBe(true);
    const refunded = -contextOf(r.journey()).changes.at(-1)!.difference;
    expect((await r.step({ type: 'booking.modify', trip })).ok).toBe(true);
    const charged = contextOf(r.journey()).changes.at(-1)!.difference;
    expect((await r.step({ type: 'booking.cancel' })).ok).toBe(true);
    const { cancellation } = contextOf(r.journey());
    const number = r.journey().number;
    const money = (await listOf(r)).notifications.filter((n) => n.kind !== 'bookingConfirmed').map(({ kind, params, link }) => ({ kind, params, link }));
    // Newest first.
    expect(money).toEqual([
      { kind: 'bookingCancelled', params: { number, model: booking.car.model, amount: cancellation!.refunded }, link: 'bookingDetails' },
      { kind: 'changeCharged', params: { number, amount: charged }, link: 'bookingDetails' },
      { kind: 'changeRefunded', params: { number, amount: refunded }, link: 'bookingDetails' },
    ]);
    expect(refunded).toBeGreaterThan(0);
    expect(charged).toBe(refunded);

    const out = await renterAt('pickedUp');
    expect((await out.step({ type: 'rental.extend', days: 2 })).ok).toBe(true);
    expect((await out.step({ type: 'rental.confirmExtension' })).ok).toBe(true);
    const extension = contextOf(out.journey()).extensions.at(-1)!;
    const [said] = (await listOf(out)).notifications.filter((n) => n.kind === 'extensionCharged');
    expect(said).toMatchObject({ params: { number: out.journey().number, days: 2, amount: extension.price.total }, link: 'bookingDetails' });
  });

  it('the list is the user’s own, newest first, at most 100; marking someone else’s ids changes nothing', async () => {
    const a = await renter();
    const b = await renter();
    await record(a.user.id, 'accountAlert', { event: 'newSignIn' });
    await record(b.user.id, 'consentRequested', { amount: 50_000, code: '2301' }, 'trafficViolation');
    const mine = await listOf(a);
    expect(mine.notifications.map((n) => n.kind)).toEqual(['accountAlert']);
    expect((await listOf(b)).notifications.map((n) => n.kind)).toEqual(['consentRequested']);

    expect(await b.api.markNotificationsRead({ ids: [mine.notifications[0]!.id] })).toMatchObject({
      ok: true,
      body: { unread: 1 },
    });
    expect((await listOf(a)).unread).toBe(1);

    const start = Date.now() - 200 * 60_000;
    await (await db()).insert(notifications).values(
      Array.from({ length: 105 }, (_, i) => ({
        userId: b.user.id,
        kind: 'generalUpdate',
        params: { i },
        createdAt: new Date(start + i * 60_000),
      })),
    );
    const many = await listOf(b);
    expect(many.notifications).toHaveLength(100);
    expect(many.notifications[0]!.kind).toBe('consentRequested'); // the newest
    const times = many.notifications.map((n) => n.createdAt);
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(many.unread).toBe(106);
  });

  it('marks by ids, then all; the unread count follows', async () => {
    const r = await renter();
    for (const kind of ['accountAlert', 'fineDeducted', 'salikCharged'] as const)
      await record(r.user.id, kind, { amount: 1_000 });
    const { notifications: list, unread } = await listOf(r);
    expect(unread).toBe(3);
    expect(await r.api.markNotificationsRead({ ids: [list[0]!.id, list[1]!.id] })).toMatchObject({
      ok: true,
      body: { unread: 1 },
    });
    const after = await listOf(r);
    expect(after.notifications.map((n) => n.read)).toEqual([true, true, false]);
    expect(after.unread).toBe(1);
    expect(await r.api.markNotificationsRead({ all: true })).toMatchObject({ ok: true, body: { unread: 0 } });
    expect((await listOf(r)).notifications.every((n) => n.read)).toBe(true);
    // Each new one and each marking was pushed to the user's open screens (their other windows too).
    const pushed = await (
      await db()
    )
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.userId, r.user.id), eq(liveEvents.topic, 'notifications')));
    expect(pushed).toHaveLength(5);
  });

  it('off, the company activating the contract is not said; the fine it passes on with consent asked still is', async () => {
    const r = await renterAt('pickedUp');
    await r.api.saveNotificationPreferences(false);
    const m = await manager();
    const list = await m.api.contracts({ q: r.journey().number });
    const contract = list.ok ? list.body.contracts[0]! : null;
    const settings = await m.api.saveTransferSettings(contract!.code, { mode: 'automatic', notify: true, consent: true }, contract!.version);
    if (!settings.ok) throw new Error('settings');
    const active = await m.api.saveSetup(contract!.code, { carId: 'camry', bookingLinked: true, violationTransfer: true }, settings.body.contract.version);
    expect(active.ok && active.body.contract.status).toBe('active');
    const at = new Date(contextOf(r.journey()).pickedUpAt! + 60_000).toISOString();
    const csv = `reference,type,plate,date_time,location,code,description,amount,black_points\nPREF-${Date.now()},fine,Dubai K 48213,${at},Al Khail Road,SPEED-20,Speeding,500,4\n`;
    const imported = await importAndWait(m.api, csv);
    expect(imported.ok && imported.body.report.matched).toHaveLength(1);
    const kinds = (await listOf(r)).notifications.map((n) => n.kind);
    expect(kinds).toContain('consentRequested');
    expect(kinds).toContain('fineTransferNotice');
    expect(kinds).not.toContain('contractActive');
  });

  it('with notifications off, an optional kind is not recorded and a required one still is', async () => {
    const r = await renter();
    expect(await r.api.notificationPreferences()).toMatchObject({
      ok: true,
      body: { notificationsOn: true },
    });
    expect(await r.api.saveNotificationPreferences(false)).toMatchObject({
      ok: true,
      body: { notificationsOn: false },
    });
    expect(await r.api.notificationPreferences()).toMatchObject({
      ok: true,
      body: { notificationsOn: false },
    });
    await record(r.user.id, 'specialOffer');
    await record(r.user.id, 'accountAlert', { event: 'passwordChanged' });
    expect((await listOf(r)).notifications.map((n) => n.kind)).toEqual(['accountAlert']);
    await r.api.saveNotificationPreferences(true);
    await record(r.user.id, 'pickupReminder', { model: 'Toyota Camry', at: Date.now() });
    expect((await listOf(r)).notifications.map((n) => n.kind)).toEqual(['pickupReminder', 'accountAlert']);
  });

  it('a contract manager has notifications too', async () => {
    const m = await manager();
    expect((await m.request('/api/notifications')).status).toBe(200);
    expect((await m.request('/api/notifications/preferences')).status).toBe(200);
  });

  it('signed out: 401 everywhere', async () => {
    const b = await browser();
    expect((await b.request('/api/notifications')).status).toBe(401);
    expect((await b.json('POST', '/api/notifications/read', { all: true })).status).toBe(401);
    expect((await b.request('/api/notifications/preferences')).status).toBe(401);
    expect((await b.json('PUT', '/api/notifications/preferences', { notificationsOn: false })).status).toBe(
      401,
    );
  });

  it('bad bodies get 400 with a code per field; nothing changes', async () => {
    const r = await renter();
    await record(r.user.id, 'accountAlert');
    const cases: [string, string, unknown, Record<string, string>][] = [
      ['POST', '/api/notifications/read', {}, { ids: 'required' }],
      ['POST', '/api/notifications/read', { ids: ['not-a-uuid'] }, { 'ids.0': 'invalid' }],
      ['POST', '/api/notifications/read', { ids: [] }, { ids: 'invalid' }],
      ['POST', '/api/notifications/read', { all: false }, { all: 'invalid' }],
      ['POST', '/api/notifications/read', { all: true, ids: [crypto.randomUUID()] }, { ids: 'invalid' }],
      ['POST', '/api/notifications/read', { all: true, userId: r.user.id }, { _: 'invalid' }],
      ['PUT', '/api/notifications/preferences', {}, { notificationsOn: 'required' }],
      ['PUT', '/api/notifications/preferences', { notificationsOn: 'no' }, { notificationsOn: 'invalid' }],
      ['PUT', '/api/notifications/preferences', { notificationsOn: false, extra: 1 }, { _: 'invalid' }],
      ['PUT', '/api/notifications/preferences', { email: { newsletters: false } }, { email: 'invalid' }],
      ['PUT', '/api/notifications/preferences', { email: { fines: 'off' } }, { 'email.fines': 'invalid' }],
    ];
    for (const [method, path, body, fields] of cases) {
      const response = await r.json(method, path, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json(), JSON.stringify(body)).toEqual({ error: 'invalid', fields });
    }
    const text = await r.request('/api/notifications/read', {
      method: 'POST',
      body: 'all=true',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(text.status).toBe(415);
    expect((await listOf(r)).unread).toBe(1);
    expect(await r.api.notificationPreferences()).toMatchObject({ body: { notificationsOn: true } });
  });
});
