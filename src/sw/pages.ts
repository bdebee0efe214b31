// Which page the service worker (./worker.ts) gives for a URL: the cached page that stands for a path
// offline, and the page a push message's link opens. Plain functions of the build's page table, so
// the unit tests run them as the worker does.
import { RECORD_KEY } from '../../machines/recordKey';

/** What the worker knows of the app's pages (written by build/pwa.ts from src/i18n/paths.ts). */
export interface PageTable {
  /** Every page URL of the app, in both languages, and the index. */
  pages: string[];
  /** Pages that also open one record by its key (`/contracts/MC-2026-0412`). */
  paramPages: string[];
  /** The "not found" page of each language (answered with 404): the fallback for a path the app does not know. */
  notFound: { en: string; ar: string };
  arabicRoot: string;
  /** Each screen's page in each language: where a push message's link (a route key) opens. */
  screens: Record<string, { en: string; ar: string }>;
}

/** Everything the build gives the worker: its cache's version, the files it precaches and the pages. */
export interface WorkerBuild {
  version: string;
  files: string[];
  table: PageTable;
}

/** The cached page that stands for a path when the network is gone (the query string is never part of it). */
export function fallbackPath(table: PageTable, pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '' || path === '/all') return '/';
  if (table.pages.includes(path)) return path;
  const cut = path.lastIndexOf('/');
  const parent = path.slice(0, cut);
  if (table.paramPages.includes(parent) && RECORD_KEY.test(path.slice(cut + 1))) return parent;
  const arabic = path === table.arabicRoot || path.startsWith(`${table.arabicRoot}/`);
  return arabic ? table.notFound.ar : table.notFound.en;
}

/** The page a push message's link opens in its language: `contracts:MC-2026-0001` → /contracts/MC-2026-0001. */
export function pageOfLink(table: PageTable, link: unknown, lang: 'en' | 'ar'): string {
  const [id = '', param] = (typeof link === 'string' ? link : '').split(/:(.*)/s);
  const screen = Object.hasOwn(table.screens, id) ? table.screens[id] : undefined;
  if (!screen) return lang === 'ar' ? table.arabicRoot : '/';
  const base = screen[lang];
  return param && table.paramPages.includes(base) && RECORD_KEY.test(param) ? `${base}/${param}` : base;
}
