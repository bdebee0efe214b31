// In production the server also serves the built app. Everything is read once at start with its
// brotli and gzip forms (written by the build; the build is a few megabytes), so a request is a lookup:
// - hashed assets (/assets/*) are cached for a year, immutable;
// - pages and the other files are revalidated every time (no-cache + ETag, 304 when unchanged);
// - every app path gets its prerendered page (build/prerender.ts writes them under pages/ with a
//   table, pages.json); a path no route knows gets the "not found" page of its language, with 404.
// A build without prerendered pages (the benchmark's naive build) answers every path with index.html.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { RECORD_KEY } from '../../machines/recordKey';
import { gzipSync } from 'node:zlib';
import type { Context, Hono } from 'hono';
import { compress } from 'hono/compress';
import { brotli, COMPRESSIBLE, MIN_COMPRESSED_SIZE } from '../../build/compress';
import { filesUnder } from '../../build/files';
import type { PageTable } from '../../build/prerender';
import type { AppEnv, Deps } from '../deps';
import { readSessionCookie } from '../auth/sessions';
import { livePages } from './livePages';
import { contentSecurityPolicy } from './security';

interface StoredFile {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  type: string;
  etag: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const store = (file: string) => stored(readFileSync(file), extname(file), file);

/** A file's body with its compressed forms (the build's, read from `file` beside it, else made now) and ETag. */
function stored(body: Buffer, ext: string, file?: string): StoredFile {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  const stored: StoredFile = { body, type: TYPES[ext] ?? 'application/octet-stream', etag };
  if (COMPRESSIBLE.has(ext) && body.length >= MIN_COMPRESSED_SIZE) {
    // The build wrote them at best quality (build/compress.ts); a build without them gets quick ones.
    stored.br = file && existsSync(`${file}.br`) ? readFileSync(`${file}.br`) : brotli(body, 5);
    stored.gzip = file && existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`) : gzipSync(body);
  }
  return stored;
}

function send(
  c: Context,
  file: StoredFile,
  cacheControl: string,
  status: 200 | 404 = 200,
  vary = 'Accept-Encoding',
) {
  c.header('Cache-Control', cacheControl);
  c.header('ETag', file.etag);
  c.header('Vary', vary);
  if (status === 200 && c.req.header('if-none-match') === file.etag) return c.body(null, 304);
  c.header('Content-Type', file.type);
  const accepts = c.req.header('accept-encoding') ?? '';
  let body = file.body;
  if (file.br && /\bbr\b/.test(accepts)) {
    c.header('Content-Encoding', 'br');
    body = file.br;
  } else if (file.gzip && /\bgzip\b/.test(accepts)) {
    c.header('Content-Encoding', 'gzip');
    body = file.gzip;
  }
  if (c.req.method === 'HEAD') return c.body(null, status);
  return c.body(new Uint8Array(body), status);
}

export function serveApp(app: Hono<AppEnv>, distDir: string, deps: Deps) {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`No built app at ${distDir}: run npm run build first.`);
  const files = new Map<string, StoredFile>();
  for (const path of filesUnder(distDir)) {
    const url = `/${relative(distDir, path).split(sep).join('/')}`;
    if (!url.startsWith('/.vite/') && !/\.(br|gz)$/.test(url)) files.set(url, store(path));
  }
  const tableFile = join(distDir, 'pages', 'pages.json');
  const table = existsSync(tableFile) ? (JSON.parse(readFileSync(tableFile, 'utf8')) as PageTable) : null;
  const page = (file: string) => files.get(`/pages/${file}`)!;
  const pagePolicy = table?.styleHashes.length
    ? contentSecurityPolicy(table.styleHashes, table.scriptHashes)
    : null;

  /**
   * The page a path shows, and whether any route knows the path. A browser that sends no session
   * cookie is a visitor for sure: it gets the page as a visitor sees it, where there is one.
   */
  const live = livePages(distDir, table?.renderer, table?.styleHashes ?? [], deps, (html) => stored(Buffer.from(html), '.html'));

  function pageFor(pathname: string, visitor: boolean): { file: StoredFile; found: boolean; path?: string; visitorPage?: boolean } {
    if (!table) return { file: files.get('/index.html')!, found: true };
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const visitorPage = visitor && table.visitor[path] !== undefined;
    const exact = visitorPage ? table.visitor[path] : table.pages[path];
    if (exact) return { file: page(exact), found: true, path, visitorPage };
    const parent = path.slice(0, path.lastIndexOf('/'));
    if (table.withParam.includes(parent) && RECORD_KEY.test(path.slice(parent.length + 1)))
      return { file: page(table.pages[parent]!), found: true };
    const arabic = path === '/arabic' || path.startsWith('/arabic/');
    return { file: page(arabic ? table.notFound.ar : table.notFound.en), found: false };
  }

  // The API's answers are compressed as they go; the app's files were compressed at start.
  app.use('/api/*', compress());
  // A form sent before the page's script took it over (see FormCard): nothing in it is read; the
  // browser is sent back to the page.
  app.post('*', (c) => {
    const { pathname, search } = new URL(c.req.url);
    if (pathname.startsWith('/api/')) return c.json({ error: 'notFound' as const }, 404);
    return c.redirect(pathname + search, 303);
  });
  app.on(['GET', 'HEAD'], '*', async (c) => {
    const pathname = decodeURIComponent(new URL(c.req.url).pathname);
    if (pathname.startsWith('/api/')) return c.json({ error: 'notFound' as const }, 404);
    // Asked for by browsers on their own wherever a document names no icon (an image opened alone,
    // a feed reader, a crawler): the app's one icon.
    if (pathname === '/favicon.ico') return c.redirect('/favicon.svg', 301);
    const asset =
      pathname !== '/' && pathname !== '/index.html' && !pathname.startsWith('/pages/')
        ? files.get(pathname)
        : undefined;
    if (asset) return send(c, asset, pathname.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
    if (pathname.startsWith('/assets/')) return c.text('Not found', 404);
    const { file, found, path, visitorPage = false } = pageFor(pathname, readSessionCookie(c) === undefined);
    // A person opening Home or Services gets it with the companies' cars (livePages.ts); the service
    // worker's copy, fetched by no navigation, stays the prerendered page.
    const shown = (path && c.req.header('sec-fetch-mode') === 'navigate' && (await live(path, file.body, visitorPage))) || file;
    if (pagePolicy) c.header('Content-Security-Policy', pagePolicy);
    return send(c, shown, REVALIDATE, found ? 200 : 404, 'Accept-Encoding, Cookie');
  });
}
