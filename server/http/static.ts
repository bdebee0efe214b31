// In production the server also serves the built app: hashed assets cached for a year (immutable),
// index.html revalidated every time, and every app path answered by the app's HTML (the router
// decides what it shows, including "not found").
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { compress } from 'hono/compress';
import type { AppEnv } from '../deps';

export function serveApp(app: Hono<AppEnv>, distDir: string) {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`No built app at ${distDir}: run npm run build first.`);
  const html = readFileSync(indexFile, 'utf8');
  app.use('*', compress());
  app.use(
    '/assets/*',
    serveStatic({
      root: distDir,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  app.use(
    '*',
    serveStatic({
      root: distDir,
      onFound: (_path, c) => c.header('Cache-Control', 'no-cache'),
    }),
  );
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  });
}
