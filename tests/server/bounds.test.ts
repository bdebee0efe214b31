// Every time and number a request carries has bounds: past them a 400 with the field's code, before
// anything is written. `trip.pickupAt = 9007199254740991` once answered 500 "Invalid time value" (at
// log-in after the session was made), and a version past PostgreSQL's integer a database error.
import { describe, expect, it } from 'vitest';
import { browser, PASSWORD, renter, server } from './helpers';

const HUGE = Number.MAX_SAFE_INTEGER;
const trip = (pickupAt: number) => ({ pickupLocation: 'dxb-t3', dropoffLocation: 'dxb-t3', pickupAt, dropoffAt: pickupAt + 86_400_000 });

describe('bounds on times and numbers', () => {
  it('a log-in with a trip in the year 285,000: 400 by field, and nobody is signed in', async () => {
    const r = await renter();
    const b = await browser();
    const answer = await b.json('POST', '/api/auth/login', { email: r.email, password: PASSWORD, role: 'renter', carId: 'camry', trip: trip(HUGE) });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: 'invalid', fields: { 'trip.pickupAt': 'invalid', 'trip.dropoffAt': 'invalid' } });
    const session = await b.api.session();
    expect(session.ok && session.body.user).toBeNull();
  });

  it('a booking started or changed for such a time, or saved over a version past any row’s, is a 400; the journey is as it was', async () => {
    const r = await renter();
    const before = r.journey();
    for (const event of [
      { type: 'booking.start', carId: 'camry', trip: trip(HUGE) },
      { type: 'booking.modify', trip: trip(8.64e15 + 1) },
    ]) {
      const answer = await r.json('POST', `/api/bookings/${before.bookingId}/events`, { event, version: before.version });
      expect(answer.status, event.type).toBe(400);
      expect(Object.values((await answer.json()).fields)).toContain('invalid');
    }
    const overVersion = await r.json('POST', `/api/bookings/${before.bookingId}/events`, { event: { type: 'contract.acceptTerms' }, version: HUGE });
    expect(overVersion.status).toBe(400);
    expect(await overVersion.json()).toEqual({ error: 'invalid', fields: { version: 'invalid' } });
    expect((await r.refresh()).version).toBe(before.version);
  });

  it('the search with such a time is a 400 too, not a server error', async () => {
    const s = await server();
    const answer = await s.app.request(`http://movecar.test/api/cars/search?pickupLocation=dxb-t3&dropoffLocation=dxb-t3&pickupAt=${HUGE}&dropoffAt=${HUGE}`);
    expect(answer.status).toBe(400);
  });
});
