import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '../src/app/routes';
import { startJourney } from '../src/app/startJourney';
import { InspectContext } from '../src/ui/inspect';
import { JourneyProvider, type JourneyActor } from '../src/ui/journey';
import { ViolationProvider } from '../src/ui/violation';
import { waitFor, type InspectionEvent } from 'xstate';
import { memoryStore, type KeyValueStore } from '../machines/accounts';

export const NOW = new Date(2026, 10, 21, 9, 0).getTime();

interface RenderOptions {
  /**
   * `sample`: the reviewer's sample rental (signed in, signed, paid, picked up);
   * `toPayment`: a new renter with the default booking and a signed contract.
   */
  journey?: 'fresh' | 'sample' | 'toPayment';
  store?: KeyValueStore;
  /** Simulated latency of the local services (0: answer on the next tick). */
  latencyMs?: number;
  inspect?: (event: InspectionEvent) => void;
  /** Inspector for actors the screens create (the transfer-settings form). */
  inspectScreens?: (event: InspectionEvent) => void;
}

/** The Emirates ID and the two documents every registration carries. */
export const DOCUMENTS = {
  emiratesId: '784-1990-1234567-6',
  emiratesIdFile: { name: 'emirates-id.png', type: 'image/png', size: 120_000 },
  licenceFile: { name: 'licence.pdf', type: 'application/pdf', size: 240_000 },
};

export const RENTER = {
  fullName: 'Mariam Al Suwaidi',
  email: 'mariam@example.ae',
  phone: '050 123 4567',
  password: 'desert-rose-42',
};

/** Drives a journey actor, through its real local services, to a signed contract. */
async function signedContract(actor: JourneyActor) {
  actor.send({
    type: 'registration.submit',
    form: { ...RENTER, ...DOCUMENTS, confirmPassword: RENTER.password, termsAccepted: true },
  });
  await waitFor(actor, (s) => s.matches('signedIn'));
  actor.send({ type: 'contract.acceptTerms' });
  actor.send({ type: 'contract.verifyIdentity' });
  actor.send({ type: 'contract.sign', signature: RENTER.fullName, at: NOW });
  await waitFor(actor, (s) => s.context.contract !== null);
  actor.send({ type: 'contract.proceed' });
}

/**
 * Renders the whole app (journey, layout, lazy screens) at a path, in a memory router. The render is
 * awaited inside act: the Arabic catalog and the screens suspend, and React 19 only resumes a
 * suspended first render from an awaited act scope.
 */
export async function renderAt(
  path: string,
  { journey = 'fresh', store = memoryStore(), latencyMs = 0, inspect, inspectScreens }: RenderOptions = {},
) {
  const { actor, restoreProblem } = startJourney({ store, latencyMs, now: NOW, inspect });
  if (journey === 'sample') actor.send({ type: 'journey.loadSample', at: NOW });
  if (journey === 'toPayment') await signedContract(actor);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = await act(async () =>
    render(
      <InspectContext value={inspectScreens}>
        <JourneyProvider actor={actor} restoreProblem={restoreProblem}>
          <ViolationProvider>
            <RouterProvider router={router} />
          </ViolationProvider>
        </JourneyProvider>
      </InspectContext>,
    ),
  );
  return { ...view, router, user, actor, store };
}
