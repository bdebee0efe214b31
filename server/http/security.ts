// What every response and every state-changing request goes through: security headers, the Origin
// check (a page elsewhere cannot make a signed-in browser act), and JSON-only mutations.
import type { MiddlewareHandler } from 'hono';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Scripts only from this origin (no eval; inline only a prerendered page's one line, by its hash),
 * nothing framed, nothing fetched elsewhere: no request from any page leaves the machine.
 */
export const contentSecurityPolicy = (styleHashes: readonly string[] = [], scriptHashes: readonly string[] = []) => [
  "default-src 'self'",
  // A prerendered page's one inline script (whether the browser has the app's fonts), by its hash.
  ['script-src', "'self'", ...scriptHashes.map((h) => `'${h}'`)].join(' '),
  // Prerendered pages carry a few style attributes Radix renders (build/prerender.ts lists their
  // hashes): exactly those are allowed, no other inline style.
  styleHashes.length > 0 ? `style-src 'self' 'unsafe-hashes' ${styleHashes.map((h) => `'${h}'`).join(' ')}` : "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/**
 * A built script or stylesheet (`/assets/…`): a page loads it, it is never a page or a worker itself
 * (the service worker is `/sw.js`), so the policies that govern documents say nothing there, and each
 * page loads a dozen of them: without those headers each answer is about 450 bytes lighter.
 */
const isPageAsset = (path: string, type: string | null) =>
  path.startsWith('/assets/') && /^(text\/javascript|application\/javascript|text\/css)\b/.test(type ?? '');

export const securityHeaders = (production: boolean): MiddlewareHandler => async (c, next) => {
  await next();
  c.header('X-Content-Type-Options', 'nosniff');
  if (production) c.header('Strict-Transport-Security', 'max-age=31536000');
  if (isPageAsset(c.req.path, c.res.headers.get('content-type'))) return;
  c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  c.header('X-Frame-Options', 'DENY');
  c.header('Cross-Origin-Opener-Policy', 'same-origin');
  // The development server's hot reload injects an inline script, so the policy is for production.
  if (production) {
    // A prerendered page sets its own (server/http/static.ts), with its style hashes.
    if (!c.res.headers.has('Content-Security-Policy')) c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  }
};

/** A state-changing request must come from a page of this app (Origin header), never from elsewhere. */
export const sameOrigin = (publicOrigin: string | undefined): MiddlewareHandler => async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const origin = c.req.header('origin');
  const expected = new URL(publicOrigin ?? c.req.url).host;
  let host: string | null = null;
  try {
    host = origin ? new URL(origin).host : null;
  } catch {
    host = null;
  }
  if (!host || host !== expected) return c.json({ error: 'origin' as const }, 403);
  return next();
};

/** Mutations take JSON only (the document upload at registration is the one multipart exception). */
export const jsonOnly: MiddlewareHandler = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method) || c.req.method === 'DELETE') return next();
  const type = c.req.header('content-type') ?? '';
  if (!type.startsWith('application/json')) return c.json({ error: 'contentType' as const }, 415);
  return next();
};
