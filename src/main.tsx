import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-700.css';
import '@fontsource/noto-sans-arabic/arabic-400.css';
import '@fontsource/noto-sans-arabic/arabic-600.css';
import '@fontsource/noto-sans-arabic/arabic-700.css';
import './styles.css';
import { routes } from './app/routes';
import { browserStore, startJourney } from './app/startJourney';
import { InspectContext } from './ui/inspect';
import { JourneyProvider } from './ui/journey';
import { ViolationProvider } from './ui/violation';

// `?inspect` opens the Stately inspector on the live journey. It is created once, before the actor,
// and imported on demand so the bundle a renter downloads does not carry it.
const inspect = new URLSearchParams(window.location.search).has('inspect')
  ? (await import('@statelyai/inspect')).createBrowserInspector().inspect
  : undefined;

const { actor, restoreProblem } = startJourney({ store: browserStore(), latencyMs: 400, inspect });
const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <InspectContext value={inspect}>
      <JourneyProvider actor={actor} restoreProblem={restoreProblem}>
        <ViolationProvider>
          <RouterProvider router={router} />
        </ViolationProvider>
      </JourneyProvider>
    </InspectContext>
  </StrictMode>,
);
