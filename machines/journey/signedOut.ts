// Before sign-in: registration and log-in. Both are calls to the accounts service; a visitor who
// asked for a later step is sent to log in first and comes back there.
import { and, assertEvent } from 'xstate';
import { isSignedIn, type Step } from '../journey-rules';
import { registrationProblems } from '../validation';
import { journeySetup, pendingCall, type JourneyGuard } from './setup';

const guards = {
  termsAccepted: ({ event }) => event.type === 'registration.submit' && event.form.termsAccepted,
  passwordsMatch: ({ event }) =>
    event.type === 'registration.submit' && event.form.password === event.form.confirmPassword,
  registrationComplete: ({ event }) =>
    event.type === 'registration.submit' && Object.keys(registrationProblems(event.form, event.at)).length === 0,
  /** A route into a step that needs a signed-in renter. */
  routeNeedsSignIn: ({ context, event }) =>
    event.type === 'xstate.route' &&
    context.pending === null &&
    !isSignedIn(context) &&
    event.to !== '#registration' &&
    event.to !== '#logIn',
} satisfies Record<string, JourneyGuard>;

const actions = {
  rememberReturnTo: journeySetup.assign({
    returnTo: ({ event }) => {
      assertEvent(event, 'xstate.route');
      return event.to.slice(1) as Step;
    },
  }),
  rejectRegistration: journeySetup.assign({
    fieldErrors: ({ event }) => {
      assertEvent(event, 'registration.submit');
      return registrationProblems(event.form, event.at);
    },
    error: null,
  }),
  signIn: journeySetup.assign(({ event, context }) => {
    assertEvent(event, ['xstate.done.actor.registerAccount', 'xstate.done.actor.verifyAccount']);
    return {
      renter: event.output,
      // A verified identity (UAE PASS) needs no separate identity step in the contract.
      identityVerified: context.identityVerified || event.output.verified,
      returnTo: null,
      error: null,
      pending: null,
    };
  }),
};

const step = journeySetup.extend({ guards, actions });

export const signedOutStep = {
  guards,
  actions,
  state: step.createStateConfig({
    initial: 'registration',
    on: {
      // Checked before the root's route transitions: a signed-in step sends the visitor to log in
      // first, remembering where they wanted to go.
      'xstate.route': { guard: 'routeNeedsSignIn', target: '#logIn', actions: 'rememberReturnTo' },
    },
    states: {
      registration: {
        id: 'registration',
        route: { guard: { type: 'stepAllowed', params: { step: 'registration' } } },
        initial: 'editing',
        states: {
          editing: {
            on: {
              'registration.submit': [
                {
                  guard: and(['termsAccepted', 'passwordsMatch', 'registrationComplete']),
                  target: 'submitting',
                  actions: 'startRequest',
                },
                { actions: 'rejectRegistration' },
              ],
            },
          },
          submitting: pendingCall(
            'registerAccount',
            ({ event }) => {
              assertEvent(event, 'registration.submit');
              return event.form;
            },
            {
              done: { target: '#signedIn', actions: 'signIn' },
              error: { target: 'editing', actions: 'showError' },
            },
          ),
        },
      },
      logIn: {
        id: 'logIn',
        route: { guard: { type: 'stepAllowed', params: { step: 'logIn' } } },
        initial: 'idle',
        states: {
          idle: {
            on: { 'logIn.submit': { target: 'verifying', actions: 'startRequest' } },
          },
          verifying: pendingCall(
            'verifyAccount',
            ({ event }) => {
              assertEvent(event, 'logIn.submit');
              return { email: event.email, password: event.password };
            },
            {
              done: { target: '#signedIn', actions: 'signIn' },
              error: { target: 'idle', actions: 'showError' },
            },
          ),
        },
      },
    },
  }),
};
