// Who is using the app, as the server says (the session itself is an HttpOnly cookie the page cannot
// read), and the renter's journey. Signing in and out goes through here so both stay in step.
//
// The journey's code (XState, the journey's machine and its client) is its own chunk, loaded by the
// screens that drive it (and by a tap on "Rent"): a page that never touches the journey, like Home,
// runs without it. Until it is loaded, the session keeps the server's journey as it came.
import type { OfferId } from '../../machines/offers';
import type { ProfileInput } from '../../machines/validation';
import type { Inspect, JourneyClient } from './journeyClient';
import { Unreachable, type Api, type CompanyBranches, type JourneyView, type Preferences, type PublicBranch, type PublicUser } from './api';
import { Notices } from './notices';
import { listeners } from './listeners';

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

type Initial = Pick<SessionState, 'user' | 'demo' | 'uaePass'> & { journey: JourneyView | null; branches?: CompanyBranches | null };
const VISITOR: Initial = { user: null, journey: null, demo: false, uaePass: false };

type JourneyModule = typeof import('./journeyClient');

interface SessionOptions {
  inspect?: Inspect;
  now?: number;
  ready?: boolean;
  askServer?: boolean;
}

export class Session {
  private state: SessionState;
  private readonly changed = listeners();
  private loading: Promise<void> | undefined;
  private client: JourneyClient | null = null;
  private readonly journeyChanged = listeners();
  /** The renter's journey as the server last sent it, while the journey's code is not loaded. */
  private view: JourneyView | null = null;
  /** Why what is shown changed by itself (see ./notices). */
  readonly notices = new Notices();
  /**
   * Companies' branches by company: the booking's came with the server's answer, so the pickup and the
   * return show their desk in their first paint; others are kept here once a screen asked for them.
   */
  readonly branches = new Map<string, PublicBranch[]>();

  constructor(
    readonly api: Api,
    initial: Initial,
    private readonly options: SessionOptions = {},
  ) {
    this.state = { user: initial.user, demo: initial.demo, uaePass: initial.uaePass, ready: options.ready ?? true };
    // Made from the server's answer already: nothing to ask (see `load`).
    if (!options.askServer) this.loading = Promise.resolve();
    if (initial.user?.role === 'renter' && initial.journey) this.keep(initial.journey);
    this.keepBranches(initial.branches);
  }

  getState = () => this.state;

  subscribe = (listener: () => void) => this.changed.subscribe(listener);

  private set(patch: Partial<SessionState>) {
    // Nothing new (the server confirmed what the page already showed): no screen renders again.
    if (Object.entries(patch).every(([key, value]) => this.state[key as keyof SessionState] === value)) return;
    this.state = { ...this.state, ...patch };
    this.changed.emit();
  }

  /** The renter's journey, once its code is loaded; null before. */
  get journey(): JourneyClient | null {
    return this.client;
  }

  /**
   * The journey's client, made (once) with its code, which the caller has loaded: a screen that
   * drives the journey imports it. Safe during a render: who follows the journey is told after it.
   */
  journeyWith(module: JourneyModule): JourneyClient {
    if (this.make(module)) queueMicrotask(this.tellJourney);
    return this.client!;
  }

  /**
   * Loads the journey's code (its own chunk) and makes its client, for a tap on "Rent": who follows
   * the journey is told before the caller's first step, so that step is followed too.
   */
  loadJourney = (): Promise<JourneyClient> =>
    import('./journeyClient').then((module) => {
      if (this.make(module)) this.tellJourney();
      return this.client!;
    });

  /** Makes the client from the server's journey as last sent; false when there is one already. */
  private make({ JourneyClient }: JourneyModule): boolean {
    if (this.client) return false;
    this.client = new JourneyClient({
      api: this.api,
      initial: this.view,
      notices: this.notices,
      inspect: this.options.inspect,
      now: this.options.now,
      onSignedIn: (user) => this.set({ user }),
      onSignedOut: () => this.set({ user: null }),
    });
    this.view = null;
    this.client.subscribe(this.tellJourney);
    return true;
  }

  private tellJourney = () => this.journeyChanged.emit();

  /** Told when the journey's client is made, and at each of its changes. */
  subscribeJourney = (listener: () => void) => this.journeyChanged.subscribe(listener);

  /** A journey the server sent with another answer: shown at once, or kept until the code is loaded. */
  receiveJourney(view: JourneyView) {
    if (this.client) this.client.receive(view);
    else this.keep(view);
  }

  private keep(view: JourneyView) {
    this.view = view;
    // What the server says of its record (e.g. it could not be read) is said at once.
    if (view.problem) this.notices.set(view.problem);
  }

  private keepBranches(branches: CompanyBranches | null | undefined) {
    if (branches) this.branches.set(branches.company, branches.list);
  }

  /** Signed out, or another user: a visitor's journey from the start. */
  private resetJourney() {
    this.client?.reset();
    this.view = null;
  }

  /** A contract manager signs in; a renter's journey on this page is put away. */
  async logInStaff(email: string, password: string) {
    const result = await this.api.logIn({ email, password, role: 'staff' });
    if (result.ok) this.signedInAsStaff(result.body.user);
    return result;
  }

  /** Signed in as a company's person (their sign-in, or joining by an invitation): a renter's journey here is put away. */
  signedInAsStaff(user: PublicUser) {
    this.resetJourney();
    this.set({ user });
  }

  /** Ends the session on the server (and with it this phone's alerts, server/push), then here. */
  async signOut() {
    try {
      await this.api.logOut();
    } catch (error) {
      if (!(error instanceof Unreachable)) throw error;
    }
    this.resetJourney();
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

  /**
   * A new e-mail (`profile.email` as the server keeps it: normalised) with its proof
   * (JourneyClient.changeEmail); once saved, the account shows it, not yet confirmed.
   */
  async changeEmail(profile: ProfileInput, currentPassword?: string) {
    if (!this.client) return null;
    const answer = await this.client.changeEmail(profile, currentPassword);
    const user = this.state.user;
    if (answer.ok && user) this.set({ user: { ...user, email: profile.email, emailVerified: false } });
    return answer;
  }

  /** The old address's link after an e-mail change: once undone, every session has ended, this one too. */
  async undoEmailChange(token: string) {
    const answer = await this.api.undoEmailChange({ token });
    if (answer.ok && this.state.user) {
      this.resetJourney();
      this.set({ user: null });
    }
    return answer;
  }

  /** Redeems an offer: one on the booking comes back as the journey, which is shown at once. */
  async redeemOffer(id: OfferId) {
    const answer = await this.api.redeemOffer(id);
    if (answer.ok && 'journey' in answer.body) this.receiveJourney(answer.body.journey);
    return answer;
  }

  /** The server changed the renter's journey by itself (a Salik crossing or a fine off the deposit): take it. */
  async refreshJourney() {
    if (this.state.user?.role !== 'renter') return;
    const answer = await this.api.session().catch(() => null);
    if (answer?.ok) this.keepBranches(answer.body.branches);
    if (answer?.ok && answer.body.journey) this.receiveJourney(answer.body.journey);
  }

  /**
   * Demo (DEMO=1): a new sample renter, signed in, with a signed, paid, picked-up rental. The journey
   * is loaded first, so the one on screen moves on to the sample's step and the app follows it there.
   */
  async loadSample() {
    const [result, journey] = await Promise.all([this.api.sampleRental(), this.loadJourney()]);
    if (!result.ok) return false;
    this.set({ user: result.body.user });
    journey.receive(result.body.journey);
    return true;
  }

  /**
   * The server's answer to "who is this", taken by a session made for a prerendered page (see
   * `visitorSession`); once only, and nothing for a session made from the server's answer.
   */
  load = () => (this.loading ??= this.read());

  private async read() {
    const answer = await readSession(this.api);
    // The branches first: the journey's screens render with them.
    this.keepBranches(answer?.branches);
    if (answer?.user?.role === 'renter' && answer.journey) {
      if (this.client) this.client.adopt(answer.journey);
      else this.keep(answer.journey);
    }
    // The visitor's journey still works here: say that the server could not be reached.
    if (!answer) this.notices.set('offline');
    const { user, demo, uaePass } = answer ?? VISITOR;
    this.set({ user, demo, uaePass, ready: true });
  }
}

async function readSession(api: Api): Promise<Initial | null> {
  try {
    const answer = await api.session();
    if (!answer.ok) return null;
    // A renter with no booking the server can read (its record was found corrupt): the server opens
    // a new one, with the reason to show, on this request (asking who this is writes nothing).
    if (answer.body.user?.role === 'renter' && !answer.body.journey) {
      const opened = await api.openJourney();
      return { ...answer.body, journey: opened.ok ? opened.body.journey : null };
    }
    return answer.body;
  } catch (error) {
    if (!(error instanceof Unreachable)) throw error;
  }
  return null;
}

/** Starts the app's session from the server's answer; unreachable, it starts signed out and says so. */
export async function startSession(api: Api, options: { inspect?: Inspect; now?: number } = {}) {
  const answer = await readSession(api);
  const session = new Session(api, answer ?? VISITOR, options);
  if (!answer) session.notices.set('offline');
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
