// A traffic violation as the server keeps it. The browser holds the violation machine's snapshot to
// draw the screen and ask what is possible (`can`); every step is the server's to take, and its
// answer replaces what is shown. Renter and manager each get only their own steps from the server.
import { createActor, type Observer, type Subscription } from 'xstate';
import { restoreViolation, violationMachine, type ViolationEvent, type ViolationSnapshot } from '../../machines/violation';
import { Unreachable, type Answer, type Api, type JourneyView, type ViolationView } from './api';
import type { Inspect } from './journeyClient';
import { listeners } from './listeners';

/** The violation's step as sent: times are the server's. */
function sent(event: ViolationEvent): Record<string, unknown> & { type: string } {
  // The card is the server's record of the booking's: nothing of it is sent.
  if (event.type === 'violation.transfer' || event.type === 'violation.payFromDeposit' || event.type === 'violation.payByCard') return { type: event.type };
  return event;
}

export type ViolationAnswer = Answer<{ violation: ViolationView }> | { ok: false; error: 'unreachable' | 'refused' };

export class ViolationClient {
  private view: ViolationView;
  private snapshot: ViolationSnapshot;
  private readonly changed = listeners<ViolationSnapshot>();

  private constructor(
    private readonly api: Api,
    view: ViolationView,
    snapshot: ViolationSnapshot,
    /** Takes the renter's journey when a step changed it (a fine paid from the deposit). */
    private readonly onJourney: (journey: JourneyView) => void,
    private readonly inspect: Inspect | undefined,
  ) {
    this.view = view;
    this.snapshot = snapshot;
  }

  static from(api: Api, view: ViolationView, onJourney: (journey: JourneyView) => void, inspect?: Inspect) {
    const snapshot = restoreViolation(view.state);
    return snapshot ? new ViolationClient(api, view, snapshot, onJourney, inspect) : null;
  }

  get id() {
    return this.view.id;
  }

  getSnapshot = () => this.snapshot;

  subscribe = (observer: Observer<ViolationSnapshot> | ((s: ViolationSnapshot) => void)): Subscription => {
    const o: Observer<ViolationSnapshot> = typeof observer === 'function' ? { next: observer } : observer;
    return { unsubscribe: this.changed.subscribe((snapshot) => o.next?.(snapshot)) };
  };

  /** Sends a step the machine allows now; the server's answer (or its current record) is shown after. */
  async send(event: ViolationEvent): Promise<ViolationAnswer> {
    if (!this.snapshot.can(event)) return { ok: false, error: 'refused' };
    let result: Answer<{ violation: ViolationView; journey?: ViolationView | unknown }>;
    try {
      result = await this.api.violationEvent(this.view.id, sent(event), this.view.version);
    } catch (error) {
      if (error instanceof Unreachable) return { ok: false, error: 'unreachable' };
      throw error;
    }
    const violation = (result.ok ? result.body.violation : result.body.violation) as ViolationView | undefined;
    if (violation) this.show(violation);
    if (result.ok && result.body.journey) this.onJourney(result.body.journey as JourneyView);
    return result as ViolationAnswer;
  }

  /** A record of this fine read since (a live update): shown when it is newer than the one shown. */
  receive(view: ViolationView) {
    if (view.id === this.view.id && view.version > this.view.version) this.show(view);
  }

  private show(view: ViolationView) {
    const snapshot = restoreViolation(view.state);
    if (!snapshot) return;
    this.view = view;
    // Runs the machine once on the stored state, so the inspector (when open) sees it too.
    const actor = createActor(violationMachine, {
      snapshot: violationMachine.getPersistedSnapshot(snapshot) as never,
      input: undefined as never,
      inspect: this.inspect,
    }).start();
    this.snapshot = actor.getSnapshot();
    actor.stop();
    this.changed.emit(this.snapshot);
  }
}
