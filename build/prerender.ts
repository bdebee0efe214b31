// `npm run build`, after the browser bundle: every route's HTML in both languages, rendered by the
// app's own components (src/prerender.tsx, built for Node into the build's .ssr folder, which the
// server also renders Home and Services with: server/http/livePages.ts), so a phone
// paints the screen's text before any script has run. Each page carries its CSS inline, its icon,
// one inline script (whether the browser has the app's faces yet, src/client/fonts.ts; and, once the
// page is painted, its manifest and the boot script: src/pageStart.ts), and names the modules the
// boot script fetches (the shell, its screen's chunk, its language's catalog) and nothing else.
// Screens about the user get a second page for visitors.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, minifySync, transformWithOxc, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import { ARABIC_ROOT, PARAM_SCREENS, SCREEN_IDS, STAFF_SCREEN_IDS, pathOf, type ScreenId } from '../src/i18n/paths.ts';
import { FONTS_FLAG_SCRIPT } from '../src/client/fonts.ts';
import type { RenderedPage } from '../src/prerender';
import { checkBudgets } from './budget.ts';
import { pageArt } from './art.ts';
import { sha256, styleAttributes } from './policy.ts';

/** A page the build writes: the URL path it answers and the file it is written to under pages/. */
export interface Page {
  path: string;
  file: string;
  /** The module (relative to the project) whose chunk shows this page. */
  module: string;
  /** The module that imports it, when not the entry's routes: the company's screens' (src/app/staffScreens.ts). */
  via?: string;
}

/** A page's loader (src/app/routes.tsx PAGE_LOADERS): it resolves to the screen's module. */
type Loader = () => Promise<object>;

/**
 * The source module each page's loader brings, read from the app's own table of loaders as the
 * prerender's Node build runs them. That build keeps one file per module, so a loader resolves to
 * the namespace of one file, and the file names its module. No source is read by pattern: a loader
 * written any way is followed as the browser follows it (a company screen's goes through
 * src/app/staffScreens.ts, which is what `via` says, so its page preloads that module first).
 */
async function screenModules(root: string, ssrDir: string, ssr: Rolldown.RolldownOutput, loaders: Record<string, Loader>) {
  const moduleOf = new Map<object, string>();
  for (const chunk of ssr.output) {
    if (chunk.type !== 'chunk' || !chunk.facadeModuleId) continue;
    // Only the screens' modules are run here: another lazy module may expect a browser around it.
    const module = relative(root, chunk.facadeModuleId).split(sep).join('/');
    if (module.startsWith('src/screens/')) moduleOf.set(await import(pathToFileURL(join(ssrDir, chunk.fileName)).href), module);
  }
  const staff = new Set<string>(STAFF_SCREEN_IDS);
  const entries = await Promise.all(
    Object.entries(loaders).map(async ([id, load]) => {
      const module = moduleOf.get(await load());
      if (!module) throw new Error(`The loader of ${id} (src/app/routes.tsx) brings no screen's chunk`);
      return [id, { module, ...(staff.has(id) ? { via: 'src/app/staffScreens.ts' } : {}) }] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<string, Pick<Page, 'module' | 'via'>>;
}

/** Every page: the index, each screen in English and Arabic, and "not found" in both. */
export function pagesOf(modules: Record<string, Pick<Page, 'module' | 'via'>>): Page[] {
  const fileOf = (path: string) => `${path === '/' ? 'index' : path.slice(1)}.html`;
  const page = (path: string, id: string): Page => {
    const loader = modules[id];
    if (!loader) throw new Error(`src/app/routes.tsx has no loader for ${id}`);
    return { path, file: fileOf(path), ...loader };
  };
  return [
    page('/', 'index'),
    ...SCREEN_IDS.flatMap((id) => [page(pathOf(id, 'en'), id), page(pathOf(id, 'ar'), id)]),
    { ...page('/not-found', 'notFound'), file: '404.html' },
    { ...page(`${ARABIC_ROOT}/not-found`, 'notFound'), file: 'arabic/404.html' },
  ];
}

/** What the server needs to answer a path with its page (server/http/static.ts reads it). */
export interface PageTable {
  pages: Record<string, string>;
  /** Paths that also take one record's key (`/contracts/MC-2026-0412`): answered by their page. */
  withParam: string[];
  notFound: { en: string; ar: string };
  /** Paths whose page for a browser without a session (a visitor) is its own file. */
  visitor: Record<string, string>;
  /** CSP hashes of the pages' inline CSS and of the style attributes they carry (Radix renders a few). */
  styleHashes: string[];
  /** CSP hashes of the pages' inline scripts (the fonts flag and src/pageStart.ts, as one). */
  scriptHashes: string[];
  /** The app's render for Node (src/prerender.tsx), relative to the build: the server renders the live pages with it. */
  renderer?: string;
}

/** Where the build keeps the app's render for Node. */
export const SSR_DIR = '.ssr';

function pageTable(
  pages: Page[],
  visitor: Record<string, string>,
  html: string[],
  inlineStyles: string[],
  inlineScript: string,
): PageTable {
  const attributes = html.flatMap(styleAttributes);
  const styles = new Set([...attributes, ...inlineStyles]);
  const styleHashes = [...styles].map(sha256);
  const table: PageTable = {
    pages: {},
    withParam: [],
    notFound: { en: '404.html', ar: 'arabic/404.html' },
    styleHashes,
    scriptHashes: [sha256(inlineScript)],
    visitor,
  };
  for (const page of pages) if (!page.file.endsWith('404.html')) table.pages[page.path] = page.file;
  table.pages['/all'] = 'index.html';
  table.withParam = [...PARAM_SCREENS].flatMap((id: ScreenId) => [pathOf(id, 'en'), pathOf(id, 'ar')]);
  return table;
}

type Chunk = Rolldown.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** A chunk and every chunk it imports statically, in load order. */
export function staticGraph(
  bundle: Rolldown.OutputBundle,
  fileName: string,
  seen = new Set<string>(),
): string[] {
  if (seen.has(fileName)) return [];
  seen.add(fileName);
  const chunk = bundle[fileName] as Chunk | undefined;
  if (!chunk || chunk.type !== 'chunk') return [];
  return [fileName, ...chunk.imports.flatMap((f) => staticGraph(bundle, f, seen))];
}

/** The chunks `roots` need, each one's static imports before it: the order they can run in. */
export function runOrder(bundle: Rolldown.OutputBundle, roots: string[]): string[] {
  const order: string[] = [];
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (order.includes(fileName) || !chunk || chunk.type !== 'chunk') return;
    order.push(fileName); // placed now, so an import cycle ends here; moved after its imports below
    chunk.imports.forEach(visit);
    order.splice(order.indexOf(fileName), 1);
    order.push(fileName);
  };
  roots.forEach(visit);
  return order;
}

/** index.html's script: the app's entry, loaded its own way by each page. */
const DEV_ENTRY_TAG = /\s*<script type="module" src="\/src\/main\.tsx"><\/script>/;

/**
 * `html` with `from` replaced, once; a build error when `from` is not there (index.html changed
 * under the build), instead of a page quietly missing its title or its app.
 */
function replaceOnce(html: string, from: string | RegExp, to: string | ((match: string, ...groups: string[]) => string)) {
  if (typeof from === 'string' ? !html.includes(from) : !from.test(html)) throw new Error(`index.html has no ${String(from)}`);
  return typeof to === 'string' ? html.replace(from, to) : html.replace(from, to); // one call per overload
}

/**
 * The CSS a chunk needs, in the order Vite links it in index.html: each import's (depth first) before
 * the chunk's own, once each.
 */
function cssInOrder(bundle: Rolldown.OutputBundle, fileName: string, seen = new Set<string>()): string[] {
  if (seen.has(fileName)) return [];
  seen.add(fileName);
  const chunk = bundle[fileName] as Chunk | undefined;
  if (!chunk || chunk.type !== 'chunk') return [];
  const css = [...chunk.imports.flatMap((f) => cssInOrder(bundle, f, seen)), ...(chunk.viteMetadata?.importedCss ?? [])];
  return [...new Set(css)];
}

const cssOf = (bundle: Rolldown.OutputBundle, files: string[]) =>
  files.flatMap((f) => [...((bundle[f] as Chunk).viteMetadata?.importedCss ?? [])]);

export function chunkOf(bundle: Rolldown.OutputBundle, root: string, module: string): string {
  const id = resolve(root, module);
  const chunk = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId === id);
  if (!chunk) throw new Error(`No chunk for ${module}`);
  return chunk.fileName;
}

/** The page's manifest and colour: one per language (public/manifest.*.webmanifest). */
function manifestOf(root: string, lang: 'en' | 'ar') {
  const href = `/manifest.${lang}.webmanifest`;
  try {
    const { theme_color } = JSON.parse(readFileSync(join(root, 'public', href), 'utf8')) as {
      theme_color?: string;
    };
    return { href, themeColor: theme_color ?? '#0b6e4f' };
  } catch {
    return null;
  }
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A typed script of the app's (`src/…ts`, importing nothing) as the browser runs it, minified. A
 * classic one (inline in a page) without the empty `export {}` that makes the file a module for
 * TypeScript only.
 */
async function compileScript(root: string, module: string, classic = false): Promise<string> {
  const source = join(root, module);
  const compiled = (await transformWithOxc(readFileSync(source, 'utf8'), source, { lang: 'ts' })).code;
  const script = classic ? compiled.replace(/^export \{\};?$/m, '') : compiled;
  const { code, errors } = minifySync(basename(module), script, { module: !classic });
  if (errors.length > 0) throw new Error(`${module}: ${errors.map((e) => e.message).join('; ')}`);
  return code;
}

/**
 * The script that starts a page's app, src/boot.ts (the page's inline script adds it once the page is
 * painted; it fetches and runs the page's modules one per task): compiled and minified on its own,
 * as it imports nothing, and hashed like the other assets.
 */
async function writeBoot(root: string, outDir: string): Promise<string> {
  const code = await compileScript(root, 'src/boot.ts');
  const file = `assets/boot-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
  writeFileSync(join(outDir, file), code);
  return file;
}

/**
 * The pages' one inline script: the fonts flag, then what adds the manifest and the boot script once
 * the page is painted (src/pageStart.ts).
 */
async function pageScript(root: string): Promise<string> {
  return FONTS_FLAG_SCRIPT + (await compileScript(root, 'src/pageStart.ts', true)).trim();
}

/**
 * The favicon as a `data:` address: the browser asks for a page's icon as soon as it paints, and a
 * request that ends before the page's largest paint counts against it on a slow network.
 */
function faviconData(root: string): string {
  const svg = readFileSync(join(root, 'public/favicon.svg'), 'utf8').trim().replace(/\n\s*/g, ' ');
  return `data:image/svg+xml,${svg.replace(/"/g, "'").replace(/[%#<>]/g, encodeURIComponent)}`;
}

export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  let bundle: Rolldown.OutputBundle = {};
  return {
    name: 'movecar:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, output) {
      bundle = output;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const root = config.root;
      const outDir = resolve(root, config.build.outDir);
      // Kept with the build: the server renders the live pages with it (server/http/livePages.ts).
      // Inside the project, so the Node build finds its packages in node_modules; a dot folder, which
      // is not one of the app's files (build/files.ts): never served, compressed or precached.
      const ssrDir = join(outDir, SSR_DIR);
      const ssr = (await build({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        // One file per module, so a page's loader resolves to its screen's own module (screenModules).
        build: { ssr: 'src/prerender.tsx', outDir: ssrDir, emptyOutDir: true, copyPublicDir: false, rolldownOptions: { output: { preserveModules: true } } },
      })) as Rolldown.RolldownOutput;
      const entry = ssr.output.find((c) => c.type === 'chunk' && c.isEntry)!.fileName;
      const { renderPage, hasVisitorVariant, isLive, ART_ID, PAGE_LOADERS } = (await import(pathToFileURL(join(ssrDir, entry)).href)) as {
        renderPage: (path: string, options?: { visitor?: boolean }) => Promise<RenderedPage>;
        hasVisitorVariant: (path: string) => boolean;
        isLive: (path: string) => boolean;
        ART_ID: string;
        PAGE_LOADERS: Record<string, Loader>;
      };
      const artOf = pageArt(root, ART_ID);
      const pages = pagesOf(await screenModules(root, ssrDir, ssr, PAGE_LOADERS));
      // The app's entry (index.html's script, src/main.tsx, bundled as index.html's chunk), the chunks
      // it imports and their CSS, from the bundle itself.
      const entryFiles = [chunkOf(bundle, root, 'index.html')];
      const shell = new Set(entryFiles.flatMap((entry) => staticGraph(bundle, entry)));
      const shellCss = entryFiles.flatMap((entry) => cssInOrder(bundle, entry));
      // Each page is our index.html (its head's tags, the root) without the development entry: a page
      // loads its scripts its own way (below), and its CSS is in the page.
      const template = replaceOnce(readFileSync(join(root, 'index.html'), 'utf8'), DEV_ENTRY_TAG, '');
      const boot = await writeBoot(root, outDir);
      const script = await pageScript(root);
      const favicon = faviconData(root);
      const wordsOf = (lang: 'en' | 'ar', part: string) => chunkOf(bundle, root, `src/i18n/${lang}/${part}.ts`);
      const jsByPage = new Map<string, string[]>();
      const htmls: string[] = [];
      const inlineStyles: string[] = [];
      const pageAt = new Map(pages.map((p) => [p.path, p]));
      /** One variant of a page: rendered, then written with what it needs and nothing else. */
      const write = (page: Page, rendered: RenderedPage, file: string, visitor: boolean) => {
        htmls.push(rendered.html);
        const shown = rendered.redirect ? pageAt.get(rendered.redirect.to)! : page;
        const screen = chunkOf(bundle, root, shown.module);
        // A company screen's loader comes first, so opening the screen waits for no request.
        const via = shown.via ? [chunkOf(bundle, root, shown.via)] : [];
        const own = staticGraph(bundle, screen).filter((f) => !shell.has(f));
        // The page's words: its language's common words and its screen's parts (the index lists
        // the screens in both languages).
        const catalogs = [
          ...(page.path === '/' ? [wordsOf('ar', 'common')] : []),
          ...['common', ...rendered.words].map((part) => wordsOf(rendered.lang, part)),
        ];
        // The screen and the catalogs before the entry, which hydrates the page.
        const js = runOrder(bundle, [...via, screen, ...catalogs, ...entryFiles]);
        if (!visitor) jsByPage.set(page.path, js);
        // The page's CSS is in the page: the first paint waits for no other request.
        const cssFiles = [...new Set([...shellCss, ...cssOf(bundle, own)])];
        const css = cssFiles.map((f) => readFileSync(join(outDir, f), 'utf8').trim()).join('\n');
        inlineStyles.push(css);
        const manifest = manifestOf(root, rendered.lang);
        const head = [
          `<script>${script}</script>`,
          `<style data-files="${cssFiles.map((f) => `/${f}`).join(' ')}">${css}</style>`,
          // What the inline script adds once the page is painted (src/pageStart.ts, src/boot.ts).
          `<template id="boot" data-src="/${boot}"${manifest ? ` data-manifest="${manifest.href}"` : ''} data-modules="${js.map((f) => `/${f}`).join(' ')}"></template>`,
        ];
        // How the browser hydrates it (src/main.tsx): made for a visitor, and showing another path.
        const rootAttributes = [
          ...(visitor ? ['data-visitor'] : []),
          ...(rendered.redirect ? [`data-redirect="${rendered.redirect.to}"`] : []),
          ...(rendered.redirect?.notice ? [`data-notice="${rendered.redirect.notice}"`] : []),
        ];
        let html = replaceOnce(template, '<html lang="en" dir="ltr">', `<html lang="${rendered.lang}" dir="${rendered.lang === 'ar' ? 'rtl' : 'ltr'}">`);
        html = replaceOnce(html, /(<meta name="theme-color" content=")([^"]*)/, (_, start, colour) => start + (manifest?.themeColor ?? colour));
        html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escape(rendered.title)}</title>`);
        html = replaceOnce(html, /(<meta name="description" content=")[^"]*/, `$1${escape(rendered.description)}`);
        html = replaceOnce(html, 'href="/favicon.svg"', `href="${favicon}"`);
        html = replaceOnce(html, '</head>', `  ${head.join('\n    ')}\n  </head>`);
        // The drawings the page shows as it opens, before the root (the live pages' cars come with the
        // server's render of it, in this page's body).
        const art = artOf(rendered.html, isLive(page.path));
        html = replaceOnce(html, '<div id="root"></div>', `${art}<div id="root"${rootAttributes.map((a) => ` ${a}`).join('')}>${rendered.html}</div>`);
        const path = join(outDir, 'pages', file);
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, html);
      };
      const visitorPages: Record<string, string> = {};
      for (const page of pages) {
        write(page, await renderPage(page.path), page.file, false);
        if (!hasVisitorVariant(page.path)) continue;
        visitorPages[page.path] = `visitor/${page.file}`;
        write(page, await renderPage(page.path, { visitor: true }), `visitor/${page.file}`, true);
      }
      writeFileSync(
        join(outDir, 'pages', 'pages.json'),
        JSON.stringify({ ...pageTable(pages, visitorPages, htmls, inlineStyles, script), renderer: `${SSR_DIR}/${entry}` }, null, 2),
      );
      await checkBudgets(outDir, jsByPage, config.logger);
    },
  };
}
