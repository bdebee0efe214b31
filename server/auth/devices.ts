// A device cookie (OWASP's "device cookies" against lock-out and floods): a browser that has signed in
// to an account keeps a random token, known on the server as its SHA-256 with each account signed in
// on it. A log-in (or a password asked again) from that browser for one of those accounts takes the
// password line's first lane: a flood from many networks, each hashed like a real log-in so its
// timing says nothing, waits behind it instead of in front of it. The cookie opens nothing by itself:
// the password is still checked and counted, and a device known for one account is a stranger to the
// others. Signing out everywhere forgets an account's devices (sessions.ts: invalidateUserSessions).
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gte, notInArray } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { knownDevices, users } from '../db/schema';
import type { AppEnv } from '../deps';
import { hashToken } from './sessions';

export const DEVICE_COOKIE = 'movecar_device';
/** Sent only to the sign-in routes: no other request carries it. */
const PATH = '/api/auth';
const DAY = 24 * 60 * 60 * 1000;
/** A device not signed in from for this long is forgotten (the cookie lapses with it). */
export const DEVICE_DAYS = 180;
/** Devices one account keeps; a new one past them forgets the one signed in from longest ago. */
export const DEVICES_PER_USER = 10;
/** What this server writes: 32 random bytes, base64url. Anything else is no device of ours. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const tokenOf = (c: Context) => {
  const token = getCookie(c, DEVICE_COOKIE);
  return token && TOKEN.test(token) ? token : null;
};

/**
 * The line key of this browser when it is known for the account `email` names (its token's hash), or
 * null: no cookie, one we never wrote, or a device known only for other accounts. One indexed read;
 * a request without the cookie costs none.
 */
export async function knownDevice(c: Context<AppEnv>, email: string): Promise<string | null> {
  const token = tokenOf(c);
  if (!token) return null;
  const tokenHash = hashToken(token);
  const deps = c.var.deps;
  const since = new Date(deps.now().getTime() - DEVICE_DAYS * DAY);
  const [row] = await deps.db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .innerJoin(users, eq(users.id, knownDevices.userId))
    .where(and(eq(knownDevices.tokenHash, tokenHash), eq(users.email, email), gte(knownDevices.lastSignInAt, since)))
    .limit(1);
  return row ? `device ${tokenHash}` : null;
}

/** After a sign-in: this browser is known for the account from now (a new token when it had none). */
export async function rememberDevice(c: Context<AppEnv>, userId: string) {
  const deps = c.var.deps;
  const token = tokenOf(c) ?? randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  const at = deps.now();
  await deps.db
    .insert(knownDevices)
    .values({ tokenHash, userId, lastSignInAt: at })
    .onConflictDoUpdate({ target: [knownDevices.tokenHash, knownDevices.userId], set: { lastSignInAt: at } });
  const kept = deps.db
    .select({ tokenHash: knownDevices.tokenHash })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId))
    .orderBy(desc(knownDevices.lastSignInAt))
    .limit(DEVICES_PER_USER);
  await deps.db.delete(knownDevices).where(and(eq(knownDevices.userId, userId), notInArray(knownDevices.tokenHash, kept)));
  setCookie(c, DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: deps.config.production,
    path: PATH,
    maxAge: DEVICE_DAYS * 24 * 60 * 60,
  });
}
