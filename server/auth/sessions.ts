// Sessions, as lucia-auth.com now documents the pattern: a random token in an HttpOnly cookie, kept on
// the server only as its SHA-256 with an expiry; sliding renewal; sign-out deletes it.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne, notInArray } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Db, Tx } from '../db/open';
import { companies, knownDevices, sessions, users } from '../db/schema';
import { pushTo } from '../live/hub';

export const SESSION_COOKIE = 'movecar_session';
const DAY = 24 * 60 * 60 * 1000;
export const SESSION_DAYS = 30;
/** A session used in its second half is extended, so active renters stay signed in. */
const RENEW_WITHIN = (SESSION_DAYS / 2) * DAY;

export type User = typeof users.$inferSelect;

/** What is kept of a secret token (a session's, an e-mailed link's): its SHA-256, never the token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Sessions one account keeps: a person's devices and browsers. A new one past them ends the oldest
 * (its live streams are told): one account's log-ins can no longer pile up without end.
 */
export const SESSIONS_PER_USER = 10;

export async function createSession(db: Db, userId: string, now: Date) {
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * DAY);
  const id = hashToken(token);
  await db.insert(sessions).values({ id, userId, expiresAt, createdAt: now });
  const kept = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt), desc(sessions.seq))
    .limit(SESSIONS_PER_USER);
  const ended = await db
    .delete(sessions)
    // Never the new one, even when the server's clock stepped back.
    .where(and(eq(sessions.userId, userId), ne(sessions.id, id), notInArray(sessions.id, kept)))
    .returning({ id: sessions.id });
  if (ended.length > 0) await pushTo(db, [userId], 'session');
  return { token, expiresAt };
}

/**
 * The user behind a token, or null. A request renews a session past half its life; a check that is
 * not the user's doing (an open live stream's heartbeat) passes `renew: false`, so an idle tab does
 * not keep a session alive for ever.
 */
export async function validateSession(db: Db, token: string, now: Date, { renew = true }: { renew?: boolean } = {}) {
  const id = hashToken(token);
  const [row] = await db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // A revoked person, or the staff of a suspended company, holds no session (those ended when it
    // happened; this keeps one made in the same moment from outliving it).
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now), isNull(users.revokedAt), isNull(companies.suspendedAt)));
  if (!row) return null;
  let expiresAt = row.expiresAt;
  if (renew && expiresAt.getTime() - now.getTime() < RENEW_WITHIN) {
    expiresAt = new Date(now.getTime() + SESSION_DAYS * DAY);
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
  }
  return { user: row.user, expiresAt };
}

export async function invalidateSession(db: Db, token: string) {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

/** Signs the account out everywhere, and forgets the devices it was signed in on (a reset, an undone e-mail change, a revoked person). */
export async function invalidateUserSessions(db: Db | Tx, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db.delete(knownDevices).where(eq(knownDevices.userId, userId));
}

/** Signs the user out everywhere but here (after a password change): every session but `keepToken`'s. */
export async function invalidateOtherSessions(db: Db | Tx, userId: string, keepToken: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, hashToken(keepToken))));
}

export const readSessionCookie = (c: Context) => getCookie(c, SESSION_COOKIE);

/**
 * The cookie lives as long as its session, counted from when the browser receives it (Max-Age, not an
 * Expires date): a phone whose clock is wrong keeps it the full time, not a day or a month less.
 */
export function writeSessionCookie(c: Context, token: string, expiresAt: Date, now: Date, secure: boolean) {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  setCookie(c, SESSION_COOKIE, token, { httpOnly: true, sameSite: 'Lax', secure, path: '/', maxAge });
}

export const clearSessionCookie = (c: Context, secure: boolean) =>
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure });

/** True when the user's company is suspended by the operator: its staff cannot sign in. */
export async function companySuspended(db: Db, user: User) {
  if (!user.companyId) return false;
  const [row] = await db.select({ at: companies.suspendedAt }).from(companies).where(eq(companies.id, user.companyId));
  return row?.at != null;
}
