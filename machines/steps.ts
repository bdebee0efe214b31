// The journey's steps, where each sits in the machine, and what each needs before it opens: what a
// page needs to route and to say why, without the prices and the rest of ./journey-rules.ts (which
// re-exports these).
import type { StateValue } from 'xstate';
import type { JourneyContext } from './journey-rules';

/** The journey's routable steps; each id is also the screen id and the state id (`#payment`). */
export const STEPS = [
  'registration',
  'logIn',
  'rentalContract',
  'payment',
  'carPickup',
  'carReturn',
] as const;
export type Step = (typeof STEPS)[number];
export const isStep = (id: string): id is Step => (STEPS as readonly string[]).includes(id);

/** Where each step sits in the journey machine's state tree. */
const STEP_STATES: Record<Step, StateValue> = {
  registration: { signedOut: 'registration' },
  logIn: { signedOut: 'logIn' },
  rentalContract: { signedIn: 'rentalContract' },
  payment: { signedIn: 'payment' },
  carPickup: { signedIn: 'carPickup' },
  carReturn: { signedIn: 'carReturn' },
};

/**
 * The step a journey snapshot is on (every stable state is inside exactly one step). Here rather
 * than beside the machine so that a page can tell the step without loading XState.
 */
export function stepOf(snapshot: { matches(value: StateValue): boolean }): Step {
  return STEPS.find((step) => snapshot.matches(STEP_STATES[step])) ?? 'registration';
}

export type Requirement = 'signIn' | 'signContract' | 'pay' | 'pickUp' | 'signedIn';

export const isSignedIn = (c: JourneyContext) => c.renter !== null;
export const isContractSigned = (c: JourneyContext) => c.contract !== null;
export const isPaid = (c: JourneyContext) => c.payment !== null;
export const isPickedUp = (c: JourneyContext) => c.pickedUpAt !== null;

const REQUIREMENTS: [Requirement, (c: JourneyContext) => boolean][] = [
  ['signIn', isSignedIn],
  ['signContract', isContractSigned],
  ['pay', isPaid],
  ['pickUp', isPickedUp],
];

/** How many of REQUIREMENTS each step needs. */
const NEEDS: Record<Step, number> = {
  registration: 0,
  logIn: 0,
  rentalContract: 1,
  payment: 2,
  carPickup: 3,
  carReturn: 4,
};

/** Why `step` cannot open now, or null when it can. The route guards and the notices both use it. */
export function whyNot(step: Step, c: JourneyContext): Requirement | null {
  if ((step === 'registration' || step === 'logIn') && isSignedIn(c)) return 'signedIn';
  return REQUIREMENTS.slice(0, NEEDS[step]).find(([, done]) => !done(c))?.[0] ?? null;
}

export const stepAllowed = (step: Step, c: JourneyContext) => whyNot(step, c) === null;
