import { act, render, waitFor as until } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect } from 'react';
import { UNSAFE_createMemoryHistory as createMemoryHistory, useLocation } from 'react-router-dom';
import { afterAll } from 'vitest';
import { waitFor, type InspectionEvent } from 'xstate';
import { AppRouter } from '../src/app/routes';
import { createApi } from '../src/client/api';
import { startSession } from '../src/client/session';
import type { JourneyClient } from '../src/client/journeyClient';
import { InspectContext } from '../src/ui/inspect';
import { SessionProvider } from '../src/ui/session';
import { guardHistory } from '../src/ui/leaving';
import { SAMPLE_MANAGER } from '../server/seed';
import { CARDS, typeCard } from './support/provider';
import { browserFor, ORIGIN, startTestServer, type Latency, type TestServer } from './support/server';
import { importAndWait } from './support/imports';

export const NOW = new Date(2026, 10, 21, 9, 0).getTime();

interface RenderOptions {
  /**
   * `sample`: the reviewer's sample rental (signed in, signed, paid, picked up);
   * `toPayment`: a new renter with the default booking and a signed contract.
   */
  journey?: 'fresh' | 'sample' | 'toPayment';
  /**
   * The journey's code is loaded before the first render (true), as a screen that drives the journey
   * does in a browser; false leaves it to the page, as Home, Search and Services do (the `actor`
   * returned is then `session.journey` as it was at the first render: null).
   */
  journeyFirst?: boolean;
  /** Signed in as the sample contract manager (through the API, as the sign-in form does). */
  manager?: boolean;
  /** Signed in as this company person or operator, as the staff sign-in form does. */
  staff?: { email: string; password: string };
  /** Another window of a browser already used (same cookies): see `renderAt(...).browser`. */
  browser?: ReturnType<typeof browserFor>;
  /** The network's delay for a new browser's requests, so busy states can be observed. */
  latency?: Latency;
  inspect?: (event: InspectionEvent) => void;
  /** Inspector for actors the screens create (the transfer-settings form). */
  inspectScreens?: (event: InspectionEvent) => void;
}

/** 1×1 PNG and a minimal PDF: documents the server accepts by their content. */
export const PNG_BYTES = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
export const PDF_BYTES = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** The Emirates ID and the three documents every registration carries (real bytes, as uploaded). */
export const DOCUMENTS = {
  emiratesId: '784-1990-1234567-6',
  emiratesIdExpiry: '2031-01-31',
  licenceExpiry: '2030-06-30',
  emiratesIdFile: {
    name: 'emirates-id.png',
    type: 'image/png',
    size: PNG_BYTES.length,
    file: new File([PNG_BYTES], 'emirates-id.png', { type: 'image/png' }),
  },
  emiratesIdBackFile: {
    name: 'emirates-id-back.png',
    type: 'image/png',
    size: PNG_BYTES.length,
    file: new File([PNG_BYTES], 'emirates-id-back.png', { type: 'image/png' }),
  },
  licenceFile: {
    name: 'licence.pdf',
    type: 'application/pdf',
    size: PDF_BYTES.length,
    file: new File([PDF_BYTES], 'licence.pdf', { type: 'application/pdf' }),
  },
};

let counter = 0;
/** An e-mail no other test of the run has used (the tests share the server of their file). */
export const uniqueEmail = (name: string) =>
  `${name}+${Date.now().toString(36)}${(counter++).toString(36)}@example.ae`;

export const RENTER = {
  fullName: 'Mariam Al Suwaidi',
  email: 'mariam@example.ae',
  phone: '050 123 4567',
  password: 'desert-rose-42',
};

let server: Promise<TestServer> | null = null;
/** The real server of this test file, started on first use. */
export function testServer() {
  server ??= startTestServer({}, { uaePass: true });
  return server;
}
/** A new server (a fresh copy of the database) for tests that change shared records, like a contract. */
export async function resetServer() {
  if (server) await (await server).close();
  server = null;
}
afterAll(resetServer);

type Journey = JourneyClient;

/** Drives the journey, through the real server, to a signed contract. */
async function signedContract(journey: Journey) {
  journey.send({
    type: 'registration.submit',
    form: {
      ...RENTER,
      email: uniqueEmail('mariam'),
      ...DOCUMENTS,
      confirmPassword: RENTER.password,
      termsAccepted: true,
    },
    at: NOW,
  });
  await waitFor(journey as never, (s: ReturnType<Journey['getSnapshot']>) =>
    s.matches({ signedIn: { rentalContract: 'reviewingTerms' } }),
  );
  journey.send({ type: 'contract.acceptTerms' });
  journey.send({ type: 'contract.verifyIdentity' });
  journey.send({ type: 'contract.sign', signature: RENTER.fullName, at: NOW });
  await waitFor(journey as never, (s: ReturnType<Journey['getSnapshot']>) => s.context.contract !== null);
  journey.send({ type: 'contract.proceed' });
  await waitFor(journey as never, (s: ReturnType<Journey['getSnapshot']>) => s.matches({ signedIn: { payment: 'editing' } }));
}

/** The app's history in a test: in memory, starting at `path`, guarded as the browser's is. */
export const memoryHistory = (path: string) =>
  guardHistory(createMemoryHistory({ initialEntries: [path], v5Compat: true }));

/**
 * What the tests ask of the router: the location on screen (as rendered, not merely pushed: a
 * navigation renders as a transition), and going somewhere (or back) as a browser would.
 */
function routerOf(history: ReturnType<typeof memoryHistory>) {
  let shown = history.location;
  function Shown() {
    const location = useLocation();
    useLayoutEffect(() => {
      shown = location;
    }, [location]);
    return null;
  }
  const router = {
    get state() {
      return { location: shown };
    },
    // Async, so `await act(() => router.navigate(…))` keeps the test's act environment until React
    // has drawn the new screen (its lazy parts, its answers): with a plain call, Testing Library ends
    // it at once while React still flushes, and every update then warns that act is not supported.
    navigate: async (to: string | number) => (typeof to === 'number' ? history.go(to) : history.push(to)),
  };
  return { router, shown: <Shown /> };
}

/**
 * Renders the whole app (session, journey, layout, lazy screens) at a path, in a memory router,
 * as a browser of its own talking to the real server. The render is awaited inside act: the Arabic
 * catalog and the screens suspend, and React 19 only resumes a suspended first render from an
 * awaited act scope.
 */
export async function renderAt(
  path: string,
  { journey = 'fresh', journeyFirst = true, manager = false, staff, browser, latency, inspect, inspectScreens }: RenderOptions = {},
) {
  const app = await testServer();
  const tab = browser ?? browserFor(app, { latency });
  const api = createApi({ baseUrl: `${ORIGIN}/api`, fetch: tab.fetch });
  const session = await startSession(api, { inspect, now: NOW });
  if (manager) await session.logInStaff(SAMPLE_MANAGER.email, SAMPLE_MANAGER.password);
  if (staff) await session.logInStaff(staff.email, staff.password);
  if (journey === 'sample') await session.loadSample();
  const actor = journeyFirst || journey === 'toPayment' ? await session.loadJourney() : session.journey!;
  if (journey === 'toPayment') await signedContract(actor);
  // Let the journey take the server's answer before the first render.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const history = memoryHistory(path);
  const { router, shown } = routerOf(history);
  const user = userEvent.setup();
  const view = await act(async () =>
    render(
      <InspectContext value={inspectScreens}>
        <SessionProvider session={session}>
          <AppRouter history={history}>{shown}</AppRouter>
        </SessionProvider>
      </InspectContext>,
    ),
  );
  return { ...view, router, user, actor, session, browser: tab, server: app };
}

/**
 * The rendered app's renter pays on the provider's page with `number`: agreed on our side (the
 * journey's step), typed there, the browser back, and what the provider said read again.
 */
export async function payInApp(view: Awaited<ReturnType<typeof renderAt>>, number: string = CARDS.approved) {
  view.actor.send({ type: 'payment.submit', consent: true, at: Date.now() });
  await until(() => {
    const s = view.actor.getSnapshot();
    if (s.context.paymentSession === null || s.hasTag('pending')) throw new Error('the provider’s page is not open yet');
  });
  await view.actor.settled();
  const answer = await typeCard(view.actor.getSnapshot().context.paymentSession!.url, number);
  if (answer.status === 303) await view.browser.fetch(answer.headers.get('location')!, { redirect: 'manual' });
  await act(() => view.session.refreshJourney());
}

/**
 * The police's fine for the car of the rental in `renterBrowser` (picked up), an hour after pickup,
 * imported by the car's company's manager as the authority's file: as it reaches a renter in production.
 */
export async function policeFine(renterBrowser: ReturnType<typeof browserFor>, amount = 500) {
  const renter = await createApi({ baseUrl: `${ORIGIN}/api`, fetch: renterBrowser.fetch }).session();
  const context = renter.ok ? (renter.body.journey?.journey.snapshot.context as { pickedUpAt: number; booking: { carId: string } }) : null;
  if (!context?.pickedUpAt) throw new Error('no picked-up rental to fine');
  const { carOf } = await import('../machines/sampleFleet');
  const manager = createApi({ baseUrl: `${ORIGIN}/api`, fetch: browserFor(await testServer()).fetch });
  await manager.logIn({ email: SAMPLE_MANAGER.email, password: SAMPLE_MANAGER.password, role: 'manager' });
  const at = new Date(context.pickedUpAt + 3_600_000).toISOString();
  const csv =
    'reference,type,plate,date_time,location,code,description,amount,black_points\n' +
    `DXB-${uniqueEmail('fine')},fine,${carOf(context.booking.carId as never).plate},${at},Sheikh Zayed Road,SPEED-20,Speeding,${amount},4\n`;
  const imported = await importAndWait(manager, csv);
  if (!imported.ok || imported.body.report.matched.length !== 1) throw new Error(`fine not matched: ${JSON.stringify(imported)}`);
  return manager;
}

/**
 * A renter in a browser of their own who registered (the fixtures' renter and documents), signed and paid for the
 * default car (Elite Auto's Camry), then took the `more` steps; their API and the journey as last answered.
 */
export async function paidRenter(name: string, more: Parameters<ReturnType<typeof createApi>['journeyEvent']>[1][] = []) {
  const tab = browserFor(await testServer());
  const renter = createApi({ baseUrl: `${ORIGIN}/api`, fetch: tab.fetch });
  const registered = await renter.register({
    ...RENTER,
    email: uniqueEmail(name),
    confirmPassword: RENTER.password,
    emiratesId: DOCUMENTS.emiratesId,
    emiratesIdExpiry: DOCUMENTS.emiratesIdExpiry,
    licenceExpiry: DOCUMENTS.licenceExpiry,
    termsAccepted: true,
    emiratesIdFile: DOCUMENTS.emiratesIdFile.file,
    emiratesIdBackFile: DOCUMENTS.emiratesIdBackFile.file,
    licenceFile: DOCUMENTS.licenceFile.file,
  });
  if (!registered.ok) throw new Error('registration');
  let journey = registered.body.journey;
  const step = async (event: Parameters<typeof renter.journeyEvent>[1]) => {
    const answer = await renter.journeyEvent(journey.bookingId, event, journey.version);
    if (!answer.ok) throw new Error(event.type);
    journey = answer.body.journey;
  };
  for (const event of [
    { type: 'contract.acceptTerms' },
    { type: 'contract.verifyIdentity' },
    { type: 'contract.sign', signature: RENTER.fullName },
    { type: 'contract.proceed' },
    { type: 'payment.submit', consent: true },
  ] as const)
    await step(event);
  // Paid on the provider's page; the browser comes back, and the booking is read again.
  const session = (journey.journey.snapshot as { context: { paymentSession: { url: string } } }).context.paymentSession;
  const paid = await typeCard(session.url);
  await tab.fetch(paid.headers.get('location')!, { redirect: 'manual' });
  const read = await renter.booking(journey.bookingId);
  if (!read.ok) throw new Error('booking');
  journey = read.body.journey;
  for (const event of more) await step(event);
  return { renter, journey };
}
