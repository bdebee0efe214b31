// Proof that whoever holds a signed-in session is the account's owner, asked before a change a stolen
// session must not make (a new password, a new e-mail): the current password, counted against the
// same lock as log-in; for an account without one (UAE PASS only), a sign-in made minutes ago.
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { sessions } from '../db/schema';
import type { AppEnv } from '../deps';
import { clientAddress } from '../http/security';
import { hashToken } from './sessions';
import { accountFrom, attemptSucceeded, passwordInTurn } from './throttle';

/** How recent a sign-in proves the person, for an account that has no password. */
export const FRESH_SIGN_IN_MINUTES = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Null when `currentPassword` is the account's; otherwise the answer to send: 400 by field
 * (`required`, `wrongPassword`), 429 `locked`, or the hashing gate's `busy`. The caller checks its
 * other fields first, so a form with another mistake costs no attempt.
 */
export async function refusedPassword(c: Context<AppEnv>, currentPassword: string) {
  const deps = c.var.deps;
  const user = c.var.user!;
  if (currentPassword === '') return c.json({ error: 'invalid' as const, fields: { currentPassword: 'required' as const } }, 400);
  // Guessing the current password from a borrowed session counts against the same lock as log-in.
  const client = clientAddress(c, deps.config.trustProxy);
  // Signed in: the account's own lane, ahead of a flood of strangers (its guesses still count below).
  const known = `account ${user.id}`;
  const busy = deps.hashing.refuses(client, known);
  if (busy) throw busy;
  const counted = accountFrom(user.email, client);
  const checked = await passwordInTurn(deps, { client, known }, [counted], currentPassword, async () => ({ account: user, hash: user.passwordHash ?? '' }));
  if ('locked' in checked)
    return c.json({ error: 'locked' as const, retryAfter: Math.ceil((checked.locked.getTime() - deps.now().getTime()) / 1000) }, 429);
  if (!checked.right) {
    await sleep(checked.holdMs);
    return c.json({ error: 'invalid' as const, fields: { currentPassword: 'wrongPassword' as const } }, 400);
  }
  await attemptSucceeded(deps.db, [counted]);
  return null;
}

/** Whether this request's session was made by a sign-in in the last FRESH_SIGN_IN_MINUTES. */
export async function signedInJustNow(c: Context<AppEnv>) {
  const token = c.var.sessionToken;
  if (!token) return false;
  const [session] = await c.var.deps.db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, hashToken(token)));
  return !!session && c.var.deps.now().getTime() - session.createdAt.getTime() <= FRESH_SIGN_IN_MINUTES * 60_000;
}
