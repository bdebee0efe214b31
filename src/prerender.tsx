// Build time only (build/prerender.ts): each route's HTML, rendered by the same components the
// browser hydrates, for nobody in particular (a visitor whose session is not known yet).
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { pageTitle } from './app/Layout';
import { preloadPage, routes } from './app/routes';
import { createApi } from './client/api';
import { visitorSession } from './client/session';
import { en } from './i18n/en';
import { loadArabic } from './i18n/locale';
import { resolvePath } from './i18n/paths';
import { SessionProvider } from './ui/journey';

export interface RenderedPage {
  html: string;
  lang: 'en' | 'ar';
  title: string;
  description: string;
}

export async function renderPage(path: string): Promise<RenderedPage> {
  const resolved = resolvePath(path);
  const [, ar] = await Promise.all([preloadPage(resolved), loadArabic()]);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`${path} answered a redirect at build time`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const session = visitorSession(createApi());
  const { prelude } = await prerender(
    <StrictMode>
      <SessionProvider session={session}>
        {/* No hydration data: the routes load nothing, and the page allows no inline script. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </SessionProvider>
    </StrictMode>,
    // One piece: React would otherwise stream a large screen as a later part completed by an
    // inline script, which the page's Content-Security-Policy does not run.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  if (html.includes('<script')) throw new Error(`${path} was prerendered with an inline script`);
  const t = resolved.lang === 'ar' ? ar : en;
  return { html, lang: resolved.lang, title: pageTitle(resolved, t), description: t.home.heroTitle };
}
