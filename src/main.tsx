import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import './fonts.css';
import './styles.css';
import { preloadPage, routes } from './app/routes';
import { startInspector } from './app/inspector';
import { createApi } from './client/api';
import { registerServiceWorker } from './client/serviceWorker';
import { startSession, visitorSession, type Session } from './client/session';
import { loadArabic } from './i18n/locale';
import { resolvePath } from './i18n/paths';
import { InspectContext } from './ui/inspect';
import { SessionProvider, type RedirectNotice } from './ui/journey';

// Created once, before the journey's actor, and only when asked for (see app/inspector.ts).
const inspect = await startInspector(window.location.search);
const api = createApi();
const root = document.getElementById('root')!;

const app = (session: Session) => (
  <StrictMode>
    <InspectContext value={inspect}>
      <SessionProvider session={session}>
        <RouterProvider router={createBrowserRouter(routes)} />
      </SessionProvider>
    </InspectContext>
  </StrictMode>
);

if (root.firstElementChild) {
  // A page prerendered at build time (npm run build): its text is already on screen. React takes it
  // over as it is, with what it was made with (its screen and catalog, and nobody signed in); the
  // session then asks the server who this is. A visitor's page of a step they may not open yet
  // shows the step the app sends them to: the address says so before React reads it.
  const { visitor, redirect, notice } = root.dataset;
  if (redirect) {
    const state: RedirectNotice = { notice: (notice as RedirectNotice['notice']) || undefined };
    // The router's own history entry: its state under `usr`.
    window.history.replaceState({ usr: state, key: 'default', idx: 0 }, '', redirect + window.location.search);
  }
  const resolved = resolvePath(window.location.pathname);
  await Promise.all([preloadPage(resolved), resolved.lang === 'ar' || resolved.kind === 'index' ? loadArabic() : null]);
  // As a transition, React takes the page over in slices of a few milliseconds, yielding to the
  // browser in between, instead of in one long task a slow phone cannot answer a tap during.
  startTransition(() => {
    hydrateRoot(root, app(visitorSession(api, { inspect, known: visitor !== undefined })));
  });
} else {
  // The development server and the naive benchmark build have an empty page: render it here.
  createRoot(root).render(app(await startSession(api, { inspect })));
}
registerServiceWorker();
