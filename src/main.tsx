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
import { startInspector } from './app/inspector';
import { createApi } from './client/api';
import { startSession } from './client/session';
import { InspectContext } from './ui/inspect';
import { SessionProvider } from './ui/journey';

// Created once, before the journey's actor, and only when asked for (see app/inspector.ts).
const inspect = await startInspector(window.location.search);
const session = await startSession(createApi(), { inspect });
const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <InspectContext value={inspect}>
      <SessionProvider session={session}>
        <RouterProvider router={router} />
      </SessionProvider>
    </InspectContext>
  </StrictMode>,
);
