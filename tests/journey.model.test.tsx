import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TestParam } from 'xstate/graph';
import { aed, DAY_MS } from '../machines/money';
import { defaultTrip, toDubaiInput } from '../machines/booking';
import { queryString, tripQuery } from '../src/search/query';
import type { Fine } from '../machines/violation';
import { stepOf, type JourneyEvent, type JourneySnapshot } from '../machines/journey';
import { createApi } from '../src/client/api';
import { and, eq, inArray, isNotNull, like } from 'drizzle-orm';
import { bookings, contracts, users } from '../server/db/schema';
import { createViolation } from '../server/violations/service';
import { dueBackAt, noShowAt, STEPS, type Step } from '../machines/journey-rules';
import { cancelNoShows } from '../server/journey/noShows';
import { clockOffset, shiftClock, travelTo } from './support/clock';
import { ar } from '../src/i18n/ar';
import { en, type Lang } from '../src/i18n/en';
import { fill } from '../src/i18n/format';
import { pathOf } from '../src/i18n/paths';
import {
  CHECKIN_FORM,
  CHECKOUT_FORM,
  coveringPaths,
  FLAG_NOTE,
  emptyCoverage,
  generatedPaths,
  KNOWN,
  VERIFIED,
  machineInventory,
  PROFILE,
  recordInto,
} from './journey.model';
import { PDF_BYTES, PNG_BYTES, renderAt, testServer } from './render';
import { browserFor, ORIGIN, type Latency } from './support/server';
import { adminOf, counterChecksIn, counterRecords, staffOf } from './support/counter';
import { CARDS, typeCard } from './support/provider';
import { providerEvents } from '../server/db/schema';
import { takeInPaymentEvents } from '../server/payments/events';
import { isNull } from 'drizzle-orm';

// jsdom cannot leave for the provider's page: the walk types the card there itself (onProviderPage).
vi.mock('../src/ui/leave', () => ({ leaveTo: vi.fn() }));

// Paths generated from the machine by xstate/graph; a covering subset is walked through the app.
const generated = generatedPaths();
const { paths, covered } = coveringPaths(generated, (path) => path.coverage);
const walked = emptyCoverage();
const LOGO_STEPS: Step[] = ['registration', 'logIn'];
const FINE: Fine = { type: { en: 'Speeding', ar: 'تجاوز السرعة' }, code: 'SPEED-20', date: 0, amount: aed(500), blackPoints: 4 };

type App = Awaited<ReturnType<typeof renderAt>>;

/**
 * The calls the machine waits on (its pending states, whose busy button the checks look at) are held
 * on the way, as a slow network holds them, until the state's checks have seen them under way (the
 * next step, or the path's end, lets them go on: `seenUnderWay`), or for HELD_MS at most; every other request answers at once. (Each took a network's
 * 300 ms before: 26 s of the file's 48 were spent waiting.)
 */
const CALLS = /"type":"(contract\.sign|payment\.submit|pickup\.confirm|rental\.confirmExtension|return\.accept|booking\.modify|booking\.cancel)"/;
const HELD_MS = 3000;
const underWay = new Set<() => void>();
const latency: Latency = ({ method, path, body }) =>
  method === 'POST' && (/\/auth\/(register|login)$/.test(path) || CALLS.test(body))
    ? new Promise<void>((answer) => {
        const go = () => {
          clearTimeout(timer);
          underWay.delete(go);
          answer();
        };
        const timer = setTimeout(go, HELD_MS);
        underWay.add(go);
      })
    : 0;
/** The calls held so far go on to the server. */
const seenUnderWay = () => [...underWay].forEach((go) => go());

/**
 * The authority's fine reaches the renter's booking on the server (its contract passing fines on,
 * automatically): what an import does once the car has been driven, here at any paid step of the model.
 */
async function fineArrives(app: App) {
  const session = await createApi({ baseUrl: `${ORIGIN}/api`, fetch: app.browser.fetch }).session();
  const bookingId = session.ok ? session.body.journey?.bookingId : undefined;
  const { deps } = await testServer();
  const [booking] = await deps.db.select().from(bookings).where(eq(bookings.id, bookingId ?? ''));
  const [contract] = await deps.db.select().from(contracts).where(eq(contracts.bookingId, bookingId ?? ''));
  if (!booking || !contract) throw new Error('no signed booking to fine');
  const [passing] = await deps.db
    .update(contracts)
    .set({ setup: { bookingLinked: true, violationTransfer: true } })
    .where(eq(contracts.code, contract.code))
    .returning();
  await deps.db.transaction((tx) => createViolation(tx, deps, booking, passing!, FINE, deps.now()));
}

/** The app's booking, as the server numbers it, and its car's company's people in browsers of their own. */
async function counterFor(app: App, role: 'agent' | 'manager' = 'agent') {
  // The renter's steps so far have reached the server: the counter sees the journey as the renter left it.
  await app.actor.settled();
  const number = app.actor.bookingNumber;
  if (!number) throw new Error('no booking at the counter');
  return { number, api: await staffOf(await testServer(), app.actor.getSnapshot().context.booking.car, role) };
}

/** Event executors with the event's payload typed (xstate/graph's TestParam types only `type`). */
type Executors = {
  [K in JourneyEvent['type']]?: (step: {
    event: Extract<JourneyEvent, { type: K }>;
    state: JourneySnapshot;
  }) => unknown;
};

/** The documents a person would photograph: real PNG and PDF bytes, named as the model names them. */
const upload = (doc: { name: string; type: string }) =>
  new File([doc.type === 'application/pdf' ? PDF_BYTES : PNG_BYTES], doc.name, { type: doc.type });

/** The password of the account signed in last on each path (by its number): a new e-mail asks for it. */
const passwords = new Map<number, string>();

/** What a person does in the app for each event of the model, in the path's language. */
function executors(
  app: App,
  lang: Lang,
  mail: (email: string) => string,
  next: () => JourneyEvent | undefined,
  n: number,
): Executors {
  const t = lang === 'ar' ? ar : en;
  const { user, router } = app;
  const click = async (name: string) => user.click(await screen.findByRole('button', { name }));
  const typeInto = async (label: string, text: string) => {
    const field = await screen.findByLabelText(label);
    await user.clear(field);
    if (text) await user.type(field, text);
  };
  const go = (path: string) => act(() => router.navigate(path));
  /** The card typed on the app's open provider page; the browser back, and what the provider said taken in. */
  const onProviderPage = async (number: string, challenge: 'complete' | 'leave' = 'complete') => {
    await app.actor.settled();
    const answer = await typeCard(app.actor.getSnapshot().context.paymentSession!.url, number, challenge);
    const back = answer.status === 303 ? answer.headers.get('location') : null;
    if (back?.startsWith(ORIGIN)) await app.browser.fetch(back, { redirect: 'manual' });
    const { deps } = await testServer();
    await waitFor(async () => expect(await deps.db.select().from(providerEvents).where(isNull(providerEvents.doneAt))).toEqual([]), { timeout: 10_000 });
    await takeInPaymentEvents(deps);
    await act(() => app.session.refreshJourney());
  };
  const backToPickup = async () => {
    await waitFor(() => expect(app.actor.getSnapshot().hasTag('pending')).toBe(false));
    await go(pathOf('carPickup', lang));
  };

  return {
    'xstate.route': ({ event }) => go(pathOf(event.to.slice(1) as Step, lang)),
    'registration.submit': async ({ event }) => {
      const r = t.registration;
      const { form } = event;
      await typeInto(r.fullName, form.fullName);
      await typeInto(r.email, mail(form.email));
      await typeInto(r.phone, form.phone);
      await typeInto(r.password, form.password);
      await typeInto(r.confirmPassword, form.confirmPassword);
      passwords.set(n, form.password);
      await typeInto(r.emiratesIdNumber, form.emiratesId);
      await typeInto(r.emiratesIdExpiry, form.emiratesIdExpiry);
      await typeInto(r.licenceExpiry, form.licenceExpiry);
      for (const [label, doc] of [
        [r.emiratesId, form.emiratesIdFile],
        [r.emiratesIdBack, form.emiratesIdBackFile],
        [r.drivingLicence, form.licenceFile],
      ] as const) {
        const input = screen.getByLabelText(label) as HTMLInputElement;
        if (doc && input.files?.[0]?.name !== doc.name) {
          await user.upload(input, upload(doc));
        }
      }
      const terms = screen.getByRole('checkbox', { name: r.terms });
      if ((terms as HTMLInputElement).checked !== form.termsAccepted) await user.click(terms);
      await click(r.submit);
      if (form.password !== form.confirmPassword) {
        // Refused on the spot: the reason sits next to the field, which gets focus; nothing typed is lost.
        const confirm = screen.getByLabelText(r.confirmPassword);
        expect(confirm).toHaveAccessibleDescription(t.problems.mismatch);
        expect(confirm).toHaveFocus();
        expect(screen.getByLabelText(r.fullName)).toHaveValue(form.fullName);
      }
    },
    'logIn.submit': async ({ event }) => {
      await typeInto(t.logIn.email, mail(event.email));
      await typeInto(t.logIn.password, event.password);
      passwords.set(n, event.password);
      await click(t.logIn.submit);
    },
    'contract.acceptTerms': () => click(t.rentalContract.acceptTerms),
    'contract.verifyIdentity': () => click(t.rentalContract.verify),
    'contract.sign': async ({ event }) => {
      await typeInto(t.rentalContract.signature, event.signature);
      await click(t.rentalContract.sign);
    },
    'contract.proceed': () => click(t.rentalContract.proceed),
    // To the provider's page: agreed to (or not) on the form, or started again from an open page.
    'payment.submit': async ({ event, state }) => {
      if (next()?.type === 'xstate.error.actor.openCheckout') app.browser.dropNextRequest((body) => body.includes('"payment.submit"'));
      if (state.context.paymentSession) return click(t.payment.startAgain);
      const consent = screen.getByRole('checkbox', { name: t.payment.consent }) as HTMLInputElement;
      if (consent.checked !== event.consent) await user.click(consent);
      await click(t.payment.pay);
    },
    // The renter on the provider's page (its own origin), then back: the provider's news reaches the
    // server by its webhook and by the return, and the renter's screen loads the booking again.
    'payment.challenge': () => onProviderPage(CARDS.challenge, 'leave'),
    'payment.failed': () => onProviderPage(CARDS.declined),
    'payment.completed': () => onProviderPage(CARDS.approved),
    'payment.expired': async () => {
      travelTo(app.actor.getSnapshot().context.paymentSession!.expiresAt + 1000);
      await takeInPaymentEvents((await testServer()).deps);
      await act(() => app.session.refreshJourney());
    },
    'payment.proceed': () => click(t.payment.proceed),
    // The renter comes at the booked time: the clock goes there (this path's own; it goes back after
    // the path), and the company's agent, in their own browser, records the car with a photo.
    'handover.record': async () => {
      // The app's booking (the server's dates), not the model's.
      travelTo(app.actor.getSnapshot().context.booking.pickupAt);
      fireEvent.focus(window);
      const counter = await counterFor(app);
      const recorded = await counterRecords(counter.api, counter.number, { damage: CHECKOUT_FORM.damage });
      expect(recorded.ok, JSON.stringify(recorded.ok || recorded.body).slice(0, 400)).toBe(true);
      // The renter's screen hears it live; the walk does not wait on the stream's timing.
      await act(() => app.session.refreshJourney());
    },
    'pickup.confirm': async () => {
      if (next()?.type === 'xstate.error.actor.holdDeposit') app.browser.dropNextRequest((body) => body.includes('"pickup.confirm"'));
      await click(t.carPickup.confirm);
    },
    'pickup.flag': async ({ event }) => {
      await typeInto(t.carPickup.flagLabel, event.note);
      await click(t.carPickup.flag);
    },
    // Nobody came: past the no-show mark the server's job cancels it, and the renter's screen is told.
    'booking.noShow': async () => {
      travelTo(noShowAt(app.actor.getSnapshot().context) + 60_000);
      await cancelNoShows((await testServer()).deps);
      await act(() => app.session.refreshJourney());
    },
    // The company cannot hand the car over: its manager, in a browser of their own, cancels it, and the renter's screen hears it.
    'booking.companyCancel': async ({ event }) => {
      const counter = await counterFor(app, 'manager');
      const view = await counter.api.handover(counter.number);
      if (!view.ok) throw new Error('the manager cannot open the booking');
      const cancelled = await counter.api.cancelForCompany(counter.number, { reason: event.reason, version: view.body.handover.version });
      expect(cancelled.ok, JSON.stringify(cancelled.ok || cancelled.body).slice(0, 400)).toBe(true);
      await act(() => app.session.refreshJourney());
    },
    // The company takes the car out of service: its admin, in a browser of their own, moves the booking
    // to the model's car on the car's page; the renter's screen hears it.
    'booking.moveCar': async ({ event }) => {
      await app.actor.settled();
      const from = app.actor.getSnapshot().context.booking.carId;
      const admin = await adminOf(await testServer(), event.to.company);
      const moved = await admin.moveBooking(from, app.actor.bookingNumber!, event.to.id);
      expect(moved.ok, JSON.stringify(moved.ok || moved.body).slice(0, 400)).toBe(true);
      await act(() => app.session.refreshJourney());
    },
    'rental.extend': () => click(t.carPickup.extend),
    'rental.confirmExtension': async () => {
      if (next()?.type === 'xstate.error.actor.chargeExtension')
        app.browser.dropNextRequest((body) => body.includes('"rental.confirmExtension"'));
      await click(t.carPickup.confirmExtension);
    },
    'rental.cancelExtension': () => click(t.carPickup.keepDates),
    'return.start': () => click(t.carPickup.returnCar),
    // The car comes back when it is due: the agent checks it in, half a tank short with a scratch.
    'handover.checkin': async () => {
      travelTo(dueBackAt(app.actor.getSnapshot().context));
      fireEvent.focus(window);
      const counter = await counterFor(app);
      const answer = await counterChecksIn(counter.api, counter.number, { fuel: CHECKIN_FORM.fuel, damage: CHECKIN_FORM.damage });
      expect(answer.ok, JSON.stringify(answer.ok || answer.body).slice(0, 400)).toBe(true);
      await act(() => app.session.refreshJourney());
    },
    'return.dispute': async ({ event, state }) => {
      const r = t.carReturn;
      const line = state.context.deductions[event.line]!;
      const name = line.damage ? r.damageItems[line.damage.item] : r.kinds[line.kind];
      await click(fill(r.dispute, { line: name }));
      await typeInto(fill(r.disputeReason, { line: name }), event.reason);
      await click(r.sendDispute);
      const charges = screen.getByRole('region', { name: r.refund });
      await waitFor(() => expect(charges).toHaveTextContent(fill(r.disputed, { reason: event.reason })));
    },
    'return.accept': async ({ state }) => {
      const r = t.carReturn;
      if (next()?.type === 'xstate.error.actor.settleDeposit')
        app.browser.dropNextRequest((body) => body.includes('"return.accept"'));
      await click(state.context.deductions.some((d) => d.dispute) ? r.acceptRest : r.accept);
    },
    // The company's manager, in a browser of their own, waives the charge; the renter's screen hears it.
    'return.decide': async ({ event }) => {
      const counter = await counterFor(app, 'manager');
      const view = await counter.api.handover(counter.number);
      if (!view.ok) throw new Error('the manager cannot open the booking');
      const decided = await counter.api.decideDispute(counter.number, {
        line: event.line,
        outcome: event.outcome,
        note: event.note,
        version: view.body.handover.version,
      });
      expect(decided.ok).toBe(true);
      await act(() => app.session.refreshJourney());
    },
    'return.finish': () => click(t.carReturn.finish),
    'booking.start': async () => {
      // The search for SUVs on this path's own dates (the app keeps searches it has made; each path's
      // cars are free again after it, see the cleanup below).
      const pickupAt = defaultTrip(Date.now()).pickupAt + 2 * DAY_MS + n * 60 * 60 * 1000;
      const trip = tripQuery({ pickupLocation: 'dxb-t3', dropoffLocation: 'dxb-t3', pickupAt, dropoffAt: pickupAt + 3 * DAY_MS });
      await go(`${pathOf('search', lang)}${queryString({ ...trip, type: 'suv' })}`);
      await click(fill(t.cars.rentCar, { car: 'Nissan Patrol' }));
    },
    // New dates within the booking's own (a day later pickup), so no other path's car is in the way.
    'booking.modify': async ({ event }) => {
      const c = t.bookingChanges;
      const { booking } = app.actor.getSnapshot().context;
      const valid = event.trip.dropoffAt > event.trip.pickupAt;
      await go(pathOf('bookingDetails', lang));
      const section = await screen.findByRole('region', { name: c.changeTitle });
      const pickup = within(section).getByLabelText(t.search.pickupAt);
      await user.clear(pickup);
      await user.type(pickup, toDubaiInput(booking.pickupAt + DAY_MS));
      const dropoff = within(section).getByLabelText(t.search.dropoffAt);
      await user.clear(dropoff);
      await user.type(dropoff, toDubaiInput(valid ? booking.dropoffAt : booking.pickupAt + DAY_MS));
      await user.click(within(section).getByRole('button', { name: c.check }));
      if (!valid) {
        // Refused by the form itself, next to the field: nothing reaches the server.
        await waitFor(() => expect(dropoff).toHaveAttribute('aria-invalid', 'true'));
        await go(pathOf(stepOf(app.actor.getSnapshot()), lang));
        return;
      }
      if (next()?.type === 'xstate.error.actor.changeBooking') app.browser.dropNextRequest((body) => body.includes('"booking.modify"'));
      await user.click(await within(section).findByRole('button', { name: c.confirmChange }));
    },
    'booking.cancel': async () => {
      const c = t.bookingChanges;
      await go(pathOf('bookingDetails', lang));
      const section = await screen.findByRole('region', { name: c.cancelTitle });
      await user.click(within(section).getByRole('button', { name: c.cancel }));
      if (next()?.type === 'xstate.error.actor.cancelBooking') app.browser.dropNextRequest((body) => body.includes('"booking.cancel"'));
      await user.click(within(section).getByRole('button', { name: new RegExp(c.confirmCancel.split('{refund}')[0]!.trim()) }));
    },
    // The outcome shows on Booking Details, where the renter stays; the model's next check is the pickup step's.
    'xstate.done.actor.changeBooking': () => backToPickup(),
    'xstate.error.actor.changeBooking': () => backToPickup(),
    'xstate.done.actor.cancelBooking': () => backToPickup(),
    'xstate.error.actor.cancelBooking': () => backToPickup(),
    // The renter redeems Winter Escape on the Offers screen; the server applies it to the SUV booking.
    'offer.apply': async ({ state }) => {
      await go(pathOf('offers', lang));
      const [winter] = await screen.findAllByRole('button', { name: new RegExp(`^${t.offers.redeem}`) });
      await user.click(winter!);
      await screen.findByRole('link', { name: t.offers.toPayment });
      await go(pathOf(stepOf(state), lang));
    },
    'account.update': async ({ event, state }) => {
      const a = t.account;
      await go(pathOf('account', lang));
      await typeInto(a.name, event.profile.fullName);
      await typeInto(a.phone, event.profile.phone);
      await typeInto(a.email, mail(event.profile.email));
      await typeInto(a.address, event.profile.address);
      // A new e-mail asks for the current password (server/auth/proof.ts).
      const current = within(screen.getByLabelText(a.email).closest('form')!).queryByLabelText(a.emailChange.currentPassword);
      if (current) await user.type(current, passwords.get(n)!);
      await click(a.save);
      if (event.profile.phone === PROFILE.phone)
        await screen.findByText(current ? fill(a.emailChange.saved, { email: mail(event.profile.email) }) : a.saved);
      else expect(screen.getByLabelText(a.phone)).toHaveAttribute('aria-invalid', 'true');
      // Back to the step the journey is on: the account page is not a step.
      await go(pathOf(stepOf(state), lang));
    },
    // Two days before the deposit hold lapses, the server's payments worker holds it anew: the renter is told.
    'deposit.renewed': async () => {
      const { deps } = await testServer();
      // The hold is due for renewal (as a month on the road would make it: the clock is not moved a
      // month here, since moving it back after the path leaves the in-process database's timers
      // overflowing), and the worker's round renews it.
      const due = await deps.db
        .update(bookings)
        .set({ holdRenewAt: new Date(Date.now() - 1000) })
        .where(and(eq(bookings.number, app.actor.bookingNumber!), isNotNull(bookings.holdRenewAt)))
        .returning({ id: bookings.id });
      expect(due).toHaveLength(1);
      await takeInPaymentEvents(deps);
      // The renter's open app hears of it (a live push) and loads the journey with its new hold.
      await act(() => app.session.refreshJourney());
      await waitFor(() => expect(app.actor.getSnapshot().context.deposit?.renewed).toBeTruthy());
      await go(pathOf('notifications', lang));
      await screen.findByText(t.notifications.kinds.depositRenewed.title);
      await go(pathOf(stepOf(app.actor.getSnapshot()), lang));
    },
    // After the settlement the company's manager refunds part of the payment with a reason; the renter's app hears of it.
    'money.refunded': async ({ event, state }) => {
      const counter = await counterFor(app, 'manager');
      const view = await counter.api.handover(counter.number);
      if (!view.ok) throw new Error('the manager cannot open the booking');
      const { charge, amount, reason } = event.refund;
      const refunded = await counter.api.refundCharge(counter.number, { charge, amount: String(amount / 100), reason, version: view.body.handover.version });
      expect(refunded.ok, JSON.stringify(refunded.ok || refunded.body).slice(0, 400)).toBe(true);
      await act(() => app.session.refreshJourney());
      await waitFor(() => expect(app.actor.getSnapshot().context.companyRefunds).toHaveLength(1));
      await go(pathOf('notifications', lang));
      await screen.findByText(t.notifications.kinds.companyRefund.title);
      await go(pathOf(stepOf(state), lang));
    },
    'deposit.deduct': async ({ state }) => {
      const v = t.trafficViolation;
      await fineArrives(app);
      await go(pathOf('trafficViolation', lang));
      await user.click(await screen.findByRole('button', { name: fill(v.payWith, { method: v.deposit }) }));
      await user.click(await screen.findByRole('button', { name: v.confirmDepositPay }));
      await screen.findByText(new RegExp(v.paidDeposit.split('{date}')[0]!.trim()));
      await go(pathOf(stepOf(state), lang));
    },
  };
}

/** Per state: the URL is the step's path in the path's language, and the h1 is the step's title. */
function stateChecks(app: App, lang: Lang): TestParam<JourneySnapshot, JourneyEvent>['states'] {
  const t = lang === 'ar' ? ar : en;
  const checks: NonNullable<TestParam<JourneySnapshot, JourneyEvent>['states']> = {};
  for (const step of STEPS) {
    checks[`#${step}`] = () =>
      waitFor(() => {
        expect(app.router.state.location.pathname).toBe(pathOf(step, lang));
        const h1 = screen.getByRole('heading', { level: 1 });
        if (LOGO_STEPS.includes(step))
          expect(within(h1).getByRole('img', { name: 'Move car' })).toBeInTheDocument();
        else expect(h1).toHaveTextContent(t.titles[step]);
        expect(document.documentElement).toHaveAttribute('lang', lang);
      });
  }
  // New dates or a cancellation are asked for on Booking Details: while the call runs the renter is
  // still there (the pickup step's screen comes after, see backToPickup).
  const pickupStep = checks['#carPickup']!;
  checks['#carPickup'] = (state) =>
    state.context.pending === 'change' || state.context.pending === 'cancel'
      ? waitFor(() => expect(app.router.state.location.pathname).toBe(pathOf('bookingDetails', lang)))
      : pickupStep(state);
  // While a call is under way its button is busy and cannot be pressed again.
  for (const pending of [
    '#registration.submitting',
    '#logIn.verifying',
    '#rentalContract.signing',
    '#payment.opening',
    '#carPickup.holdingDeposit',
    '#carPickup.onRent.chargingExtension',
    '#carReturn.settling',
  ]) {
    checks[pending] = () => {
      const busy = screen.getAllByRole('button').filter((b) => b.getAttribute('aria-busy') === 'true');
      expect(busy).toHaveLength(1);
      expect(busy[0]).toBeDisabled();
    };
  }
  // No card field on our page, ever: the consent to agree to, its problem next to it when refused.
  checks['#payment.editing'] = async (state) => {
    const consent = await screen.findByRole('checkbox', { name: t.payment.consent });
    if (state.context.fieldErrors.consent) expect(consent).toHaveAttribute('aria-invalid', 'true');
    if (state.context.error === 'paymentExpired') await screen.findByText(t.errors.paymentExpired);
    expect(screen.queryByLabelText(/card number|رقم البطاقة/i)).toBeNull();
  };
  // At the provider's page: the way back to it, its bank's check under way, or why a card was refused there.
  checks['#payment.atProvider'] = async (state) => {
    await screen.findByRole('link', { name: t.payment.continueAtProvider });
    const session = state.context.paymentSession!;
    if (session.challenge) await screen.findByText(t.payment.challenge);
    if (session.failure) await screen.findByText(new RegExp(t.errors[session.failure].slice(0, 20)));
  };
  // Signed: on to payment; once the booking is over (finished or cancelled) it says so instead.
  checks['#rentalContract.signed'] = async (state) => {
    const c = state.context;
    if (c.cancellation) await screen.findByText(t.journey.over.cancelled);
    else if (c.completedAt !== null) await screen.findByText(t.journey.over.finished);
    else await screen.findByRole('button', { name: t.rentalContract.proceed });
    if (c.cancellation || c.completedAt !== null) expect(screen.queryByRole('button', { name: t.rentalContract.proceed })).toBeNull();
  };
  // The counter's record is on the renter's phone: to confirm, or flagged and waiting for the agent.
  checks['#carPickup.handingOver'] = async (state) => {
    await screen.findByRole('heading', { name: t.carPickup.recordTitle });
    if (state.context.checkout?.flag) await screen.findByText(fill(t.carPickup.flagged, { note: FLAG_NOTE }));
    else await screen.findByRole('button', { name: t.carPickup.confirm });
  };
  // The counter's check-in is on the renter's phone: every charge, to dispute or accept.
  checks['#carReturn.reviewing'] = async (state) => {
    await screen.findByRole('heading', { name: t.carReturn.checkin });
    const disputed = state.context.deductions.some((d) => d.dispute);
    await screen.findByRole('button', { name: disputed ? t.carReturn.acceptRest : t.carReturn.accept });
  };
  checks['#carReturn.awaitingDecision'] = () => screen.findByText(t.carReturn.awaiting).then(() => undefined);
  checks['#carPickup.cancelled'] = async (state) => {
    await screen.findByRole('link', { name: t.bookingChanges.findAnother });
    // Cancelled by the company: it says who and why, and that nothing was kept.
    const reason = state.context.cancellation?.byCompany;
    if (reason) await screen.findByText((_, node) => node?.tagName === 'P' && node.textContent!.startsWith(t.bookingChanges.byCompany.split('{date}')[0]!));
  };
  // Before looking at the screen, wait until the app's journey is where the model is (a call may still
  // be answering); then every check above is about what the person sees.
  return Object.fromEntries(
    Object.entries(checks).map(([key, check]) => [
      key,
      async (state: JourneySnapshot) => {
        // The server's own call (a no-show): the browser only ever sees its outcome.
        if (state.context.pending === 'noShow' || state.context.pending === 'companyCancel' || state.context.pending === 'decision') return;
        // Steps go to the server one after another: allow a few to queue up.
        await waitFor(() => expect(app.actor.getSnapshot().value).toEqual(state.value));
        await check(state);
      },
    ]),
  );
}

describe('model-based paths through the rendered app and the real server (xstate/graph)', () => {
  beforeAll(async () => {
    // Both machines count: the browser's and the server's (a deduction is only ever the server's).
    (await testServer()).deps.inspect = recordInto(walked);
  });

  // The generated paths themselves, on the machine alone (computed once, above: a few seconds).
  it('the generated paths reach every state and take every transition of the journey', () => {
    const all = machineInventory();
    expect([...all.states].filter((s) => !covered.states.has(s))).toEqual([]);
    // account.refresh is the server's, inside a sign-in: walked by the app below and by the machine's own tests.
    expect([...all.transitions].filter((t) => !covered.transitions.has(t))).toEqual(['signedIn on account.refresh #0']);
    expect(all.transitions.size).toBeGreaterThan(40);
  });

  it.each(paths.map((path, i) => ({ path, lang: (i % 2 === 0 ? 'en' : 'ar') as Lang, n: i + 1 })))(
    'path $n ($lang): $path.steps.length steps',
    async ({ path, lang, n }) => {
      // Every path has its own people: the e-mails of the model, made unique to this path.
      const suffix = `p${n}${Date.now().toString(36)}`;
      const mail = (email: string) => email.replace('@', `+${suffix}@`);
      const known = createApi({ baseUrl: `${ORIGIN}/api`, fetch: browserFor(await testServer()).fetch });
      for (const person of [KNOWN, VERIFIED]) {
        const registered = await known.register({
          ...person,
          email: mail(person.email),
          confirmPassword: person.password,
          emiratesId: '784-1990-1234567-6',
          emiratesIdExpiry: '2031-01-31',
          licenceExpiry: '2030-06-30',
          termsAccepted: true,
          // They registered in the path's language: signing in keeps them in it (the account's language).
          language: lang,
          emiratesIdFile: new File([PNG_BYTES], 'id.png', { type: 'image/png' }),
          emiratesIdBackFile: new File([PNG_BYTES], 'id-back.png', { type: 'image/png' }),
          licenceFile: new File([PDF_BYTES], 'licence.pdf', { type: 'application/pdf' }),
        });
        expect(registered.ok).toBe(true);
      }
      // As UAE PASS leaves an account it has linked: verified.
      const server = await testServer();
      await server.database.db.update(users).set({ verified: true }).where(eq(users.email, mail(VERIFIED.email)));

      // A path that picks the car up moves the clock to it; the next path starts from here again, with
      // the cars this path's people booked free again (so every path's car is a day ahead, not weeks).
      const back = clockOffset();
      onTestFinished(async () => {
        shiftClock(back);
        const { db } = (await testServer()).database;
        const people = db.select({ id: users.id }).from(users).where(like(users.email, `%+${suffix}@%`));
        // As a demo sample is: never holding its car, even when a step of this path is saved late (the
        // reconciler finishing a step whose answer the path dropped on purpose).
        await db.update(bookings).set({ holdsCar: false, sample: true }).where(inArray(bookings.renterId, people));
      });
      const app = await renderAt(pathOf('registration', lang), { latency, inspect: recordInto(walked) });
      // Which step is next, so a step whose outcome is a dropped connection can have one.
      let step = 0;
      const steps = path.steps.map((s) => s.event);
      const counted = Object.fromEntries(
        [...new Set(steps.map((e) => e.type))].map((type) => [
          type,
          async (arg: { event: JourneyEvent; state: JourneySnapshot }) => {
            // Every check of the state before has looked at the screen: a call it showed under way goes on.
            seenUnderWay();
            step++;
            const next = () => steps[step] as JourneyEvent | undefined;
            const run = (executors(app, lang, mail, next, n) as Record<string, (a: unknown) => unknown>)[type];
            await run?.(arg);
          },
        ]),
      );
      await path.test({
        events: counted as TestParam<JourneySnapshot, JourneyEvent>['events'],
        states: stateChecks(app, lang),
      });
      seenUnderWay();
      app.unmount();
    },
    90_000,
  );

  afterAll(() => {
    const all = machineInventory();
    const missingStates = [...all.states].filter((s) => !walked.states.has(s));
    const missingTransitions = [...all.transitions].filter((s) => !walked.transitions.has(s));
    console.log(
      `Model-based coverage: ${paths.length} of ${generated.length} generated paths walked in the app; ` +
        `states ${all.states.size - missingStates.length}/${all.states.size}, ` +
        `transitions ${all.transitions.size - missingTransitions.length}/${all.transitions.size}`,
    );
    expect({ missingStates, missingTransitions }).toEqual({ missingStates: [], missingTransitions: [] });
  });
});
