// What every response and every state-changing request goes through: security headers, the Origin
// check (a page elsewhere cannot make a signed-in browser act), and JSON-only mutations.
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { bodyLimit } from 'hono/body-limit';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Scripts only from this origin (no eval; inline only a prerendered page's one script, by its hash),
 * nothing framed, nothing fetched elsewhere: no request from any page leaves the machine.
 */
export const contentSecurityPolicy = (styleHashes: readonly string[] = [], scriptHashes: readonly string[] = []) => [
  "default-src 'self'",
  // A prerendered page's one inline script (the fonts flag, and what starts the app once the page is
  // painted: src/pageStart.ts), by its hash.
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
 * Geolocation for our own pages only: Emergency's report asks where the renter is (with their
 * permission). No `bluetooth`: Chromium 156 does not know that feature and warns of it on every page.
 */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(self), payment=(), usb=(), serial=()';

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
  // No page of the app uses these devices or APIs; none may be asked for on its behalf.
  c.header('Permissions-Policy', PERMISSIONS_POLICY);
  // The development server's hot reload injects an inline script, so the policy is for production.
  if (production) {
    // A prerendered page sets its own (server/http/static.ts), with its style hashes.
    if (!c.res.headers.has('Content-Security-Policy')) c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  }
};

/**
 * A state-changing request must come from a page of this app (Origin header), never from elsewhere:
 * the whole origin (scheme, host and port), against the configured one (PUBLIC_ORIGIN). Never
 * against the request's Host or X-Forwarded-Host: whoever sends the request writes those.
 */
export const sameOrigin = (publicOrigin: string): MiddlewareHandler => async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  let origin: string | null = null;
  try {
    origin = new URL(c.req.header('origin') ?? '').origin;
  } catch {
    origin = null;
  }
  if (origin !== publicOrigin) return c.json({ error: 'origin' as const }, 403);
  return next();
};

/** Mutations take JSON only (the document upload at registration is the one multipart exception). */
export const jsonOnly: MiddlewareHandler = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method) || c.req.method === 'DELETE') return next();
  const type = c.req.header('content-type') ?? '';
  if (!type.startsWith('application/json')) return c.json({ error: 'contentType' as const }, 415);
  return next();
};

/** What a JSON request may weigh: every form of the app is a few hundred bytes. */
export const JSON_BODY_MAX = 64 * 1024;

/** Refuses a body over `maxSize` with 413, counting as it arrives (a false Content-Length too). */
export const limitBody = (maxSize: number) =>
  bodyLimit({ maxSize, onError: (c) => c.json({ error: 'tooLarge' as const }, 413) });

/**
 * A ceiling on every request's body before anything reads it: `larger` for the routes that take files
 * (by path), JSON_BODY_MAX for any other. Without it a 50 MB login body was read and parsed whole.
 */
export function limitBodies(larger: Record<string, number>, patterns: [RegExp, number][] = []): MiddlewareHandler {
  const limits = new Map<number, MiddlewareHandler>();
  const limit = (max: number) => limits.get(max) ?? limits.set(max, limitBody(max)).get(max)!;
  const maxOf = (path: string) => larger[path] ?? patterns.find(([pattern]) => pattern.test(path))?.[1] ?? JSON_BODY_MAX;
  return (c, next) => (SAFE_METHODS.has(c.req.method) ? next() : limit(maxOf(c.req.path.replace(/\/$/, '')))(c, next));
}

/**
 * Who is asking, for the limits per client: the connection's address, or behind a proxy trusted
 * with `trustProxy` the address it says it saw (the last of X-Forwarded-For: the one it added), as
 * its network (addressGroup); null when there is neither (a request made in-process, as the API
 * tests do).
 */
export function clientAddress(c: Context, trustProxy: boolean): string | null {
  const forwarded = trustProxy ? c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim() : undefined;
  if (forwarded) return addressGroup(forwarded);
  try {
    const address = getConnInfo(c).remote.address;
    return address ? addressGroup(address) : null;
  } catch {
    return null; // not over a socket (a test's app.request)
  }
}

/**
 * The network an address is one of, as the limits per client count it: an IPv4 address's /24, an
 * IPv6 address's /64 (what one household, office or phone is given). Counted one by one, 80
 * addresses of one network flooding log-ins took every real user's turn; and one IPv6 phone has
 * 2^64 addresses to choose from.
 */
export function addressGroup(address: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(address);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (!address.includes(':')) return address;
  const plain = address.split('%')[0]!.toLowerCase();
  const [head = '', tail = ''] = plain.split('::');
  const before = head ? head.split(':') : [];
  const after = plain.includes('::') && tail ? tail.split(':') : [];
  const groups = plain.includes('::') ? [...before, ...Array<string>(Math.max(0, 8 - before.length - after.length)).fill('0'), ...after] : before;
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}
