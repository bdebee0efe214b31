// Each route's HTML, rendered by the same components the browser hydrates: at build time
// (build/prerender.ts), and by the server for the pages that show its records from the first paint
// (renderLivePage: Home's and Services' cars). Two variants of a screen about the signed-in user: one
// for a browser that has a session (a placeholder until the server says whose it is), one for a
// visitor (the screen as a visitor sees it; a journey step a visitor may not open yet is the step the
// app sends them to).
import { StrictMode } from 'react';
import type { CarOffer, Trip } from '../machines/booking';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { isStep, stepOf, whyNot, type Requirement } from '../machines/steps';
import { isForEveryone, pageTitle } from './app/Layout';
import { AppRoutes, pageOf, preloadPage, WORDS_OF } from './app/routes';
import { createApi, type CompanyView } from './client/api';
import { visitorSession } from './client/session';
import { ar } from './i18n/ar';
import { en } from './i18n/en';
import { recordWords, type Part } from './i18n/locale';
import { pathOf, resolvePath, type Resolved } from './i18n/paths';
import { carsKey } from './ui/cars';
import { setSeeds } from './ui/serverData';
import { SessionProvider, type RedirectNotice } from './ui/session';

// The table of every page's screen, for the build to find each page's chunk by.
export { PAGE_LOADERS } from './app/routes';
// The build puts the app's drawings in a page under this id (build/art.ts).
export { ART_ID } from './ui/Drawing';

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
  return render(path, visitor);
}

/** What the server knows when a renter opens Home or Services: the default trip, its cars, the companies. */
export interface LiveData {
  trip: Trip;
  offers: CarOffer[];
  companies: CompanyView[];
}

/** The screens whose page the server renders with its records, so their cars are in the first paint. */
const LIVE = new Set(['home', 'services']);
export const isLive = (path: string) => {
  const resolved = resolvePath(path);
  return resolved.kind === 'screen' && LIVE.has(resolved.id);
};

/**
 * A live page's content: the screen rendered with the server's answers, and those answers as the
 * page's `#seeds` (JSON), under the keys its screen reads them by, so hydration renders the same.
 */
export async function renderLivePage(path: string, data: LiveData, { visitor = false } = {}): Promise<{ html: string; seeds: string }> {
  const seeds = { trip: data.trip, [carsKey(data.trip)]: { results: data.offers }, companies: { companies: data.companies } };
  return { html: (await render(path, visitor, seeds)).html, seeds: JSON.stringify(seeds) };
}

// One render at a time: the answers a render reads are the module's (setSeeds), as in the browser.
let queue: Promise<unknown> = Promise.resolve();
function render(path: string, visitor: boolean, seeds: Record<string, unknown> | null = null): Promise<RenderedPage> {
  const next = queue.then(async () => {
    setSeeds(seeds);
    try {
      return await renderOnce(path, visitor);
    } finally {
      setSeeds(null);
    }
  });
  queue = next.catch(() => undefined);
  return next;
}

async function renderOnce(path: string, visitor: boolean): Promise<RenderedPage> {
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
