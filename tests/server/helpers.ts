// What the API tests share: a server of the file's own (PGlite, or PostgreSQL in that project), and
// browsers against it through the app's own API client.
import { afterAll } from 'vitest';
import { createApi } from '../../src/client/api';
import { SAMPLE_MANAGER } from '../../server/seed';
import { browserFor, ORIGIN, startTestServer, type TestServer } from '../support/server';
import { travelTo } from '../support/clock';

export { ORIGIN };

let current: Promise<TestServer> | null = null;
export const server = () => (current ??= startTestServer());
afterAll(async () => {
  if (current) await (await current).close();
  current = null;
});

/** A browser of its own: the API client the app uses, and raw requests with its cookies. */
export async function browser(s?: TestServer) {
  const tab = browserFor(s ?? (await server()));
  const api = createApi({ baseUrl: `${ORIGIN}/api`, fetch: tab.fetch });
  const request = (path: string, init: RequestInit = {}) => tab.fetch(`${ORIGIN}${path}`, init);
  const json = (method: string, path: string, body: unknown) =>
    request(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { tab, api, request, json };
}

export const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
export const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let n = 0;
export const email = (name = 'renter') => `${name}+${Date.now().toString(36)}${(n++).toString(36)}@example.ae`;

export const PASSWORD = 'desert-rose-42';
export const CARD = { email: 'm@example.ae', name: 'Mariam Al Suwaidi', number: '4242 4242 4242 4242', expiry: '12/29', cvv: '123' };

/** A renter registered through the API (with real documents), signed in in their own browser (on `s`, or the file's server). */
export async function renter(fields: Partial<{ email: string; fullName: string; password: string }> = {}, s?: TestServer) {
  const b = await browser(s);
  const address = fields.email ?? email();
  const result = await b.api.register({
    fullName: fields.fullName ?? 'Mariam Al Suwaidi',
    email: address,
    phone: '050 123 4567',
    password: fields.password ?? PASSWORD,
    confirmPassword: fields.password ?? PASSWORD,
    emiratesId: '784-1990-1234567-6',
    termsAccepted: true,
    emiratesIdFile: new File([PNG], 'id.png', { type: 'image/png' }),
    emiratesIdBackFile: new File([PNG], 'id-back.png', { type: 'image/png' }),
    licenceFile: new File([PDF], 'licence.pdf', { type: 'application/pdf' }),
  });
  if (!result.ok) throw new Error(`registration failed: ${JSON.stringify(result.body)}`);
  let journey = result.body.journey;
  /** Sends a journey event over the version the last answer gave; returns the raw answer. */
  const step = async (event: Record<string, unknown>) => {
    const answer = await b.api.journeyEvent(journey.bookingId, event as never, journey.version);
    const next = (answer.ok ? answer.body.journey : answer.body.journey) as typeof journey | undefined;
    if (next) journey = next;
    return answer;
  };
  return { ...b, email: address, user: result.body.user, step, journey: () => journey };
}

/** The renter collects the car at its booked time (the tests' clock goes there first). */
export async function pickUp(r: Awaited<ReturnType<typeof renter>>) {
  travelTo(contextOf(r.journey()).booking.pickupAt);
  return r.step({ type: 'pickup.confirm' });
}

/** One step of a walk through the journey; the pickup at its booked time. */
export const walk = (r: Awaited<ReturnType<typeof renter>>, event: Record<string, unknown>) =>
  event.type === 'pickup.confirm' ? pickUp(r) : r.step(event);

/** A renter through the contract, paid, or with the car picked up; with `choice`, of that car and trip. */
export async function renterAt(stage: 'signed' | 'paid' | 'pickedUp', choice?: { carId: string; trip: Record<string, unknown> }) {
  const r = await renter();
  for (const event of [
    ...(choice ? [{ type: 'booking.start', ...choice }] : []),
    { type: 'contract.acceptTerms' },
    { type: 'contract.verifyIdentity' },
    { type: 'contract.sign', signature: 'Mariam Al Suwaidi' },
    { type: 'contract.proceed' },
    ...(stage === 'signed' ? [] : [{ type: 'payment.submit', card: CARD }, { type: 'payment.proceed' }]),
  ]) {
    const answer = await r.step(event);
    if (!answer.ok) throw new Error(`${event.type}: ${JSON.stringify(answer.body)}`);
  }
  if (stage === 'pickedUp') {
    const answer = await pickUp(r);
    if (!answer.ok) throw new Error(`pickup.confirm: ${JSON.stringify(answer.body)}`);
  }
  return r;
}

export async function manager() {
  const b = await browser();
  const result = await b.api.logIn({ email: SAMPLE_MANAGER.email, password: SAMPLE_MANAGER.password, role: 'manager' });
  if (!result.ok) throw new Error('manager sign-in failed');
  return b;
}

/** The journey's context as the last answer gave it. */
export const contextOf = (view: { journey: { snapshot: Record<string, unknown> } }) =>
  view.journey.snapshot.context as import('../../machines/journey-rules').JourneyContext;
export const valueOf = (view: { journey: { snapshot: Record<string, unknown> } }) => view.journey.snapshot.value;
