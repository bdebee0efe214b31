// The signed-in user's own account: a new password (other sessions signed out) and the language and
// currency the app shows, through the HTTP API against a real database.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { notifications, users } from '../../server/db/schema';
import { createSession, SESSION_COOKIE } from '../../server/auth/sessions';
import { AED_PER_USD, convertFils, SAR_PER_USD } from '../../machines/money';
import { browser, email, PASSWORD, registrationOf, renter, server } from './helpers';

const NEW_PASSWORD = 'palm-jumeirah-2026';

/** The same account signed in from another browser (another device). */
async function otherDevice(address: string, password = PASSWORD) {
  const b = await browser();
  const result = await b.api.logIn({ email: address, password, role: 'renter' });
  expect(result.ok).toBe(true);
  return b;
}

/** 200 with a session, 401 without: a route only a signed-in user may call. */
const signedIn = async (b: Awaited<ReturnType<typeof browser>>) => (await b.request('/api/notifications')).status;

describe('changing the password', () => {
  it('changes it: the old one no longer signs in, the new one does; other devices are signed out, this one stays', async () => {
    const r = await renter();
    const phone = await otherDevice(r.email);
    const laptop = await otherDevice(r.email);
    expect(await signedIn(phone)).toBe(200);

    const answer = await r.json('POST', '/api/account/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true });

    expect(await signedIn(r)).toBe(200);
    expect(await signedIn(phone)).toBe(401);
    expect(await signedIn(laptop)).toBe(401);
    const phoneSession = await phone.api.session();
    expect(phoneSession.ok && phoneSession.body).toMatchObject({ user: null });

    const old = await (await browser()).api.logIn({ email: r.email, password: PASSWORD, role: 'renter' });
    expect(old).toMatchObject({ ok: false, status: 401, error: 'wrongCredentials' });
    const fresh = await (await browser()).api.logIn({ email: r.email, password: NEW_PASSWORD, role: 'renter' });
    expect(fresh.ok).toBe(true);

    // Kept only as a hash; never written to the log; the renter is told (a security alert).
    const { deps, log } = await server();
    const db = deps.db;
    const [row] = await db.select().from(users).where(eq(users.id, r.user.id));
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain(NEW_PASSWORD);
    expect(log.lines.join('\n')).not.toContain(NEW_PASSWORD);
    expect(log.lines.join('\n')).not.toContain(PASSWORD);
    const alerts = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, r.user.id), eq(notifications.kind, 'accountAlert')));
    expect(alerts.map((a) => a.params)).toEqual([{ event: 'passwordChanged' }]);
  });

  it('a wrong current password is a field error on it, and changes nothing', async () => {
    const r = await renter();
    const phone = await otherDevice(r.email);
    const answer = await r.json('POST', '/api/account/password', {
      currentPassword: 'not-my-password-1',
      newPassword: NEW_PASSWORD,
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: 'invalid', fields: { currentPassword: 'wrongPassword' } });
    expect(await signedIn(phone)).toBe(200);
    expect((await (await browser()).api.logIn({ email: r.email, password: PASSWORD, role: 'renter' })).ok).toBe(true);
  });

  it.each([
    ['short1', 'passwordShort'],
    ['12345678901234', 'passwordDigits'],
    ['', 'required'],
  ])('a new password %j that fails the registration rules is refused with %s on newPassword', async (newPassword, code) => {
    const r = await renter();
    const answer = await r.json('POST', '/api/account/password', { currentPassword: PASSWORD, newPassword });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: 'invalid', fields: { newPassword: code } });
    expect((await (await browser()).api.logIn({ email: r.email, password: PASSWORD, role: 'renter' })).ok).toBe(true);
  });

  it('the e-mail as the new password is refused (passwordEmail), in any case', async () => {
    const r = await renter();
    const answer = await r.json('POST', '/api/account/password', {
      currentPassword: PASSWORD,
      newPassword: r.email.toUpperCase(),
    });
    expect(await answer.json()).toEqual({ error: 'invalid', fields: { newPassword: 'passwordEmail' } });
  });

  it('a body that is not {currentPassword, newPassword}: 400 with a code per field', async () => {
    const r = await renter();
    const missing = await r.json('POST', '/api/account/password', { currentPassword: PASSWORD });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: 'invalid', fields: { newPassword: 'required' } });
    const extra = await r.json('POST', '/api/account/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, role: 'manager' });
    expect(extra.status).toBe(400);
    const wrongType = await r.json('POST', '/api/account/password', { currentPassword: PASSWORD, newPassword: 12345 });
    expect(await wrongType.json()).toEqual({ error: 'invalid', fields: { newPassword: 'invalid' } });
  });

  it('an account that signs in only with UAE PASS has no password to change: a clear refusal', async () => {
    const { deps } = await server();
    const db = deps.db;
    const [user] = await db
      .insert(users)
      .values({ email: email('uaepass'), role: 'renter', fullName: 'Aisha Al Mansoori', verified: true })
      .returning();
    const b = await browser();
    b.tab.jar.set(SESSION_COOKIE, (await createSession(db, user!.id, deps.now())).token);
    const session = await b.api.session();
    expect(session.ok && session.body.user).toMatchObject({ signsInWithEmail: false });
    const answer = await b.json('POST', '/api/account/password', { currentPassword: 'anything-1', newPassword: NEW_PASSWORD });
    expect(answer.status).toBe(409);
    expect(await answer.json()).toEqual({ error: 'noPassword' });
    const [row] = await db.select().from(users).where(eq(users.id, user!.id));
    expect(row!.passwordHash).toBeNull();
  });

  it('no session: 401; another site’s page: 403; not JSON: 415', async () => {
    const visitor = await browser();
    const body = { currentPassword: PASSWORD, newPassword: NEW_PASSWORD };
    expect((await visitor.json('POST', '/api/account/password', body)).status).toBe(401);
    const r = await renter();
    const elsewhere = await r.request('/api/account/password', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify(body),
    });
    expect(elsewhere.status).toBe(403);
    const form = await r.request('/api/account/password', { method: 'POST', body: new URLSearchParams(body) });
    expect(form.status).toBe(415);
    expect((await (await browser()).api.logIn({ email: r.email, password: PASSWORD, role: 'renter' })).ok).toBe(true);
  });
});

describe('language and currency', () => {
  it('a new account is in English and AED, with a password', async () => {
    const r = await renter();
    expect(r.user).toMatchObject({ language: 'en', currency: 'AED', signsInWithEmail: true });
  });

  it('registering on an Arabic page keeps Arabic as the account’s language', async () => {
    const b = await browser();
    const result = await b.api.register({ ...registrationOf(email()), language: 'ar' });
    expect(result.ok && result.body.user).toMatchObject({ language: 'ar', currency: 'AED' });
  });

  it('are saved on the account and come back with the session, on this device and after logging in on another', async () => {
    const r = await renter();
    const saved = await r.api.savePreferences({ language: 'ar', currency: 'USD' });
    expect(saved).toEqual({ ok: true, body: { language: 'ar', currency: 'USD' } });
    const session = await r.api.session();
    expect(session.ok && session.body.user).toMatchObject({ language: 'ar', currency: 'USD' });

    const other = await browser();
    const logIn = await other.api.logIn({ email: r.email, password: PASSWORD, role: 'renter' });
    expect(logIn.ok && logIn.body.user).toMatchObject({ language: 'ar', currency: 'USD' });

    await r.api.savePreferences({ language: 'en', currency: 'SAR' });
    const again = await other.api.session();
    expect(again.ok && again.body.user).toMatchObject({ language: 'en', currency: 'SAR' });
  });

  it('only the languages and currencies the app has: 400 by field, nothing saved', async () => {
    const r = await renter();
    const answer = await r.json('PUT', '/api/account/preferences', { language: 'fr', currency: 'EUR' });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: 'invalid', fields: { language: 'invalid', currency: 'invalid' } });
    const missing = await r.json('PUT', '/api/account/preferences', { language: 'ar' });
    expect(await missing.json()).toEqual({ error: 'invalid', fields: { currency: 'required' } });
    const session = await r.api.session();
    expect(session.ok && session.body.user).toMatchObject({ language: 'en', currency: 'AED' });
  });

  it('no session: 401', async () => {
    const visitor = await browser();
    expect((await visitor.json('PUT', '/api/account/preferences', { language: 'ar', currency: 'USD' })).status).toBe(401);
  });
});

describe('the pegs', () => {
  it('converts fils to cents and halalas at 1 USD = 3.6725 AED = 3.75 SAR', () => {
    expect(AED_PER_USD).toBe(3.6725);
    expect(SAR_PER_USD).toBe(3.75);
    expect(convertFils(367_25, 'USD')).toBe(100_00);
    expect(convertFils(367_25, 'SAR')).toBe(375_00);
    expect(convertFils(1_260_00, 'USD')).toBe(343_09); // 1,260 AED ≈ 343.09 USD
    expect(convertFils(1_260_00, 'AED')).toBe(1_260_00);
    expect(convertFils(0, 'SAR')).toBe(0);
  });
});
