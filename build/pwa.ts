// The app installable and usable offline: after the client build, writes <outDir>/sw.js, the service
// worker of src/sw/worker.ts (typed, no library), compiled with what it precaches: every page of the
// app by URL (fetched from the server at install, whatever the build's file layout), the hashed
// assets, the icons and the manifests (docs/decisions/build.md says why not Workbox).
// The cache's name carries a hash of what is precached and of the worker itself: a new build gets a
// new cache, and the old ones are deleted when the new worker takes over.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { ARABIC_ROOT, PARAM_SCREENS, SCREEN_IDS, pathOf } from '../src/i18n/paths.ts';
import type { PageTable, WorkerBuild } from '../src/sw/pages';
import { afterClientBuild, filesUnder } from './files.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Files at the root of the built app that are precached when present (from public/). */
export const STATIC_FILES = ['/favicon.svg', '/manifest.en.webmanifest', '/manifest.ar.webmanifest'];
/** Folders of the built app whose every file is precached. */
export const PRECACHED_FOLDERS = ['assets', 'icons'];

export function pageTable(): PageTable {
  const langs = ['en', 'ar'] as const;
  return {
    pages: ['/', ...langs.flatMap((lang) => SCREEN_IDS.map((id) => pathOf(id, lang)))],
    paramPages: langs.flatMap((lang) =>
      SCREEN_IDS.filter((id) => PARAM_SCREENS.has(id)).map((id) => pathOf(id, lang)),
    ),
    notFound: { en: '/not-found', ar: `${ARABIC_ROOT}/not-found` },
    arabicRoot: ARABIC_ROOT,
    screens: Object.fromEntries(SCREEN_IDS.map((id) => [id, { en: pathOf(id, 'en'), ar: pathOf(id, 'ar') }])),
  };
}

const urlOf = (outDir: string, file: string) => `/${relative(outDir, file).split(sep).join(posix.sep)}`;

/** The files of the built app that are precached (URLs), sorted; pages are not files (see pageTable). */
export function precachedFiles(outDir: string): string[] {
  const inFolders = PRECACHED_FOLDERS.flatMap((folder) => filesUnder(join(outDir, folder))).map((f) =>
    urlOf(outDir, f),
  );
  const atRoot = STATIC_FILES.filter((url) => existsSync(join(outDir, url)));
  return [...atRoot, ...inFolders].sort();
}

/** Where the worker reads what the build gives it (src/sw/worker.ts). */
const BUILD_SLOT = 'self.__MOVECAR_BUILD';

let compiled: Promise<string> | undefined;

/**
 * The worker's code (src/sw/worker.ts and what it imports), compiled once per process into one
 * classic script: a service worker registered without `type: 'module'` cannot import.
 */
function workerCode(): Promise<string> {
  compiled ??= (async () => {
    const output = await build({
      configFile: false,
      root: ROOT,
      logLevel: 'warn',
      publicDir: false,
      build: {
        write: false,
        minify: true,
        lib: { entry: 'src/sw/worker.ts', formats: ['iife'], name: 'movecarWorker', fileName: () => 'sw.js' },
      },
    });
    const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => ('output' in o ? o.output : []));
    const code = chunks.flatMap((c) => (c.type === 'chunk' ? [c.code] : [])).join('\n');
    if (code.split(BUILD_SLOT).length !== 2) throw new Error(`src/sw/worker.ts must read ${BUILD_SLOT} exactly once`);
    return code;
  })();
  return compiled;
}

/** The worker for a built app in outDir: its code with its files, the pages and a version from everything it precaches. */
export async function buildServiceWorker(outDir: string): Promise<string> {
  const code = await workerCode();
  const files = precachedFiles(outDir);
  const table = pageTable();
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ files, table })).update(code);
  for (const url of files) hash.update(url).update(readFileSync(join(outDir, url)));
  const build: WorkerBuild = { version: hash.digest('hex').slice(0, 16), files, table };
  return code.replace(BUILD_SLOT, `(${JSON.stringify(build)})`);
}

/** The Vite plugin: after the browser build and its prerendered pages (build/prerender.ts), writes <outDir>/sw.js. */
export const pwa = () =>
  afterClientBuild('movecar-pwa', async (outDir) => writeFileSync(join(outDir, 'sw.js'), await buildServiceWorker(outDir)));
