// The company's agent at the counter, in a browser of their own (through the API, as the counter's
// screen does): records the renter's car at pickup, checks it in at return, with a real photo.
import { expect } from 'vitest';
import { type Car } from '../../machines/fleet';
import { carOf, type SampleCarId as CarId } from '../../machines/sampleFleet';
import { createApi } from '../../src/client/api';
import type { CheckinInput, CheckoutInput } from '../../machines/validation';
import { createManager, SAMPLE_AGENTS, SAMPLE_MANAGER, SECOND_MANAGER } from '../../server/seed';
import { staffApi } from '../../src/client/staffApi';
import { browserFor, ORIGIN, type TestServer } from './server';

/** A one-pixel PNG, as a phone's photo would arrive (the server sniffs the bytes). */
export const PHOTO_BYTES = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

/** Signed in as the car's company's agent (or manager) in a browser of their own. */
export async function staffOf(server: Pick<TestServer, 'app'>, car: CarId | Pick<Car, 'company'>, role: 'agent' | 'manager' = 'agent') {
  const { company } = typeof car === 'string' ? carOf(car) : car;
  const managers: Record<string, typeof SAMPLE_MANAGER> = { [SAMPLE_MANAGER.company]: SAMPLE_MANAGER, [SECOND_MANAGER.company]: SECOND_MANAGER };
  const person = (role === 'agent' ? SAMPLE_AGENTS : managers)[company];
  if (!person) throw new Error(`no sample ${role} for ${company}`);
  const api = createApi({ baseUrl: `${ORIGIN}/api`, fetch: browserFor(server).fetch });
  expect((await api.logIn({ email: person.email, password: person.password, role: 'staff' })).ok).toBe(true);
  return api;
}

type Staff = Awaited<ReturnType<typeof staffOf>>;

async function photo(api: Staff, number: string) {
  const answer = await api.uploadHandoverPhoto(number, new File([PHOTO_BYTES], 'car.png', { type: 'image/png' }));
  if (!answer.ok) throw new Error(`the counter cannot upload a photo: ${answer.error}`);
  return answer.body.photo.id;
}

/**
 * The agent records the car at pickup (odometer just above the car's last reading). A car a test's
 * earlier renter still has is checked in first: it goes to nobody while it is out.
 */
export async function counterRecords(api: Staff, number: string, checkout: Partial<CheckoutInput> = {}) {
  let view = await api.handover(number);
  if (!view.ok) throw new Error('the counter cannot open the booking');
  const out = view.body.handover.carNotBack;
  if (out) {
    const back = await counterChecksIn(api, out.number);
    expect(back.ok, JSON.stringify(back.ok || back.body).slice(0, 400)).toBe(true);
    view = await api.handover(number);
    if (!view.ok) throw new Error('the counter cannot open the booking');
  }
  const form = { odometer: String(view.body.handover.carKm + 120), fuel: 'F', damage: '', licenceExpiry: '2030-05-31', identityChecked: true, photos: [await photo(api, number)], ...checkout };
  return api.recordCheckout(number, form, view.body.handover.version);
}

/** The agent checks the car in at return (odometer above the pickup's, full tank unless said). */
export async function counterChecksIn(api: Staff, number: string, checkin: Partial<CheckinInput> = {}) {
  const view = await api.handover(number);
  if (!view.ok) throw new Error('the counter cannot open the booking');
  const form = { odometer: String(view.body.handover.handedOverKm + 350), fuel: 'F', damage: [], photos: [await photo(api, number)], ...checkin };
  return api.recordCheckin(number, form, view.body.handover.version);
}

/**
 * Signed in as an admin of `company`, in a browser of their own: the sample company's, or one made for
 * the test (the other sample companies have none).
 */
export async function adminOf(server: Pick<TestServer, 'app' | 'deps' | 'config'>, company: string) {
  const person = { email: `admin+${company}@movecar.ae`, password: 'fleet-admin-2026', name: 'Noura Al Falasi', company, role: 'admin' as const };
  await createManager(server.deps.db, person, server.config.scryptCost);
  const api = createApi({ baseUrl: `${ORIGIN}/api`, fetch: browserFor(server).fetch });
  expect((await api.logIn({ email: person.email, password: person.password, role: 'staff' })).ok).toBe(true);
  return staffApi(api.typed, api.baseUrl);
}
