// Who is asking: the session cookie is read once per request; routes then require a role.
import { createMiddleware } from 'hono/factory';
import { actsAsAny } from '../../machines/roles';
import type { AppEnv } from '../deps';
import { readSessionCookie, validateSession, writeSessionCookie, type User } from './sessions';

export const sessionMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const { db, config, now } = c.var.deps;
  const token = readSessionCookie(c) ?? null;
  const at = now();
  const session = token ? await validateSession(db, token, at) : null;
  c.set('user', session?.user ?? null);
  c.set('sessionToken', session ? token : null);
  if (session && token) writeSessionCookie(c, token, session.expiresAt, at, config.production);
  await next();
});

/** 401 without a session; 403 when the signed-in user's role may not (machines/roles.ts: an admin may what a manager may). */
export const requireRole = (...roles: User['role'][]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const user = c.var.user;
    if (!user) return c.json({ error: 'unauthenticated' as const }, 401);
    if (!actsAsAny(user.role, roles)) return c.json({ error: 'forbidden' as const }, 403);
    await next();
  });

/** What the browser may know about the signed-in user. */
export const publicUser = (u: User) => ({
  id: u.id,
  role: u.role,
  email: u.email,
  fullName: u.fullName,
  fullNameAr: u.fullNameAr,
  companyId: u.companyId,
  verified: u.verified,
  /** The app opens in this language after sign-in. */
  language: u.language,
  /** Figures are also shown, approximately, in this currency (payments stay in AED). */
  currency: u.currency,
  /** False for an account that signs in only with UAE PASS: it has no password to change. */
  signsInWithEmail: u.passwordHash !== null,
  /** The e-mail's own link was opened (or UAE PASS gave it): until then nothing links to the account by it. */
  emailVerified: u.emailVerifiedAt !== null,
});
export type PublicUser = ReturnType<typeof publicUser>;
