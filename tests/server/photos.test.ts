// Photos a phone takes (a handover's, an incident's): kept without what the camera wrote in them (its
// place, device and time), and counted against an hourly allowance per renter, per company person and
// per company, as every upload route is. Without them one renter stored 48 MB of photos in 0.9 s, and
// the photos were served with their GPS position.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { carOf } from '../../machines/sampleFleet';
import { createManager } from '../../server/seed';
import { clientUsage } from '../../server/db/schema';
import { browser, contextOf, counter, email, renter, renterAt, server } from './helpers';

const HOUR = 60 * 60 * 1000;
const MB = 1024 * 1024;

/** A phone's photo: a JPEG whose EXIF says the maker, the model and where it was taken (Dubai). */
const phonePhoto = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMakerCo', Model: 'Phone 15' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 12/1 3600/100', GPSLongitudeRef: 'E', GPSLongitude: '55/1 16/1 0/1' },
    })
    .toBuffer();
const asFile = (bytes: Buffer) => new File([new Uint8Array(bytes)], 'photo.jpg', { type: 'image/jpeg' });

async function expectNoMetadata(answer: Response) {
  expect(answer.status).toBe(200);
  const served = Buffer.from(await answer.arrayBuffer());
  const meta = await sharp(served).metadata();
  expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
  expect(meta.exif).toBeUndefined();
  expect(served.includes('PhoneMakerCo')).toBe(false);
}

describe('photos from a phone', () => {
  it('are kept without the place and device the camera wrote in them: a handover’s and an incident’s', async () => {
    const source = await phonePhoto();
    expect((await sharp(source).metadata()).exif).toBeDefined(); // the test's photo does carry them
    const r = await renterAt('paid');
    const agent = await counter(contextOf(r.journey()).booking.carId);
    const handover = await agent.api.uploadHandoverPhoto(r.journey().number, asFile(source));
    if (!handover.ok) throw new Error(JSON.stringify(handover.body));
    await expectNoMetadata(await agent.request(`/api/handovers/photos/${handover.body.photo.id}`));
    const incident = await r.api.uploadIncidentPhoto(asFile(source));
    if (!incident.ok) throw new Error(JSON.stringify(incident.body));
    await expectNoMetadata(await r.request(`/api/incidents/photos/${incident.body.photo.id}`));
  });

  it('count against an allowance an hour per renter, per company person and per company: past one, 429 with when to come back; nobody else is held', async () => {
    const s = await server();
    const kept = s.deps.config;
    const allowance = (count: number) => ({ count, bytes: 100 * MB, windowMs: HOUR });
    s.deps.config = { ...kept, pictureAllowances: { renter: allowance(2), staff: allowance(3), company: allowance(4) } };
    // A new hour: what this file's other tests uploaded no longer counts.
    await s.deps.db.delete(clientUsage);
    try {
      const photo = asFile(await phonePhoto());
      const first = await renter();
      const upload = (who: { api: Awaited<ReturnType<typeof browser>>['api'] }) => who.api.uploadIncidentPhoto(photo);
      expect((await upload(first)).ok).toBe(true);
      expect((await upload(first)).ok).toBe(true);
      const refused = await upload(first);
      expect(refused.ok ? 201 : refused.status).toBe(429);
      expect(!refused.ok && refused.body).toMatchObject({ error: 'tooMany', retryAfter: expect.any(Number) });
      expect((await upload(await renter())).ok).toBe(true);

      // A company's agent: their own three, then their allowance says no…
      const r = await renterAt('paid');
      const { carId } = contextOf(r.journey()).booking;
      const number = r.journey().number;
      const agent = await counter(carId);
      for (let i = 0; i < 3; i++) expect((await agent.api.uploadHandoverPhoto(number, photo)).ok).toBe(true);
      const agentRefused = await agent.api.uploadHandoverPhoto(number, photo);
      expect(agentRefused.ok ? 201 : agentRefused.status).toBe(429);
      // …and a second agent of the same company has one left of the company's four.
      const second = { email: email('agent'), password: 'counter-keys-2031', name: 'Yousef Rahman', company: carOf(carId as never).company, role: 'agent' as const };
      await createManager(s.deps.db, second, s.config.scryptCost);
      const other = await browser();
      expect((await other.api.logIn({ email: second.email, password: second.password, role: 'staff' })).ok).toBe(true);
      expect((await other.api.uploadHandoverPhoto(number, photo)).ok).toBe(true);
      const companyRefused = await other.api.uploadHandoverPhoto(number, photo);
      expect(companyRefused.ok ? 201 : companyRefused.status).toBe(429);
    } finally {
      s.deps.config = kept;
    }
  });
});
