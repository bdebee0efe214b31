// The test model of the rental journey: xstate/graph traverses the machine itself; this file only
// says which concrete events exist (form contents, cards, routes) and how a state is abstracted.
import { CAR_CATEGORIES } from '../machines/fleet';
import { FLEET } from '../machines/sampleFleet';
import { createActor, fromPromise, fromTransition, type ActorLogic, type EventObject, type InspectionEvent, type Snapshot } from 'xstate';
import { createTestModel, type TestModel, type TestPath, type TraversalOptions } from 'xstate/graph';
import type { Renter } from '../machines/renter';
import {
  JourneyFailure,
  journeyMachine,
  type JourneyEvent,
  type JourneySnapshot,
} from '../machines/journey';
import { canMoveTo, changeQuote, dueBackAt, extensionPrice, liveHold, noShowAt, openDisputes, PAYMENT_SESSION_MS, STEPS } from '../machines/journey-rules';
import { isReturnLine } from '../machines/returns';
import { aed, DAY_MS, fineDeduction } from '../machines/money';
import type { Trip } from '../machines/booking';

const AT = new Date(2026, 10, 22, 12).getTime();
export const START = new Date(2026, 10, 21, 9).getTime();

/** Marks the outcome events this model chose; createTestModel adds bare ones for the other outcomes. */
const OUTCOME = Symbol('outcome');

/** Accounts the app's store holds before each path runs. */
export const KNOWN = {
  fullName: 'Khalid Al Nuaimi',
  email: 'khalid@example.ae',
  phone: '0521234567',
  password: 'oasis-morning-7',
};
export const TAKEN_EMAIL = KNOWN.email;
/** A renter whose identity UAE PASS has verified (linked earlier): the contract skips the identity step. */
export const VERIFIED = {
  fullName: 'Fatima Al Hashimi',
  email: 'fatima@example.ae',
  phone: '0561234567',
  password: 'dune-evening-11',
};

export const NEW_RENTER = {
  fullName: 'Noura Al Ketbi',
  email: 'noura@example.ae',
  phone: '0551234567',
  password: 'falcon-sky-2026',
};
export const DOCUMENTS = {
  emiratesId: '784-1985-1234567-3',
  emiratesIdExpiry: '2031-01-31',
  licenceExpiry: '2030-06-30',
  emiratesIdFile: { name: 'emirates-id.png', type: 'image/png', size: 68 },
  emiratesIdBackFile: { name: 'emirates-id-back.png', type: 'image/png', size: 68 },
  licenceFile: { name: 'licence.pdf', type: 'application/pdf', size: 40 },
};
export const PROFILE = {
  fullName: 'Noura Saeed Al Ketbi',
  phone: '0501112222',
  email: 'noura.new@example.ae',
  address: 'Dubai Marina',
};
/** What the counter records at a handover (one photo: the walk uploads a real one, whatever this id). */
export const CHECKOUT_FORM = {
  odometer: '24500',
  fuel: 'F',
  damage: 'Scratch on the rear bumper',
  licenceExpiry: '2030-05-31',
  identityChecked: true,
  photos: ['00000000-0000-4000-8000-000000000001'],
};
export const AGENT = 'Hamdan Saeed';
/** Another agent of the counter, who records the car again (after a flag, or to correct a figure). */
export const COLLEAGUE = 'Yousef Rahman';
export const FLAG_NOTE = 'The tank is half full, not full';
/** What the counter records when the car comes back: half a tank short and a scratch from the price list. */
export const CHECKIN_FORM = {
  odometer: '99000',
  fuel: '1/2',
  damage: [{ item: 'scratch', amount: '', note: 'Rear bumper, left' }],
  photos: ['00000000-0000-4000-8000-000000000002'],
};
export const DISPUTE_REASON = 'It was like this at pickup';
export const DECISION_NOTE = 'The check-out photos show it';
/** The company's manager who decides a dispute. */
export const MANAGER = 'Sara Khan';
/** Why the company's manager gives back part of the payment after the rental. */
export const REFUND_REASON = 'The air conditioning failed on the first day';
export const WRONG_SIGNATURE = 'Somebody Else';
/** The booking's dates moved on by a week, two days longer (a change before pickup). */
export const NEW_TRIP: Trip = {
  pickupLocation: 'dubai-marina',
  dropoffLocation: 'dubai-marina',
  pickupAt: AT + 7 * DAY_MS,
  dropoffAt: AT + 14 * DAY_MS,
};

const renter = ({ fullName, email, phone }: typeof KNOWN, verified = false): Renter => ({
  fullName,
  email,
  phone,
  verified,
});

/** The provider's news of the renter's page: its bank's challenge, a card refused, paid, or the page's time up. */
const providerNews = (sessionId: string): JourneyEvent[] => [
  { type: 'payment.challenge', sessionId },
  { type: 'payment.failed', sessionId, reason: 'cardDeclined' },
  { type: 'payment.completed', sessionId, reference: 'pi_model', cardToken: 'cus_model/pm_model', card: { last4: '4242', brand: 'visa', expiry: '12/30' }, at: AT },
  { type: 'payment.expired', sessionId },
];

/** Concrete events of each type. Outcomes of pending calls follow what the local services do. */
function eventsFor(state: JourneySnapshot): JourneyEvent[] {
  const c = state.context;
  const outcomes: JourneyEvent[] = [];
  if (state.matches({ signedOut: { registration: 'submitting' } })) {
    outcomes.push(
      c.pending === TAKEN_EMAIL
        ? { type: 'xstate.error.actor.registerAccount', error: new JourneyFailure('emailTaken') }
        : { type: 'xstate.done.actor.registerAccount', output: renter(NEW_RENTER) },
    );
  }
  if (state.matches({ signedOut: { logIn: 'verifying' } })) {
    outcomes.push(
      c.pending === KNOWN.email
        ? { type: 'xstate.done.actor.verifyAccount', output: renter(KNOWN) }
        : c.pending === VERIFIED.email
          ? { type: 'xstate.done.actor.verifyAccount', output: renter(VERIFIED, true) }
          : { type: 'xstate.error.actor.verifyAccount', error: new JourneyFailure('wrongCredentials') },
    );
  }
  if (state.matches({ signedIn: { rentalContract: 'signing' } })) {
    outcomes.push(
      c.pending === c.renter?.fullName
        ? { type: 'xstate.done.actor.signContract', output: { signedAt: AT } }
        : { type: 'xstate.error.actor.signContract', error: new JourneyFailure('signatureFailed') },
    );
  }
  // The provider's page opens (or the connection drops on the way: NETWORK_FAILURES).
  if (state.matches({ signedIn: { payment: 'opening' } })) {
    outcomes.push(
      { type: 'xstate.done.actor.openCheckout', output: { sessionId: `cs_model_${c.paymentSession ? 2 : 1}`, url: 'http://127.0.0.1:9/pay', expiresAt: AT + PAYMENT_SESSION_MS } },
      { type: 'xstate.error.actor.openCheckout', error: new JourneyFailure('network') },
    );
  }
  // The deposit is authorised as the renter confirms the handover (or the connection drops on the way).
  if (state.matches({ signedIn: { carPickup: 'holdingDeposit' } })) {
    outcomes.push(
      { type: 'xstate.done.actor.holdDeposit', output: { amount: 1, reference: 'pi_hold', heldAt: c.booking.pickupAt, captureBefore: c.booking.pickupAt + 7 * DAY_MS, extended: false } },
      { type: 'xstate.error.actor.holdDeposit', error: new JourneyFailure('network') },
    );
  }
  // The gateway charges the card on file for added days, and settles the deposit hold; either call
  // can also fail on the way (the connection drops), which the walk makes happen (see NETWORK_FAILURES).
  if (state.matches({ signedIn: { carPickup: { onRent: 'chargingExtension' } } })) {
    outcomes.push(
      {
        type: 'xstate.done.actor.chargeExtension',
        output: { days: 1, price: extensionPrice(c.booking, 1), reference: 'ch-ext', chargedAt: AT },
      },
      { type: 'xstate.error.actor.chargeExtension', error: new JourneyFailure('network') },
    );
  }
  if (state.matches({ signedIn: { carReturn: 'settling' } })) {
    outcomes.push({
      type: 'xstate.done.actor.settleDeposit',
      output: { refunded: 1, captured: 0, due: 0, releaseBy: AT, settledAt: AT, reference: 'settle' },
    });
    // The renter's acceptance can lose its connection; a manager's decision settles on the server.
    if (c.pending !== 'decision') outcomes.push({ type: 'xstate.error.actor.settleDeposit', error: new JourneyFailure('network') });
  }
  if (state.matches({ signedIn: { carPickup: 'changing' } })) {
    const quote = changeQuote(c, NEW_TRIP);
    outcomes.push(
      { type: 'xstate.done.actor.changeBooking', output: { at: AT, trip: NEW_TRIP, ...quote, reference: 'ch-change' } },
      { type: 'xstate.error.actor.changeBooking', error: new JourneyFailure('network') },
    );
  }
  if (state.matches({ signedIn: { carPickup: 'cancelling' } })) {
    outcomes.push(
      {
        type: 'xstate.done.actor.cancelBooking',
        output: {
          at: AT,
          fee: 0,
          refunded: 1,
          reference: 're',
          ...(c.pending === 'noShow' ? { noShow: true as const } : {}),
          ...(c.pending === 'companyCancel' ? { byCompany: 'carNotBack' as const } : {}),
        },
      },
    );
    // The server's no-show job: a failed call leaves nothing for the renter to see (it tries again next round).
    if (c.pending !== 'noShow' && c.pending !== 'companyCancel')
      outcomes.push({ type: 'xstate.error.actor.cancelBooking', error: new JourneyFailure('network') });
  }
  const form = { ...NEW_RENTER, ...DOCUMENTS, confirmPassword: NEW_RENTER.password, termsAccepted: true };
  // The company's nearest other car to move a paid booking to: the least category it may (canMoveTo).
  const moveTo = Object.values(FLEET)
    .filter((car) => canMoveTo(c.booking.car, car))
    .sort((a, b) => CAR_CATEGORIES.indexOf(a.category) - CAR_CATEGORIES.indexOf(b.category))[0];
  const undisputed = c.deductions.findIndex((d) => isReturnLine(d) && !d.dispute);
  const open = c.deductions.findIndex((d) => openDisputes(c).includes(d));
  return [
    ...outcomes.map((e) => Object.assign(e, { [OUTCOME]: true })),
    ...STEPS.map((step) => ({ type: 'xstate.route', to: `#${step}` }) as const),
    { type: 'registration.submit', form, at: AT },
    { type: 'registration.submit', form: { ...form, confirmPassword: 'not-the-same-1' }, at: AT },
    { type: 'registration.submit', form: { ...form, email: TAKEN_EMAIL }, at: AT },
    { type: 'logIn.submit', email: KNOWN.email, password: KNOWN.password },
    { type: 'logIn.submit', email: VERIFIED.email, password: VERIFIED.password },
    { type: 'logIn.submit', email: 'nobody@example.ae', password: KNOWN.password },
    { type: 'contract.acceptTerms' },
    { type: 'contract.verifyIdentity' },
    { type: 'contract.sign', signature: c.renter?.fullName ?? '', at: AT },
    { type: 'contract.sign', signature: WRONG_SIGNATURE, at: AT },
    { type: 'contract.proceed' },
    { type: 'payment.submit', consent: true, at: AT },
    { type: 'payment.submit', consent: false, at: AT },
    // What the provider then says (its webhook, or the renter's return): the renter on its page. Not
    // while a call of ours is under way: the walk's renter is waiting on the screen then, not typing
    // a card on the page being replaced (the machine takes that news too, see its own tests).
    ...(c.paymentSession && !state.hasTag('pending') ? providerNews(c.paymentSession.sessionId) : []),
    { type: 'payment.proceed' },
    // The counter, at the booked time (the window opens an hour before; days early is refused).
    { type: 'handover.record', checkout: CHECKOUT_FORM, agent: c.checkout ? COLLEAGUE : AGENT, at: c.booking.pickupAt },
    // The renter: confirms the record, or flags a difference.
    { type: 'pickup.confirm', at: c.booking.pickupAt },
    { type: 'pickup.flag', note: FLAG_NOTE, at: c.booking.pickupAt },
    { type: 'rental.extend', days: 1 },
    { type: 'rental.confirmExtension', at: AT },
    { type: 'rental.cancelExtension' },
    { type: 'return.start' },
    // The counter checks the car in when it is due (again, by a colleague, to correct it).
    { type: 'handover.checkin', checkin: CHECKIN_FORM, agent: c.checkin ? COLLEAGUE : AGENT, at: dueBackAt(c) },
    // The renter disputes the first charge not yet disputed, and accepts the rest.
    ...(undisputed >= 0 ? [{ type: 'return.dispute', line: undisputed, reason: DISPUTE_REASON, at: AT } as const] : []),
    { type: 'return.accept', at: AT },
    // The manager waives the first dispute still open.
    ...(open >= 0 ? [{ type: 'return.decide', line: open, outcome: 'waived', note: DECISION_NOTE, by: MANAGER, at: AT } as const] : []),
    { type: 'return.finish', at: AT },
    { type: 'booking.start', car: FLEET.patrol, at: AT },
    { type: 'booking.modify', trip: NEW_TRIP, at: AT },
    { type: 'booking.modify', trip: { ...NEW_TRIP, dropoffAt: NEW_TRIP.pickupAt }, at: AT },
    { type: 'booking.cancel', at: AT },
    // The server's, when nobody came for the car (server/journey/noShows.ts).
    { type: 'booking.noShow', at: noShowAt(c) },
    // The company's, when it cannot hand the car over (server/handovers: a manager at the counter).
    { type: 'booking.companyCancel', reason: 'carNotBack', at: AT },
    // The company's admin, taking the car out of service: the booking moves to another of its cars.
    ...(moveTo ? [{ type: 'booking.moveCar', to: moveTo, at: AT } as const] : []),
    { type: 'offer.apply', offerId: 'winter', completedRentals: 0, upgradeTo: null, at: AT },
    { type: 'account.update', profile: PROFILE },
    { type: 'deposit.deduct', deduction: fineDeduction(aed(500)) },
    // The server's payments worker, before the deposit hold lapses: held anew (server/payments/holds.ts).
    // Walked once, on the road (the machine takes it wherever the hold is live: its own tests).
    ...(liveHold(c) && !c.deposit!.renewed && state.matches({ signedIn: { carPickup: { onRent: 'driving' } } }) ? [{ type: 'deposit.renewed', replaces: liveHold(c)!.reference, hold: { reference: 'pi_renewed', captureBefore: liveHold(c)!.captureBefore + 7 * DAY_MS, extended: false }, at: AT } as const] : []),
    // The company's manager, once the deposit is settled: part of the payment given back (server/payments/refunds.ts).
    // Walked once, before the renter finishes (the machine's own tests take it elsewhere).
    ...(c.refund && c.companyRefunds.length === 0 && c.completedAt === null
      ? [{ type: 'money.refunded', refund: { charge: 'payment', amount: aed(10), reason: REFUND_REASON, by: MANAGER, at: AT, reference: 'pi_refund' } } as const]
      : []),
    { type: 'account.update', profile: { ...PROFILE, phone: '123' } },
  ];
}

/** What decides the journey's guards, without timestamps or names: keeps the graph small. */
function abstractState(s: JourneySnapshot) {
  const c = s.context;
  // At the counter the renter's account and fines change nothing of the handover: those events are
  // walked in every other state, so here they are not told apart (the graph stays walkable).
  // Once the car is back, how the rental got there (added days, an offer) changes nothing either.
  const returned = s.matches({ signedIn: 'carReturn' }) && c.checkin !== null;
  const atCounter = returned || s.matches({ signedIn: { carPickup: 'handingOver' } });
  return JSON.stringify({
    value: s.value,
    renter: c.renter ? (c.renter.verified ? 'verified' : 'plain') : null,
    flags: [
      c.termsAccepted,
      c.identityVerified,
      !!c.contract,
      !!c.payment,
      !!c.pickedUpAt,
      !!c.returnedAt,
      !!c.checkin?.acceptedAt,
      !!c.refund,
      !!c.completedAt,
      !!c.cancellation,
      !!c.cancellation?.noShow,
      !!c.cancellation?.byCompany,
    ],
    // Until the renter confirms: recorded, flagged, or recorded again (once out, the same as any rental).
    checkout:
      c.pickedUpAt !== null || !c.checkout ? null : c.checkout.flag ? 'flagged' : c.checkout.agent === AGENT ? 'recorded' : 'again',
    // Checked in, and by whom (a colleague corrects it); each charge's dispute as it stands.
    checkin: !c.checkin ? null : c.checkin.agent === AGENT ? 'recorded' : 'again',
    disputes: c.deductions.filter((d) => d.dispute).map((d) => d.dispute!.decision?.outcome ?? 'open'),
    extended: !returned && c.extensions.length > 0,
    quote: !!c.extensionQuote,
    returnTo: c.returnTo,
    name: !atCounter && c.renter?.fullName === PROFILE.fullName ? 'edited' : null,
    profileProblems: atCounter ? [] : Object.keys(c.profileErrors),
    fined: !atCounter && c.deductions.some((d) => d.kind === 'fine'),
    renewed: !returned && !!c.deposit?.renewed,
    refunded: c.completedAt === null && c.companyRefunds.length > 0,
    offer: returned ? null : (c.booking.offer ?? null),
    // Moved to another car, while nothing else is under way: once anything follows it is a rental as
    // any other (the graph keeps one vertex for it, so the walk takes the move once).
    moved: c.booking.movedFrom !== undefined && c.pending === null && c.error === null && c.checkout === null && c.cancellation === null,
    // At the provider's page: open, its bank's challenge under way, or a card refused there.
    session: c.paymentSession ? (c.paymentSession.challenge ? 'challenge' : (c.paymentSession.failure ?? 'open')) : null,
    pending: c.pending,
    error: c.error,
    problems: Object.keys(c.fieldErrors),
  });
}

/** Outcomes that happen because the connection drops: the walk cuts the network for that request. */
export const NETWORK_FAILURES = new Set([
  'xstate.error.actor.openCheckout',
  'xstate.error.actor.holdDeposit',
  'xstate.error.actor.chargeExtension',
  'xstate.error.actor.settleDeposit',
]);

/** Events every state handles at the root: one vertex each is enough, whatever state they leave. */
const ROOT_EVENTS = new Set(['xstate.route', 'booking.start']);

export const journeyModel = createTestModel(journeyMachine, {
  events: eventsFor,
  input: { now: START },
  // account.refresh is the server's, inside a sign-in (walked there, recorded by the server's inspector).
  filterEvents: (_state, event) =>
    event.type !== 'account.refresh' && (!/^xstate\.(done|error)\.actor\./.test(event.type) || OUTCOME in event),
  serializeState: (state, event, previous) => {
    const moved = event && previous && JSON.stringify(previous.value) !== JSON.stringify(state.value);
    if (!moved) return abstractState(state);
    const from = ROOT_EVENTS.has(event.type) ? '' : ` from ${JSON.stringify(previous.value)}`;
    return `${abstractState(state)} via ${JSON.stringify(event)}${from}`;
  },
});

// ---- coverage: which states and transitions of the machine a path goes through ----

type StateValueLike = string | { [key: string]: StateValueLike };

/** Paths of the state nodes a state value is in, e.g. signedIn.payment.editing and its parents. */
function pathsOf(value: StateValueLike, prefix = ''): string[] {
  const join = (key: string) => (prefix ? `${prefix}.${key}` : key);
  if (typeof value === 'string') return [join(value)];
  return Object.entries(value).flatMap(([key, child]) => [join(key), ...pathsOf(child, join(key))]);
}

const nodeName = (node: StateNodeLike) => node.path.join('.') || '(machine)';

interface TransitionLike {
  source: StateNodeLike;
  eventType: string;
}
interface StateNodeLike {
  id: string;
  path: string[];
  states: Record<string, StateNodeLike>;
  transitions: Map<string, TransitionLike[]>;
  always?: TransitionLike[];
}

/** A transition's identity that survives machine.provide(): source, event, position among alternatives. */
export function transitionKey(t: TransitionLike): string {
  const always = t.source.always?.indexOf(t) ?? -1;
  if (always >= 0) return `${nodeName(t.source)} (always #${always})`;
  return `${nodeName(t.source)} on ${t.eventType} #${t.source.transitions.get(t.eventType)!.indexOf(t)}`;
}

function walk(node: StateNodeLike, visit: (node: StateNodeLike) => void) {
  visit(node);
  Object.values(node.states).forEach((child) => walk(child, visit));
}

/** Every state node and every declared transition of a machine. */
export function inventoryOf(machine: { root: unknown }) {
  const states = new Set<string>();
  const transitions = new Set<string>();
  walk(machine.root as StateNodeLike, (node) => {
    if (node.path.length > 0) states.add(nodeName(node));
    for (const list of node.transitions.values()) list.forEach((t) => transitions.add(transitionKey(t)));
    node.always?.forEach((t) => transitions.add(transitionKey(t)));
  });
  return { states, transitions };
}

export const machineInventory = () => inventoryOf(journeyMachine);

export interface Coverage {
  states: Set<string>;
  transitions: Set<string>;
}

export const emptyCoverage = (): Coverage => ({ states: new Set(), transitions: new Set() });

/** An inspector that records the states entered and transitions taken by an actor. */
export function recordInto(coverage: Coverage) {
  const statesOf = (snapshot: unknown) =>
    pathsOf((snapshot as { value: StateValueLike }).value).forEach((p) => coverage.states.add(p));
  return (event: InspectionEvent) => {
    // Snapshots include the initial state, which no microstep enters.
    if (event.type === '@xstate.snapshot' && 'value' in event.snapshot) statesOf(event.snapshot);
    if (event.type !== '@xstate.microstep') return;
    statesOf(event.snapshot);
    (event._transitions as unknown as TransitionLike[]).forEach((t) =>
      coverage.transitions.add(transitionKey(t)),
    );
  };
}

/** Each machine with its calls never answering, built once per machine and list of calls (thousands of paths replay on it). */
const silencedMachines = new WeakMap<object, Map<string, unknown>>();
function silenced(machine: { provide(impl: { actors: Record<string, unknown> }): unknown }, actorIds: string[]) {
  let byIds = silencedMachines.get(machine);
  if (!byIds) silencedMachines.set(machine, (byIds = new Map()));
  const key = actorIds.join(' ');
  if (!byIds.has(key)) {
    const silent = fromPromise(() => new Promise<never>(() => {}));
    byIds.set(key, machine.provide({ actors: Object.fromEntries(actorIds.map((id) => [id, silent])) }));
  }
  return byIds.get(key);
}

/**
 * Replays a path's events on a machine alone, recording the states and transitions it goes through.
 * Server-like actors are replaced by ones that never answer: the path's own outcome events answer.
 */
export function replayCoverage<E extends { type: string }>(
  machine: { provide(impl: { actors: Record<string, unknown> }): unknown },
  actorIds: string[],
  input: unknown,
  events: E[],
): Coverage {
  const coverage = emptyCoverage();
  const actor = createActor(silenced(machine, actorIds) as typeof journeyMachine, {
    input: input as never,
    inspect: recordInto(coverage),
  }).start();
  events.forEach((event) => actor.send(event as never));
  actor.stop();
  return coverage;
}

/**
 * The paths no other path extends (A → B is walked inside A → B → C), found with a trie of their
 * event sequences in one pass: xstate/graph's own de-duplication compares every path with every
 * longer one, which took most of the generation's minute on this model.
 */
export function maximalPaths<P extends { steps: { event: unknown }[] }>(paths: P[]): P[] {
  const children = new Map<number, Map<string, number>>();
  let nodes = 1;
  const ends = paths.map((path) => {
    let node = 0;
    for (const step of path.steps) {
      const key = JSON.stringify(step.event);
      let kids = children.get(node);
      if (!kids) children.set(node, (kids = new Map()));
      let child = kids.get(key);
      if (child === undefined) kids.set(key, (child = nodes++));
      node = child;
    }
    return node;
  });
  const kept = new Set<number>();
  return paths.filter((_, i) => {
    const end = ends[i]!;
    if (children.has(end) || kept.has(end)) return false;
    kept.add(end);
    return true;
  });
}

/** What a machine's pure `transition` needs around it: an actor whose system tells `inspect` each microstep. */
function inspectingScope(inspect: (event: InspectionEvent) => void) {
  const self = createActor(fromTransition((state: null) => state, null), { inspect });
  return {
    self,
    logger: () => {},
    id: '',
    sessionId: 'model',
    defer: () => {},
    system: self.system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  };
}

interface Vertex<S, E> {
  state: S;
  /** How the walk came here first: the vertex before and the event; null at the start. */
  from: { vertex: Vertex<S, E>; event: E } | null;
  /** What that one step entered and took (the start: the states it begins in). */
  step: Coverage;
}

/**
 * The model's shortest path to every state it tells apart, each with what it covers of the machine
 * (`coverage`: the states entered and transitions taken on the way). The walk of xstate/graph's
 * getShortestPaths, through the same model options (its events, filter and states told apart):
 * breadth first, so the first way found to a state is a shortest one; its paths are the model's own
 * (`path.test`). Written here for its speed on the journey's 15,500 states: xstate/graph's walks the
 * graph twice and takes each next state off the head of an array (Array.prototype.shift copies the
 * rest), 11 s here against 4.7 s; and each step's coverage is recorded as the walk takes it, where
 * replaying the 10,480 paths on an actor afterwards took 6.5 s.
 */
export function shortestPaths<S extends Snapshot<unknown> & { value: unknown }, E extends EventObject, I>(model: TestModel<S, E, I>) {
  const generate = (logic: ActorLogic<S, E, I>, options: TraversalOptions<S, E, I>) => {
    const serialize = options.serializeState!;
    const eventsOf = options.events as (state: S) => readonly E[];
    let step = emptyCoverage();
    const scope = inspectingScope((event) => {
      if (event.type !== '@xstate.microstep') return;
      for (const node of (event.snapshot as unknown as { _nodes: StateNodeLike[] })._nodes) if (node.path.length > 0) step.states.add(nodeName(node));
      for (const t of event._transitions as unknown as TransitionLike[]) step.transitions.add(transitionKey(t));
    });
    const first = logic.getInitialSnapshot(scope as never, options.input as I);
    const start: Vertex<S, E> = { state: first, from: null, step: { states: new Set(pathsOf(first.value as StateValueLike)), transitions: new Set() } };
    const seen = new Map([[serialize(first, undefined), start]]);
    const queue = [start];
    for (let head = 0; head < queue.length; head++) {
      const vertex = queue[head]!;
      for (const event of eventsOf(vertex.state)) {
        if (options.filterEvents && !options.filterEvents(vertex.state, event)) continue;
        step = emptyCoverage();
        const next = logic.transition(vertex.state, event, scope as never);
        const key = serialize(next, event, vertex.state);
        if (seen.has(key)) continue;
        const found: Vertex<S, E> = { state: next, from: { vertex, event }, step };
        seen.set(key, found);
        queue.push(found);
      }
    }
    // As xstate/graph gives them: each step the state an event led to, the first one the start's.
    return queue.map((vertex) => {
      const steps: { state: S; event: E }[] = [];
      const coverage = emptyCoverage();
      for (let at: Vertex<S, E> | null = vertex; at; at = at.from?.vertex ?? null) {
        steps.unshift({ state: at.state, event: at.from?.event ?? ({ type: 'xstate.init' } as E) });
        at.step.states.forEach((s) => coverage.states.add(s));
        at.step.transitions.forEach((t) => coverage.transitions.add(t));
      }
      return { state: vertex.state, steps, weight: steps.length - 1, coverage };
    });
  };
  // getPaths keeps each path's own properties (its coverage) beside the test it adds.
  return model.getPaths(generate, { allowDuplicatePaths: true }) as (TestPath<S, E> & { coverage: Coverage })[];
}

/** The model's shortest paths to every state it tells apart, without those another path extends. */
export const generatedPaths = () => maximalPaths(shortestPaths(journeyModel));

/**
 * From the generated shortest paths, a small set that together covers every state and transition
 * the paths reach (greedy set cover), so the UI walks each of them at least once.
 */
export function coveringPaths<P extends { steps: { event: unknown }[] }>(paths: P[], measure: (path: P) => Coverage) {
  const measured = paths.map((path) => ({ path, coverage: measure(path) }));
  const covered = emptyCoverage();
  const chosen: P[] = [];
  const gain = (c: Coverage) =>
    [...c.states].filter((s) => !covered.states.has(s)).length +
    [...c.transitions].filter((t) => !covered.transitions.has(t)).length;
  for (;;) {
    const best = measured.reduce((a, b) => (gain(b.coverage) > gain(a.coverage) ? b : a));
    if (gain(best.coverage) === 0) break;
    chosen.push(best.path);
    best.coverage.states.forEach((s) => covered.states.add(s));
    best.coverage.transitions.forEach((t) => covered.transitions.add(t));
  }
  return { paths: chosen, covered };
}
