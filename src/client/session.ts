// Who is using the app, as the server says (the session itself is an HttpOnly cookie the page cannot
// read), and the renter's journey. Signing in and out goes through here so both stay in step.
import type { OfferId } from '../../machines/offers';
import { JourneyClient, type Inspect } from './journeyClient';
import { Unreachable, type Api, type Preferences, type PublicUser } from './api';

export interface SessionState {
  user: PublicUser | null;
  /** The server runs with its demo shortcuts (DEMO=1). */
  demo: boolean;
  /** UAE PASS sign-in is configured on the server. */
  uaePass: boolean;
  /**
   * The server has answered who this is. A prerendered page is hydrated before it has (the HTML was
   * made at build time for nobody in particular), so screens that depend on the user wait for this.
   */
  ready: boolean;
}

type Initial = Omit<SessionState, 'ready'> & { journey: ConstructorParameters<typeof JourneyClient>[0]['initial'] };
const VISITOR: Initial = { user: null, journey: null, demo: false, uaePass: false };

export class Session {
  private state: SessionState;
  private readonly listeners = new Set<() => void>();
  private loading: Promise<void> | undefined;
  readonly journey: JourneyClient;

  constructor(
    readonly api: Api,
    initial: Initial,
    options: { inspect?: Inspect; now?: number; ready?: boolean; askServer?: boolean } = {},
  ) {
    this.state = { user: initial.user, demo: initial.demo, uaePass: initial.uaePass, ready: options.ready ?? true };
    // Made from the server's answer already: nothing to ask (see `load`).
    if (!options.askServer) this.loading = Promise.resolve();
    this.journey = new JourneyClient({
      api,
      initial: initial.user?.role === 'renter' ? initial.journey : null,
      ...options,
      onSignedIn: (user) => this.set({ user }),
      onSignedOut: () => this.set({ user: null }),
    });
  }

  getState = () => this.state;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  private set(patch: Partial<SessionState>) {
    // Nothing new (the server confirmed what the page already showed): no screen renders again.
    if (Object.entries(patch).every(([key, value]) => this.state[key as keyof SessionState] === value)) return;
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((l) => l());
  }

  /** A contract manager signs in; a renter's journey on this page is put away. */
  async logInManager(email: string, password: string) {
    const result = await this.api.logIn({ email, password, role: 'manager' });
    if (result.ok) {
      this.journey.reset();
      this.set({ user: result.body.user });
    }
    return result;
  }

  /** Ends the session on the server, then here. */
  async signOut() {
    try {
      await this.api.logOut();
    } catch (error) {
      if (!(error instanceof Unreachable)) throw error;
    }
    this.journey.reset();
    this.set({ user: null });
  }

  /** Saves the account's language and currency on the server; the app shows them once saved. */
  async savePreferences(preferences: Preferences) {
    const result = await this.api.savePreferences(preferences);
    const user = this.state.user;
    if (result.ok && user) this.set({ user: { ...user, ...result.body } });
    return result;
  }

  /** A new password; the server signs out every other session of the account, this one stays. */
  changePassword(currentPassword: string, newPassword: string) {
    return this.api.changePassword({ currentPassword, newPassword });
  }

  /** Redeems an offer: one on the booking comes back as the journey, which is shown at once. */
  async redeemOffer(id: OfferId) {
    const answer = await this.api.redeemOffer(id);
    if (answer.ok && 'journey' in answer.body) this.journey.receive(answer.body.journey);
    return answer;
  }

  /** The server changed the renter's journey by itself (a Salik crossing or a fine off the deposit): take it. */
  async refreshJourney() {
    if (this.state.user?.role !== 'renter') return;
    const answer = await this.api.session().catch(() => null);
    if (answer?.ok && answer.body.journey) this.journey.receive(answer.body.journey);
  }

  /** Demo (DEMO=1): a new sample renter, signed in, with a signed, paid, picked-up rental. */
  async loadSample() {
    const result = await this.api.sampleRental();
    if (!result.ok) return false;
    this.set({ user: result.body.user });
    this.journey.receive(result.body.journey);
    return true;
  }

  /**
   * The server's answer to "who is this", taken by a session made for a prerendered page (see
   * `visitorSession`); once only, and nothing for a session made from the server's answer.
   */
  load = () => (this.loading ??= this.read());

  private async read() {
    const answer = await readSession(this.api);
    if (answer?.user?.role === 'renter' && answer.journey) this.journey.adopt(answer.journey);
    if (!answer) this.journey.warnUnreachable();
    const { user, demo, uaePass } = answer ?? VISITOR;
    this.set({ user, demo, uaePass, ready: true });
  }
}

async function readSession(api: Api): Promise<Initial | null> {
  try {
    const answer = await api.session();
    if (answer.ok) return answer.body;
  } catch (error) {
    if (!(error instanceof Unreachable)) throw error;
  }
  return null;
}

/** Starts the app's session from the server's answer; unreachable, it starts signed out and says so. */
export async function startSession(api: Api, options: { inspect?: Inspect; now?: number } = {}) {
  const answer = await readSession(api);
  const session = new Session(api, answer ?? VISITOR, options);
  if (!answer) session.journey.warnUnreachable();
  return session;
}

/**
 * The session a prerendered page is hydrated with: a visitor's, as the page was made. `known`: the page
 * was made for a visitor and the server sent it to a browser with no session (see server/http/static.ts),
 * so nobody is signed in; otherwise whether anyone is stays unknown (`ready` false) until `load()` has
 * asked the server, which also says whether the demo and UAE PASS are on.
 */
export const visitorSession = (api: Api, options: { inspect?: Inspect; now?: number; known?: boolean } = {}) =>
  new Session(api, VISITOR, { inspect: options.inspect, now: options.now, ready: options.known ?? false, askServer: true });
