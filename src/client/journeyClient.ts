// The browser's journey: the same machine the server runs, kept in step with the server's record.
// The local machine guides (forms, busy states, routing) and applies a step at once; the step then
// goes to the server, which decides. Whenever the server's answer differs from what the browser
// shows (another window moved on, a step was refused, the network failed), the browser takes the
// server's journey. The server's record is the truth; the browser stores nothing of it.
import { createActor, fromPromise, type ActorOptions, type Observer, type Subscription } from 'xstate';
import {
  JourneyFailure,
  journeyMachine,
  type CallInputs,
  type JourneyEvent,
  type JourneySnapshot,
  type OpenedCheckout,
} from '../../machines/journey';
import { isSignedIn, type BookingChange, type Cancellation, type DepositHold, type ExtensionCharge, type JourneyContext, type JourneyError, type Settlement } from '../../machines/journey-rules';
import { restoreJourney } from '../../machines/persistence';
import type { CarId } from '../../machines/fleet';
import type { Trip } from '../../machines/booking';
import type { Renter } from '../../machines/renter';
import type { ProfileInput, Problem } from '../../machines/validation';
import { Unreachable, type Answer, type Api, type ClientEvent, type JourneyView, type PublicUser } from './api';
import type { Notices, SyncNotice } from './notices';
import { listeners } from './listeners';

export type Inspect = ActorOptions<typeof journeyMachine>['inspect'];

export interface JourneyClientOptions {
  api: Api;
  /** The signed-in renter's journey from the server, or none (a visitor). */
  initial: JourneyView | null;
  /** Where the journey says why what is shown changed by itself (the session's). */
  notices: Notices;
  inspect?: Inspect;
  now?: number;
  /** Told when a renter signs in through the journey (registration, log-in, the demo). */
  onSignedIn?: (user: PublicUser) => void;
  /** Told when the server no longer knows the session (it expired, or was ended elsewhere). */
  onSignedOut?: () => void;
}

/** Key order differs between a context built here and one read back through the schema. */
const stable = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/** The record, without what only this page knows: the problems of a form it refused itself. */
const record = (s: JourneySnapshot) =>
  stable({ value: s.value, context: { ...s.context, fieldErrors: {}, profileErrors: {} } });

const sameJourney = (a: JourneySnapshot, b: JourneySnapshot) => record(a) === record(b);

/** What of the machine's event the server is sent: no times (the server's clock stamps them). */
function clientEvent(event: JourneyEvent): ClientEvent | null {
  switch (event.type) {
    case 'xstate.route':
    case 'contract.acceptTerms':
    case 'contract.verifyIdentity':
    case 'contract.proceed':
    case 'payment.proceed':
    case 'rental.extend':
    case 'rental.cancelExtension':
    case 'return.start':
    case 'account.update':
      return event;
    case 'pickup.confirm':
    case 'return.accept':
    case 'return.finish':
      return { type: event.type };
    case 'pickup.flag':
      return { type: event.type, note: event.note };
    case 'return.dispute':
      return { type: event.type, line: event.line, reason: event.reason };
    case 'booking.start':
      return { type: event.type, carId: event.car.id, ...(event.trip ? { trip: event.trip } : {}) };
    default:
      // Calls (sign, pay, extend, settle) are sent by their own actors; the rest never leave the browser.
      return null;
  }
}

const JOURNEY_ERRORS: readonly string[] = [
  'emailTaken', 'wrongCredentials', 'locked', 'busy', 'tooMany', 'storageFull', 'cardDeclined', 'insufficientFunds', 'cardExpired',
  'challengeFailed', 'authenticationRequired', 'paymentExpired', 'providerDown', 'signatureFailed', 'taken',
];

/** A refused call as the machine records it: the server's code, and its field problems if any. */
function failure(refusal: { error: string; fields?: Record<string, string> }): JourneyFailure {
  if (refusal.error === 'invalid') return new JourneyFailure('invalid', refusal.fields as Record<string, Problem>);
  return new JourneyFailure(JOURNEY_ERRORS.includes(refusal.error) ? (refusal.error as JourneyError) : 'network');
}

export class JourneyClient {
  private actor: ReturnType<JourneyClient['create']>;
  private actorSubscription: Subscription | null = null;
  private readonly changed = listeners<JourneySnapshot>();
  /** The booking the server keeps this journey as, and the version the next step builds on. */
  private booking: { id: string; number: string; version: number } | null = null;
  /** The server's journey as last answered; what the browser shows when in doubt. */
  private server: JourneySnapshot | null = null;
  /** The server answered since the last comparison. */
  private answered = false;
  private queue: Promise<unknown> = Promise.resolve();
  private inFlight = 0;
  /** The car a visitor picked before signing in: the rental they come back to. */
  private chosen: { carId: CarId; trip?: Trip } | undefined;
  /** Counts the times the server's journey replaced the one shown (so followers can tell it from a step). */
  generation = 0;

  constructor(private readonly options: JourneyClientOptions) {
    const restored = options.initial ? this.remember(options.initial) : null;
    this.actor = this.create(restored);
    this.attach();
  }

  // ---- what the screens and @xstate/react use (an actor-like facade) ----

  getSnapshot = (): JourneySnapshot => this.actor.getSnapshot();

  /** Resolves once every step sent so far has its server's answer (another party acts on the server's journey). */
  settled(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  /** The booking's number as the server keeps it (what the renter's return photos are filed under); null before there is one. */
  get bookingNumber(): string | null {
    return this.booking?.number ?? null;
  }

  subscribe = (observer: Observer<JourneySnapshot> | ((snapshot: JourneySnapshot) => void)): Subscription => {
    const o: Observer<JourneySnapshot> = typeof observer === 'function' ? { next: observer } : observer;
    return { unsubscribe: this.changed.subscribe((snapshot) => o.next?.(snapshot)) };
  };

  /** The renter's step: applied here at once if the machine takes it, then decided by the server. */
  send = (event: JourneyEvent) => {
    const before = this.actor.getSnapshot();
    if (!before.can(event)) return;
    this.actor.send(event);
    const after = this.actor.getSnapshot();
    if (after === before) return;
    if (!isSignedIn(after.context) || !this.booking) {
      if (event.type === 'booking.start') this.chosen = { carId: event.car.id, ...(event.trip ? { trip: event.trip } : {}) };
      return;
    }
    if (after.hasTag('pending')) return; // its call sends it
    // A form the rules refused (this event set its problems) stays here: the server would refuse it too.
    const refused = (key: 'fieldErrors' | 'profileErrors') =>
      after.context[key] !== before.context[key] && Object.keys(after.context[key]).length > 0;
    if (refused('fieldErrors') || refused('profileErrors')) return;
    const sent = clientEvent(event);
    if (!sent) return;
    this.setNotice(null);
    void this.post(sent).catch(() => undefined); // a failure is shown through the notice and the server's journey
  };

  /**
   * A new e-mail, with the proof the server asks for it: the current password (none for an account
   * that signs in only with UAE PASS, which must have signed in just now). Not applied here first: the
   * server may refuse the proof, and its answer by field is the form's to show.
   */
  changeEmail(profile: ProfileInput, currentPassword?: string): Promise<Answer<{ journey: JourneyView }>> {
    if (!this.booking) return Promise.reject(new Error('no booking'));
    return this.post({ type: 'account.update', profile }, currentPassword);
  }

  /** A journey the server sent with another answer (a fine paid from the deposit, the demo rental). */
  receive(view: JourneyView) {
    if (this.remember(view)) this.answer();
  }

  /** The signed-in renter's journey, taken at once in place of a visitor's (the page was hydrated first). */
  adopt(view: JourneyView) {
    const snapshot = this.remember(view);
    if (snapshot) this.replace(this.create(snapshot));
  }

  /** Signed out: a visitor's journey from the start. */
  reset() {
    this.booking = null;
    this.server = null;
    this.chosen = undefined;
    this.replace(this.create(null));
  }

  // ---- the actor ----

  private create(snapshot: JourneySnapshot | null) {
    return createActor(journeyMachine.provide({ actors: this.calls() }), {
      input: { now: this.options.now ?? Date.now() },
      inspect: this.options.inspect,
      ...(snapshot ? { snapshot: journeyMachine.getPersistedSnapshot(snapshot) as never } : {}),
    });
  }

  private attach() {
    this.actorSubscription = this.actor.subscribe((snapshot) => {
      this.changed.emit(snapshot);
      if (!snapshot.hasTag('pending')) this.compareSoon();
    });
    this.actor.start();
  }

  private replace(next: ReturnType<JourneyClient['create']>) {
    this.actorSubscription?.unsubscribe();
    this.actor.stop();
    this.actor = next;
    this.generation++;
    this.attach();
    const snapshot = this.actor.getSnapshot();
    this.changed.emit(snapshot);
  }

  // ---- the server ----

  /** Takes a server view as the truth to compare against; null when it cannot be read. */
  private remember(view: JourneyView): JourneySnapshot | null {
    const restored = restoreJourney(view.journey);
    if (view.problem) this.setNotice(view.problem);
    if (!restored.snapshot) {
      this.setNotice(restored.problem);
      return null;
    }
    this.booking = { id: view.bookingId, number: view.number, version: view.version };
    this.server = restored.snapshot;
    return restored.snapshot;
  }

  private answer() {
    this.answered = true;
    this.compareSoon();
  }

  /** After the machine has taken the answer's outcome (done/error events arrive in a later task). */
  private compareSoon() {
    setTimeout(() => this.compare(), 0);
  }

  /** Once nothing is under way: if the server's journey differs from the one shown, show the server's. */
  private compare() {
    if (!this.answered || this.inFlight > 0 || !this.server) return;
    const local = this.actor.getSnapshot();
    if (local.hasTag('pending')) return;
    this.answered = false;
    if (sameJourney(local, this.server)) return;
    // The server's journey, keeping a form's problems shown here while the step is the same.
    const sameStep = stable(local.value) === stable(this.server.value);
    const { fieldErrors, profileErrors } = local.context;
    const next = sameStep ? journeyMachine.resolveState({ value: this.server.value, context: { ...this.server.context, fieldErrors, profileErrors } }) : this.server;
    this.replace(this.create(next));
  }

  /** Sends one step, after those before it, over the version the last answer gave. */
  private post(event: ClientEvent, currentPassword?: string): Promise<Answer<{ journey: JourneyView }>> {
    this.inFlight++;
    const run = this.queue.then(async () => {
      try {
        const booking = this.booking!;
        const result = await this.options.api.journeyEvent(booking.id, event, booking.version, currentPassword);
        const journey = result.ok ? result.body.journey : (result.body.journey as JourneyView | undefined);
        if (journey) this.remember(journey);
        if (!result.ok && (result.error === 'conflict' || result.error === 'refused' || result.error === 'taken'))
          this.setNotice(result.error);
        if (!result.ok && result.status === 401) {
          // The session is gone: back to a visitor's journey, and say so (the record is safe on the server).
          this.reset();
          this.actor.send({ type: 'xstate.route', to: '#logIn' });
          this.setNotice('expired');
          this.options.onSignedOut?.();
        }
        return result;
      } catch (error) {
        if (error instanceof Unreachable) this.setNotice(error.offline ? 'needsConnection' : 'unreachable');
        throw error;
      } finally {
        this.inFlight--;
        this.answer();
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** A call's step: the server's answer, or the failure the machine records. */
  private async call<T>(event: ClientEvent, pick: (context: JourneyContext) => T | null): Promise<T> {
    let result: Answer<{ journey: JourneyView }>;
    try {
      result = await this.post(event);
    } catch {
      throw new JourneyFailure('network');
    }
    if (!result.ok) throw failure(result);
    const picked = this.server && pick(this.server.context);
    if (picked === null || picked === undefined) throw new JourneyFailure('network');
    return picked;
  }

  private async signIn(request: Promise<Answer<{ user: PublicUser; journey: JourneyView | null }>>): Promise<Renter> {
    let result: Awaited<typeof request>;
    try {
      result = await request;
    } catch {
      throw new JourneyFailure('network');
    }
    if (!result.ok) throw failure(result);
    const renter = result.body.journey && this.remember(result.body.journey)?.context.renter;
    if (!renter) throw new JourneyFailure('network');
    this.chosen = undefined;
    this.options.onSignedIn?.(result.body.user);
    this.answer();
    return renter;
  }

  /** The journey's calls, as the browser makes them: each one is a request to the server. */
  private calls() {
    const { api } = this.options;
    const call = <K extends keyof CallInputs, O>(run: (input: CallInputs[K]) => Promise<O>) =>
      fromPromise<O, CallInputs[K]>(({ input }) => run(input));
    return {
      registerAccount: call<'registerAccount', Renter>((form) =>
        this.signIn(
          api.register({
            ...form,
            emiratesIdFile: form.emiratesIdFile?.file ?? null,
            emiratesIdBackFile: form.emiratesIdBackFile?.file ?? null,
            licenceFile: form.licenceFile?.file ?? null,
            ...(this.chosen ? { carId: this.chosen.carId, ...this.chosen.trip } : {}),
            // The page's language (the locale sets it on <html>) becomes the account's first choice.
            ...(typeof document !== 'undefined' && document.documentElement.lang === 'ar' ? { language: 'ar' as const } : {}),
          }),
        ),
      ),
      verifyAccount: call<'verifyAccount', Renter>(({ email, password }) =>
        this.signIn(api.logIn({ email, password, role: 'renter', ...this.chosen })),
      ),
      signContract: call<'signContract', { signedAt: number }>(({ signature }) =>
        this.call({ type: 'contract.sign', signature }, (c) => c.contract),
      ),
      // The call runs only once the renter has agreed (the machine's guard): the server checks it again.
      // The provider's page opens in the page's language (the locale sets it on <html>).
      openCheckout: call<'openCheckout', OpenedCheckout>(() =>
        this.call({ type: 'payment.submit', consent: true, language: typeof document !== 'undefined' && document.documentElement.lang === 'ar' ? 'ar' : 'en' }, (c) => c.paymentSession),
      ),
      holdDeposit: call<'holdDeposit', DepositHold>(() => this.call({ type: 'pickup.confirm' }, (c) => c.deposit)),
      chargeExtension: call<'chargeExtension', ExtensionCharge>(() =>
        this.call({ type: 'rental.confirmExtension' }, (c) => c.extensions.at(-1) ?? null),
      ),
      // The renter's acceptance settles the deposit (a manager's last decision does it on the server).
      settleDeposit: call<'settleDeposit', Settlement>(() => this.call({ type: 'return.accept' }, (c) => c.refund)),
      changeBooking: call<'changeBooking', BookingChange>(({ trip }) =>
        this.call({ type: 'booking.modify', trip }, (c) => c.changes.at(-1) ?? null),
      ),
      cancelBooking: call<'cancelBooking', Cancellation>(() => this.call({ type: 'booking.cancel' }, (c) => c.cancellation)),
    };
  }

  private setNotice(notice: SyncNotice | null) {
    this.options.notices.set(notice);
  }
}
