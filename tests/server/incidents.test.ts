// Emergency's report reaches the company (server/incidents): attached to the renter's rental that is
// out, its managers see it live and are told; they acknowledge it and close it with a note, and the
// renter sees each step. With no rental out it goes to Move car's support. Nobody else sees it.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { incidentPhotos, liveEvents, mailOutbox } from '../../server/db/schema';
import { housekeeping, UNREPORTED_PHOTO_MS } from '../../server/housekeeping';
import { SECOND_MANAGER } from '../../server/seed';
import { browser, counter, manager, PNG, renterAt, server } from './helpers';

const HOUR = 3_600_000;

const REPORT = { description: 'Rear-ended at a red light, nobody hurt', location: '25.20480, 55.27080', more: 'White Nissan Sunny, Dubai F 12345' };
const liveFor = async (userId: string, ref: string) =>
  (await (await server()).deps.db.select().from(liveEvents).where(and(eq(liveEvents.userId, userId), eq(liveEvents.ref, ref)))).map((e) => e.topic);

describe('incidents', () => {
  it('a report with a rental out reaches the car’s company live; acknowledged, then closed with a note, each told to the renter', async () => {
    const r = await renterAt('pickedUp');
    const sent = await r.api.reportIncident(REPORT);
    if (!sent.ok) throw new Error(JSON.stringify(sent));
    const incident = sent.body.incident;
    expect(incident).toMatchObject({ status: 'received', bookingNumber: r.journey().number, car: { model: 'Toyota Camry', plate: 'Dubai K 48213' }, location: REPORT.location });
    expect(incident.reference).toMatch(/^ER-[0-9A-Z]{6}$/);

    const m = await manager();
    const session = await m.api.session();
    const managerId = session.ok ? session.body.user!.id : '';
    expect(await liveFor(managerId, incident.id)).toContain('incidents');
    const told = await m.api.notifications();
    expect(told.ok && told.body.notifications.find((n) => n.kind === 'incidentReported' && n.params.reference === incident.reference)).toMatchObject({
      params: { number: r.journey().number, model: 'Toyota Camry' },
      link: 'contracts',
    });
    const list = await m.api.incidents();
    expect(list.ok && list.body.incidents.find((i) => i.id === incident.id)).toMatchObject({ renter: 'Mariam Al Suwaidi', description: REPORT.description });

    // Another company's manager sees nothing of it and cannot move it.
    const other = await browser();
    expect((await other.api.logIn({ email: SECOND_MANAGER.email, password: SECOND_MANAGER.password, role: 'staff' })).ok).toBe(true);
    const theirs = await other.api.incidents();
    expect(theirs.ok && theirs.body.incidents.some((i) => i.id === incident.id)).toBe(false);
    expect(await other.api.setIncidentStatus(incident.id, { status: 'acknowledged' })).toMatchObject({ ok: false, status: 404 });

    expect((await m.api.setIncidentStatus(incident.id, { status: 'acknowledged' })).ok).toBe(true);
    // Closing says what was done.
    expect(await m.api.setIncidentStatus(incident.id, { status: 'closed', note: '  ' })).toMatchObject({ status: 400, body: { fields: { note: 'required' } } });
    expect((await m.api.setIncidentStatus(incident.id, { status: 'closed', note: 'Recovery truck sent; replacement car at Marina branch' })).ok).toBe(true);
    expect(await m.api.setIncidentStatus(incident.id, { status: 'acknowledged' })).toMatchObject({ status: 409, body: { error: 'closed', status: 'closed' } });

    const mine = await r.api.incidents();
    expect(mine.ok && mine.body.incidents[0]).toMatchObject({ reference: incident.reference, status: 'closed', note: 'Recovery truck sent; replacement car at Marina branch', renter: null });
    const notices = await r.api.notifications();
    expect(notices.ok && notices.body.notifications.filter((n) => n.kind === 'incidentUpdated').map((n) => n.params.status).sort()).toEqual(['acknowledged', 'closed']);
  });

  it('photos of the scene: uploaded first, attached by the report, seen by the renter and the company’s managers only', async () => {
    const pickupAt = Math.ceil((Date.now() + 30 * HOUR) / HOUR) * HOUR;
    const trip = { pickupLocation: 'dxb-t3', dropoffLocation: 'dxb-t3', pickupAt, dropoffAt: pickupAt + 24 * HOUR };
    const r = await renterAt('pickedUp', { carId: 'range-rover', trip });
    const photo = async (who: typeof r, bytes: Uint8Array = PNG) =>
      who.api.uploadIncidentPhoto(new File([bytes as Uint8Array<ArrayBuffer>], 'scene.png', { type: 'image/png' }));
    const first = await photo(r);
    const second = await photo(r);
    if (!first.ok || !second.ok) throw new Error('a photo was refused');
    // Not an image by its bytes, or empty: refused by field.
    expect(await photo(r, new TextEncoder().encode('%PDF-1.4 not a photo'))).toMatchObject({ status: 400, body: { fields: { photo: 'fileType' } } });
    // Another renter's photo is not this report's to take.
    const stranger = await renterAt('paid');
    const theirs = await photo(stranger);
    if (!theirs.ok) throw new Error('the stranger’s photo was refused');
    const ids = [first.body.photo.id, second.body.photo.id];
    expect(await r.api.reportIncident({ ...REPORT, photos: [...ids, theirs.body.photo.id] })).toMatchObject({ status: 400, body: { fields: { photos: 'invalid' } } });

    const sent = await r.api.reportIncident({ ...REPORT, photos: ids });
    if (!sent.ok) throw new Error(JSON.stringify(sent));
    expect(sent.body.incident.photos).toEqual(ids);
    // Once attached, a photo is in one report only.
    expect(await r.api.reportIncident({ ...REPORT, photos: [ids[0]!] })).toMatchObject({ status: 400 });

    // The car's company's managers (Desert Drive) see them; the renter too; nobody else.
    const url = `/api/incidents/photos/${ids[0]}`;
    expect((await r.request(url)).status).toBe(200);
    expect((await stranger.request(url)).status).toBe(404);
    expect((await (await manager()).request(url)).status).toBe(404);
    expect((await (await counter('range-rover')).request(url)).status).toBe(403);
    const desert = await browser();
    expect((await desert.api.logIn({ email: SECOND_MANAGER.email, password: SECOND_MANAGER.password, role: 'staff' })).ok).toBe(true);
    const seen = await desert.api.incidents();
    expect(seen.ok && seen.body.incidents.find((i) => i.id === sent.body.incident.id)?.photos).toEqual(ids);
    const answer = await desert.request(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');

    // The stranger's photo, named by no report: kept for a day for the report to come, then removed with its bytes.
    const { deps } = await server();
    const [kept] = await deps.db.select().from(incidentPhotos).where(eq(incidentPhotos.id, theirs.body.photo.id));
    expect(await housekeeping(deps.db, deps.documents, new Date(Date.now() + UNREPORTED_PHOTO_MS - HOUR))).toMatchObject({ unreportedPhotos: 0 });
    expect(await deps.documents.get(kept!.storageKey)).not.toBeNull();
    expect(await housekeeping(deps.db, deps.documents, new Date(Date.now() + UNREPORTED_PHOTO_MS + HOUR))).toMatchObject({ unreportedPhotos: 1 });
    expect((await stranger.request(`/api/incidents/photos/${theirs.body.photo.id}`)).status).toBe(404);
    expect(await deps.documents.get(kept!.storageKey)).toBeNull();
    // The report's photos stay.
    expect((await r.request(url)).status).toBe(200);
  });

  it('with no rental out it goes to support; bad reports get 400 by field; only a signed-in renter reports', async () => {
    const r = await renterAt('paid');
    const sent = await r.api.reportIncident({ ...REPORT, location: '' });
    expect(sent.ok && sent.body.incident).toMatchObject({ bookingNumber: null, car: null });
    const m = await manager();
    const list = await m.api.incidents();
    expect(list.ok && list.body.incidents.some((i) => sent.ok && i.id === sent.body.incident.id)).toBe(false);
    // Support's desk is e-mailed what the renter wrote and how to reach them.
    const reference = sent.ok ? sent.body.incident.reference : '';
    const mail = (await (await server()).deps.db.select().from(mailOutbox)).filter((m) => m.subject.includes(reference));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toBe('support@movecar.ae');
    expect(mail[0]!.text).toContain(REPORT.description);
    expect(mail[0]!.text).toMatch(/Where: not given/);

    expect(await r.api.reportIncident({ ...REPORT, description: ' ' })).toMatchObject({ status: 400, body: { fields: { description: 'required' } } });
    expect(await r.api.reportIncident({ ...REPORT, location: 'near the mall' })).toMatchObject({ status: 400, body: { fields: { gps: 'coordinates' } } });
    expect(await (await browser()).api.reportIncident(REPORT)).toMatchObject({ ok: false, status: 401 });
    expect(await (await counter('camry')).api.reportIncident(REPORT)).toMatchObject({ ok: false, status: 403 });
  });
});
