// Build time only (build/prerender.ts): each route's HTML, rendered by the same components the
// browser hydrates. Two variants of a screen about the signed-in user: one for a browser that has a
// session (a placeholder until the server says whose it is), one for a visitor (the screen as a
// visitor sees it; a journey step a visitor may not open yet is the step the app sends them to).
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { isStep, stepOf, whyNot, type Requirement } from '../machines/steps';
import { isForEveryone, pageTitle } from './app/Layout';
import { AppRoutes, pageOf, preloadPage, WORDS_OF } from './app/routes';
import { createApi } from './client/api';
import { visitorSession } from './client/session';
import { ar } from './i18n/ar';
import { en } from './i18n/en';
import { recordWords, type Part } from './i18n/locale';
import { pathOf, resolvePath, type Resolved } from './i18n/paths';
import { SessionProvider, type RedirectNotice } from './ui/session';

// The table of every page's screen, for the build to find each page's chunk by.
export { PAGE_LOADERS } from './app/routes';

export interface RenderedPage {
  html: string;
  lang: 'en' | 'ar';
  title: string;
  description: string;
  /** The visitor's variant shows another path's screen: the browser shows that path (and why). */
  redirect?: { to: string; notice?: Requirement };
  /** The parts of the catalogs the page's screen reads, besides the common words (WORDS_OF). */
  words: readonly Part[];
}

/** Whether a path has a visitor's variant besides the one for a browser with a session. */
export const hasVisitorVariant = (path: string) => !isForEveryone(resolvePath(path));

/** Where the app sends a visitor who opens a journey step (as useJourneyRoute does in the browser). */
async function visitorRedirect(resolved: Resolved): Promise<RenderedPage['redirect']> {
  if (resolved.kind !== 'screen' || !isStep(resolved.id)) return undefined;
  const journey = await visitorSession(createApi(), { known: true }).loadJourney();
  const before = journey.getSnapshot();
  journey.send({ type: 'xstate.route', to: `#${resolved.id}` });
  const now = stepOf(journey.getSnapshot());
  if (now === resolved.id) return undefined;
  return { to: pathOf(now, resolved.lang), notice: whyNot(resolved.id, before.context) ?? undefined };
}

export async function renderPage(path: string, { visitor = false } = {}): Promise<RenderedPage> {
  const requested = resolvePath(path);
  const redirect = visitor ? await visitorRedirect(requested) : undefined;
  const shown = redirect ? resolvePath(redirect.to) : requested;
  await preloadPage(shown);
  // What the page reads must be what its screen loads with its code (src/app/routes.tsx, WORDS_OF):
  // a part missing there would keep the screen waiting for it after its code, or a hydrating page
  // from taking over its HTML at once.
  const read = new Set<Part>();
  recordWords((_lang, part) => read.add(part));
  const state: RedirectNotice | null = redirect ? { notice: redirect.notice } : null;
  const session = visitorSession(createApi(), { known: visitor });
  const { prelude } = await prerender(
    <StrictMode>
      <SessionProvider session={session}>
        <StaticRouter location={{ pathname: redirect?.to ?? path, state }}>
          <AppRoutes />
        </StaticRouter>
      </SessionProvider>
    </StrictMode>,
    // One piece: React would otherwise stream a large screen as a later part completed by an
    // inline script, which the page's Content-Security-Policy does not run.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  recordWords(undefined);
  const words = WORDS_OF[pageOf(shown)];
  const unlisted = [...read].filter((part) => !words.includes(part));
  if (unlisted.length > 0)
    throw new Error(`${path} reads the words of ${unlisted.join(', ')}, which WORDS_OF.${pageOf(shown)} (src/app/routes.tsx) does not list`);
  const html = await new Response(prelude).text();
  if (html.includes('<script')) throw new Error(`${path} was prerendered with an inline script`);
  const t = requested.lang === 'ar' ? ar : en;
  return { html, lang: requested.lang, title: pageTitle(shown, t), description: t.home.heroTitle, redirect, words };
}
