import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router-dom';
import './fonts.css';
import './styles.css';
import { AppRouter, preloadPage } from './app/routes';
import { startInspector } from './app/inspector';
import { createApi } from './client/api';
import { showFonts, showFontsAtNextScreen } from './client/fonts';
import { registerServiceWorker } from './client/serviceWorker';
import { startSession, visitorSession, type Session } from './client/session';
import { loadCatalog } from './i18n/locale';
import { resolvePath } from './i18n/paths';
import { InspectContext } from './ui/inspect';
import { SessionProvider, type RedirectNotice } from './ui/session';
import { dropSeeds } from './ui/serverData';
import { guardHistory, type GuardedHistory } from './ui/leaving';

// Created once, before the journey's actor, and only when asked for (see app/inspector.ts).
const inspect = await startInspector(window.location.search);
const api = createApi();
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
const root = document.getElementById('root')!;

const app = (session: Session, history: GuardedHistory) => (
  <StrictMode>
    <InspectContext value={inspect}>
      <SessionProvider session={session}>
        <AppRouter history={history} />
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
  // The index lists the screens in both languages.
  await Promise.all([preloadPage(resolved), loadCatalog(resolved.lang), resolved.kind === 'index' ? loadCatalog('ar') : null]);
  // Each step in a task of its own, so that none is long on a slow phone: the session (the journey's
  // actor), the router; then, as a transition, React takes the page over in slices of a few
  // milliseconds, yielding to the browser in between.
  const session = visitorSession(api, { inspect, known: visitor !== undefined });
  await nextTask();
  const history = guardHistory(createBrowserHistory({ v5Compat: true }));
  // The answers the server rendered the page with are for this page as it came: a screen opened
  // after it asks the server.
  const kept = history.listen(() => {
    dropSeeds();
    kept();
  });
  showFontsAtNextScreen(resolved.lang === 'ar', (listener) =>
    history.listen(({ location }) => listener(location.pathname)),
  );
  await nextTask();
  startTransition(() => {
    hydrateRoot(root, app(session, history));
  });
} else {
  // The development server and the naive benchmark build have an empty page: render it here, in
  // the app's faces from the start (nothing is painted yet that they could move).
  showFonts();
  await loadCatalog(resolvePath(window.location.pathname).lang);
  const history = guardHistory(createBrowserHistory({ v5Compat: true }));
  createRoot(root).render(app(await startSession(api, { inspect }), history));
}
registerServiceWorker();
