// Home and Services list the companies' cars. A page prerendered at build time cannot know them: a
// renter opening one saw empty cards until the app had loaded and asked the server (on a slow phone
// the cars' pictures came about 2.8 s in, behind the hero's words at 0.85 s). So when a person opens
// one of these pages (a navigation), the server renders it with its records, using the app's own
// render for Node that the build keeps (src/prerender.tsx, in .ssr): the default trip, the cars free
// for it, the companies. The same answers go in the page (#seeds), so the browser's first render,
// which hydrates that HTML, shows the same (src/ui/serverData.ts). Everything else gets the
// prerendered page: the service worker's copy for offline use (no prices that would go stale), a
// build without the render (the benchmark's naive one), or a render that failed (logged).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sha256, styleAttributes } from '../../build/policy';
import { defaultTrip } from '../../machines/booking';
import { freeCarOffers } from '../cars/service';
import { offeredCompanies } from '../companies/store';
import type { Deps } from '../deps';

/** What the build's render for Node offers (src/prerender.tsx). */
interface Renderer {
  isLive(path: string): boolean;
  renderLivePage(path: string, data: unknown, options: { visitor: boolean }): Promise<{ html: string; seeds: string }>;
}

// Inside <script>: nothing in the JSON may close it or start a comment.
const scriptSafe = (json: string) => json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

const KEPT = 8;

/**
 * `page(path, prerendered, visitor)`: the live page for `path`, made from its prerendered page (whose
 * root's content it replaces) and stored as `store` makes it, or null when `path` is not a live page or it
 * could not be rendered. The last few renders are kept, by what they were made with: a page is
 * rendered again only when its cars, prices or companies changed (or the day, with the trip).
 */
export function livePages<T>(
  distDir: string,
  renderer: string | undefined,
  /** The style attributes the pages' Content-Security-Policy allows (the build hashed them). */
  styleHashes: readonly string[],
  deps: Deps,
  store: (html: string) => T,
) {
  let loaded: Promise<Renderer | null> | undefined;
  const load = () =>
    (loaded ??= renderer
      ? (import(pathToFileURL(join(distDir, renderer)).href) as Promise<Renderer>).catch((error: Error) => {
          deps.log.error('the app’s render for Node could not be loaded: Home and Services are sent as prerendered', { reason: error.message });
          return null;
        })
      : Promise.resolve(null));
  const allowed = new Set(styleHashes);
  const kept = new Map<string, T>();

  return async function page(path: string, prerenderedPage: Buffer, visitor: boolean): Promise<T | null> {
    const render = await load();
    if (!render?.isLive(path)) return null;
    try {
      const trip = defaultTrip(deps.now().getTime());
      const [offers, companies] = await Promise.all([freeCarOffers(deps.db, trip), offeredCompanies(deps.db)]);
      const json = JSON.stringify({ trip, offers, companies });
      const key = `${path}\n${visitor}\n${json}`;
      const known = kept.get(key);
      if (known) {
        kept.delete(key);
        kept.set(key, known);
        return known;
      }
      // As the API sends them: what the browser's first render reads is JSON.
      const { html, seeds } = await render.renderLivePage(path, JSON.parse(json), { visitor });
      // A style attribute the build did not see would be refused by the page's policy.
      const unknown = styleAttributes(html).filter((s) => !allowed.has(sha256(s)));
      if (unknown.length > 0) throw new Error(`style attributes the policy does not allow: ${unknown.join('; ')}`);
      const prerendered = prerenderedPage.toString();
      const open = prerendered.indexOf('<div id="root"');
      const start = prerendered.indexOf('>', open) + 1;
      const end = prerendered.lastIndexOf('</div>', prerendered.indexOf('</body>'));
      if (open < 0 || end < start) throw new Error('the prerendered page has no root');
      const file = store(
        `${prerendered.slice(0, start)}${html}</div>\n    <script type="application/json" id="seeds">${scriptSafe(seeds)}</script>${prerendered.slice(end + '</div>'.length)}`,
      );
      kept.set(key, file);
      if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
      return file;
    } catch (error) {
      deps.log.error('a live page could not be rendered: sent as prerendered', { path, reason: (error as Error).message });
      return null;
    }
  };
}
