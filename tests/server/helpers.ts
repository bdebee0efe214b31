// What the API tests share: a server of the file's own (PGlite, or PostgreSQL in that project), and
// browsers against it through the app's own API client.
import { createApi, type Answer, type JourneyView } from '../../src/client/api';
import { SAMPLE_AGENTS, SAMPLE_MANAGER } from '../../server/seed';
import { carOf } from '../../machines/sampleFleet';
import { browserFor, ORIGIN, startTestServer, type TestServer } from '../support/server';
import { travelTo } from '../support/clock';
import { CARDS, providerHeardBy, typeCard } from '../support/provider';
import { dueBackAt } from '../../machines/journey-rules';
import { DAY_MS } from '../../machines/money';
import type { CarId } from '../../machines/fleet';
import type { Trip } from '../../machines/booking';

export { ORIGIN };

let current: Promise<TestServer> | null = null;
export const server = () => (current ??= startTestServer({}, { push: true }));
/**
 * Ends the file's server; tests/support/server-setup.ts has it run after each file (the files of a
 * worker share this module: a hook registered here would run after the first file only).
 */
export async function closeServer() {
  // Forgotten first: a close that fails or times out must not leave the next file this worker runs
  // with a half-closed server.
  const closing = current;
  current = null;
  if (closing) await (await closing).close();
}

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
const HOUR_MS = 60 * 60 * 1000;
/** A trip of `days` days from the first whole hour `hours` from now, picked up at the airport. */
export function tripIn(hours: number, days = 2, dropoffLocation: 'dxb-t3' | 'downtown' = 'dxb-t3') {
  const pickupAt = Math.ceil((Date.now() + hours * HOUR_MS) / HOUR_MS) * HOUR_MS;
  return { pickupLocation: 'dxb-t3', dropoffLocation, pickupAt, dropoffAt: pickupAt + days * DAY_MS } as const;
}

export const email = (name = 'renter') => `${name}+${Date.now().toString(36)}${(n++).toString(36)}@example.ae`;

/** How long a test waits for an e-mail: the queue's worker sends it after the answer, a few seconds on a busy machine. */
export const MAIL_WAIT = { timeout: 15_000, interval: 50 };

export const PASSWORD = 'desert-rose-42';
export { CARDS };

/** The renter pays on the provider's page at `url` and their browser follows it back to us. The page's last answer. */
export async function payOnProviderPage(r: { request: (path: string, init?: RequestInit) => Promise<Response>; refresh: () => Promise<unknown> }, url: string, number: string = CARDS.approved, challenge: 'complete' | 'fail' = 'complete') {
  const answer = await typeCard(url, number, challenge);
  if (answer.status === 303) {
    const back = new URL(answer.headers.get('location')!);
    await r.request(`${back.pathname}${back.search}`, { redirect: 'manual' });
  }
  await r.refresh();
  return answer;
}

/** A walk's step that is no event of ours: the renter types `card` on the provider's open page (walk). */
export const PROVIDER_PAGE = 'on the provider’s page';

/** In a list of steps: the renter pays on the provider's page there (`pay`, with the approved test card). */
export const PAY = { type: 'pay on the provider’s page' } as const;

/** A step's answer, as the app's API client gives it. */
type StepAnswer = Answer<{ journey: JourneyView }>;

/** What `pay` needs of a renter's browser. */
interface Payer {
  step: (event: Record<string, unknown>, currentPassword?: string) => Promise<StepAnswer>;
  journey: () => JourneyView;
  refresh: () => Promise<JourneyView>;
  request: (path: string, init?: RequestInit) => Promise<Response>;
}

/** What moved on the card at the provider for `bookingId`, in order (the provider's books, by our key). */
export async function moves(bookingId: string, s?: TestServer) {
  const log = (s ?? (await server())).deps.paymentsStandIn!.log;
  return log.filter((m) => m.key.startsWith(`${bookingId}:`));
}

/** Everything the provider has said so far (its webhooks, in-process) has been taken in by the server. */
export const providerHeard = async (s?: TestServer) => providerHeardBy((s ?? (await server())).deps);

/**
 * To the provider's page and paid there with `number`, as a renter does: an answer like a step's,
 * `ok` when the booking is paid, else the journey's error (the page's refusal, or the step's own).
 */
export async function pay(r: Payer, number: string = CARDS.approved, s?: TestServer): Promise<StepAnswer> {
  const opened = await r.step({ type: 'payment.submit', consent: true });
  if (!opened.ok) return opened;
  await payOnProviderPage(r, contextOf(r.journey()).paymentSession!.url, number);
  await providerHeard(s);
  const journey = await r.refresh();
  const { payment, error } = contextOf(journey);
  if (payment) return { ok: true, body: { journey } };
  return { ok: false, status: 402, error: error ?? 'notPaid', body: { error, journey } };
}

type RenterFields = Partial<{ email: string; fullName: string; password: string; carId: CarId; trip: Trip }>;

/** A registration form as a renter fills it in (with real documents), for the API client's register. */
export const registrationOf = (address: string, fields: RenterFields = {}) => ({
  fullName: fields.fullName ?? 'Mariam Al Suwaidi',
  email: address,
  phone: '050 123 4567',
  password: fields.password ?? PASSWORD,
  confirmPassword: fields.password ?? PASSWORD,
  emiratesId: '784-1990-1234567-6',
  emiratesIdExpiry: '2031-01-31',
  licenceExpiry: '2030-06-30',
  termsAccepted: true,
  emiratesIdFile: new File([PNG], 'id.png', { type: 'image/png' }),
  emiratesIdBackFile: new File([PNG], 'id-back.png', { type: 'image/png' }),
  licenceFile: new File([PDF], 'licence.pdf', { type: 'application/pdf' }),
  // The car (and trip) a visitor chose before registering, as the form sends them.
  ...(fields.carId ? { carId: fields.carId, ...fields.trip } : {}),
});

/** A renter registered through the API (with real documents), signed in in their own browser (on `s`, or the file's server). */
export async function renter(fields: RenterFields = {}, s?: TestServer) {
  const b = await browser(s);
  const address = fields.email ?? email();
  const result = await b.api.register(registrationOf(address, fields));
  if (!result.ok) throw new Error(`registration failed: ${JSON.stringify(result.body)}`);
  let journey = result.body.journey;
  /** Sends a journey event over the version the last answer gave (with the proof a new e-mail needs); returns the raw answer. */
  const step = async (event: Record<string, unknown>, currentPassword?: string): Promise<StepAnswer> => {
    // Not an event of ours: the renter paying on the provider's page (a walk's step, as tests list them).
    if (event === PAY) return pay(self, CARDS.approved, s);
    const answer = await b.api.journeyEvent(journey.bookingId, event as never, journey.version, currentPassword);
    const next = (answer.ok ? answer.body.journey : answer.body.journey) as typeof journey | undefined;
    if (next) journey = next;
    return answer;
  };
  /** Reads the booking again (another party, the counter, moved it on). */
  const refresh = async () => {
    const answer = await b.api.booking(journey.bookingId);
    if (answer.ok) journey = answer.body.journey;
    return journey;
  };
  const self: Payer & typeof b & { email: string; user: typeof result.body.user } = { ...b, email: address, user: result.body.user, step, refresh, journey: () => journey };
  return self;
}

type Renter = Awaited<ReturnType<typeof renter>>;

/** The counter's record as an agent fills it in at a handover (with `photos` taken first; the odometer the car's). */
export const CHECKOUT = { fuel: 'F', damage: 'Scratch on the rear bumper', licenceExpiry: '2030-05-31', identityChecked: true };

/** The branch agent of the company whose car `carId` is, signed in in their own browser. */
export async function counter(carId: string, s?: TestServer) {
  const b = await browser(s);
  const sample = SAMPLE_AGENTS[carOf(carId as never).company];
  if (!sample) throw new Error(`no sample agent for ${carId}`);
  const result = await b.api.logIn({ email: sample.email, password: sample.password, role: 'staff' });
  if (!result.ok) throw new Error('agent sign-in failed');
  /** A photo of the car for `number`'s handover; its id. */
  const photo = async (number: string) => {
    const answer = await b.api.uploadHandoverPhoto(number, new File([PNG], 'front.png', { type: 'image/png' }));
    if (!answer.ok) throw new Error(`photo refused: ${JSON.stringify(answer.body)}`);
    return answer.body.photo.id;
  };
  /** Records the car for `number` over the handover's current version (photos: one taken now). */
  const record = async (number: string, fields: Partial<typeof CHECKOUT & { photos: string[]; odometer: string }> = {}) => {
    const photos = fields.photos ?? [await photo(number)];
    const view = await b.api.handover(number);
    if (!view.ok) return view;
    const odometer = String(view.body.handover.carKm + 120);
    return b.api.recordCheckout(number, { ...CHECKOUT, odometer, ...fields, photos }, view.body.handover.version);
  };
  /** Checks the car in for `number` over the handover's current version (photos: one taken now). */
  const checkIn = async (number: string, fields: Partial<typeof CHECKIN & { photos: string[]; odometer: string }> = {}) => {
    const photos = fields.photos ?? [await photo(number)];
    const view = await b.api.handover(number);
    if (!view.ok) return view;
    const odometer = String(view.body.handover.handedOverKm + 350);
    return b.api.recordCheckin(number, { ...CHECKIN, odometer, ...fields, photos }, view.body.handover.version);
  };
  return { ...b, photo, record, checkIn };
}

/** What the counter records at a return unless a test says otherwise: a full tank, no damage. */
export const CHECKIN = { fuel: 'F', damage: [] as { item: string; amount: string; note: string; photos?: string[] }[] };

/**
 * The car back at `at` (when it is due, unless said): the counter checks it in and the renter's
 * screen loads it. The counter's answer.
 */
export async function checkInAtCounter(r: Renter, fields: Parameters<Awaited<ReturnType<typeof counter>>['checkIn']>[1] = {}, at?: number, s?: TestServer) {
  travelTo(at ?? dueBackAt(contextOf(r.journey())));
  const agent = await counter(contextOf(r.journey()).booking.carId, s);
  const answer = await agent.checkIn(r.journey().number, fields);
  if (answer.ok) await r.refresh();
  return answer;
}

/**
 * The handover at the booked time (the tests' clock goes there first): the counter records the car
 * and the renter confirms the record. The renter's answer to the confirmation.
 */
export async function pickUp(r: Renter, s?: TestServer) {
  travelTo(contextOf(r.journey()).booking.pickupAt);
  const agent = await counter(contextOf(r.journey()).booking.carId, s);
  // The tests' earlier renters of this car bring it back first: it goes to nobody while it is out (pickup.test.ts).
  const view = await agent.api.handover(r.journey().number);
  const out = view.ok ? view.body.handover.carNotBack : null;
  if (out) await agent.checkIn(out.number);
  // Refused (not paid yet, say), the renter's confirmation is refused too: that answer is the walk's.
  if ((await agent.record(r.journey().number)).ok) await r.refresh();
  return r.step({ type: 'pickup.confirm' });
}

/** One step of a walk through the journey; the pickup at its booked time. */
export async function walk(r: Renter, event: Record<string, unknown>): Promise<StepAnswer> {
  if (event.type === 'pickup.confirm') return pickUp(r);
  // The renter on the provider's page, with `card`, when one is open (PROVIDER_PAGE): what the provider then says, taken in.
  if (event.type === PROVIDER_PAGE) {
    const session = contextOf(r.journey()).paymentSession;
    if (!session) return { ok: false, status: 409, error: 'refused', body: {} };
    await payOnProviderPage(r, session.url, event.card as string);
    await providerHeard();
    return { ok: true, body: { journey: await r.refresh() } };
  }
  // The renter answers a check-in: the counter checks the car in first, when it is due.
  if ((event.type === 'return.accept' || event.type === 'return.dispute') && !contextOf(r.journey()).checkin) await checkInAtCounter(r);
  return r.step(event);
}

/** A renter through the contract, paid, or with the car picked up; with `choice`, of that car and trip. */
export async function renterAt(stage: 'signed' | 'paid' | 'pickedUp', choice?: { carId: string; trip: Record<string, unknown> }) {
  const r = await renter();
  for (const event of [
    ...(choice ? [{ type: 'booking.start', ...choice }] : []),
    { type: 'contract.acceptTerms' },
    { type: 'contract.verifyIdentity' },
    { type: 'contract.sign', signature: 'Mariam Al Suwaidi' },
    { type: 'contract.proceed' },
  ]) {
    const answer = await r.step(event);
    if (!answer.ok) throw new Error(`${event.type}: ${JSON.stringify(answer.body)}`);
  }
  if (stage !== 'signed') {
    await pay(r);
    if (!contextOf(r.journey()).payment) throw new Error(`not paid: ${JSON.stringify(contextOf(r.journey()).error)}`);
    const answer = await r.step({ type: 'payment.proceed' });
    if (!answer.ok) throw new Error(`payment.proceed: ${JSON.stringify(answer.body)}`);
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
