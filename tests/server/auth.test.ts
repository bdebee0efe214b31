// Accounts, sessions and roles, through the HTTP API against a real database.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { documents, mailOutbox, sessions, users } from '../../server/db/schema';
import { createManager, SAMPLE_MANAGER, SECOND_MANAGER } from '../../server/seed';
import { CLIENT_LIMITS, LOCK_AFTER } from '../../server/auth/throttle';
import { SESSIONS_PER_USER } from '../../server/auth/sessions';
import { ORIGIN, startTestServer } from '../support/server';
import { browser, email, PASSWORD, PDF, PNG, renter, server } from './helpers';

const form = (fields: Record<string, string | Blob>) => {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return body;
};

const valid = (address = email()) => ({
  fullName: 'Mariam Al Suwaidi',
  email: address,
  phone: '050 123 4567',
  password: PASSWORD,
  confirmPassword: PASSWORD,
  emiratesId: '784-1990-1234567-6',
  emiratesIdExpiry: '2031-01-31',
  licenceExpiry: '2030-06-30',
  termsAccepted: 'true',
  emiratesIdFile: new File([PNG], 'id.png', { type: 'image/png' }),
  emiratesIdBackFile: new File([PNG], 'id-back.png', { type: 'image/png' }),
  licenceFile: new File([PDF], 'licence.pdf', { type: 'application/pdf' }),
});

describe('registration', () => {
  it('creates the renter with a scrypt hash, keeps the documents by content, and signs in with an HttpOnly cookie', async () => {
    const b = await browser();
    const address = email('Mariam');
    const response = await b.request('/api/auth/register', { method: 'POST', body: form(valid(address)) });
    expect(response.status).toBe(201);
    const cookie = response.headers.getSetCookie().join(';');
    expect(cookie).toMatch(/movecar_session=[\w-]{20,}/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    const body = await response.json();
    expect(body.user).toMatchObject({ role: 'renter', email: address.toLowerCase(), fullName: 'Mariam Al Suwaidi' });
    expect(JSON.stringify(body)).not.toMatch(/scrypt|password/i);
    expect(body.journey.journey.snapshot.value).toEqual({ signedIn: { rentalContract: 'reviewingTerms' } });

    const { db } = (await server()).deps;
    const [row] = await db.select().from(users).where(eq(users.email, address.toLowerCase()));
    expect(row!.passwordHash).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect(row!.passwordHash).not.toContain(PASSWORD);
    expect(row!.emiratesId).toBe('784-1990-1234567-6');
    expect(row).toMatchObject({ emiratesIdExpiry: '2031-01-31', licenceExpiry: '2030-06-30' });
    const docs = await db.select().from(documents).where(eq(documents.userId, row!.id));
    expect(docs.map((d) => [d.kind, d.contentType]).sort()).toEqual([
      ['emiratesId', 'image/png'],
      ['emiratesIdBack', 'image/png'],
      ['licence', 'application/pdf'],
    ]);
    // The session is kept as its token's hash, never the token.
    const token = cookie.match(/movecar_session=([\w-]+)/)![1]!;
    const kept = await db.select().from(sessions).where(eq(sessions.userId, row!.id));
    expect(kept).toHaveLength(1);
    expect(kept[0]!.id).not.toBe(token);
    expect(kept[0]!.id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('bad input gets 400 with a code per field, the registration rules included', async () => {
    const b = await browser();
    const response = await b.request('/api/auth/register', {
      method: 'POST',
      body: form({ ...valid(), email: 'mariam@', phone: '123', confirmPassword: 'other-password-1', termsAccepted: 'false', licenceExpiry: '2020-02-29' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'invalid',
      fields: { email: 'email', phone: 'mobile', confirmPassword: 'mismatch', licenceExpiry: 'documentExpired', termsAccepted: 'terms' },
    });
  });

  it('documents are checked by their content: a "PNG" that is text, and one over 5 MB, are refused by field', async () => {
    const b = await browser();
    const fake = await b.request('/api/auth/register', {
      method: 'POST',
      body: form({ ...valid(), emiratesIdFile: new File(['not a picture'], 'id.png', { type: 'image/png' }) }),
    });
    expect(fake.status).toBe(400);
    expect((await fake.json()).fields).toEqual({ emiratesIdFile: 'fileType' });
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    const large = await b.request('/api/auth/register', {
      method: 'POST',
      body: form({ ...valid(), licenceFile: new File([big], 'licence.png', { type: 'image/png' }) }),
    });
    expect(large.status).toBe(400);
    expect((await large.json()).fields).toEqual({ licenceFile: 'fileSize' });
    const missing = await b.request('/api/auth/register', { method: 'POST', body: form({ email: email() }) });
    expect(missing.status).toBe(400);
    expect((await missing.json()).fields).toMatchObject({ fullName: 'required', password: 'required' });
  });

  it('an e-mail that has an account (in any case) is refused with emailTaken', async () => {
    const first = await renter();
    const b = await browser();
    const response = await b.request('/api/auth/register', { method: 'POST', body: form(valid(first.email.toUpperCase())) });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: 'emailTaken', fields: { email: 'emailTaken' } });
    // The owner is told someone tried, once an hour however many tries (a second one now tells nothing more).
    const again = await b.request('/api/auth/register', { method: 'POST', body: form(valid(first.email)) });
    expect(again.status).toBe(409);
    const { deps } = await server();
    const told = (await deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, first.email))).filter((m) => m.subject.includes('tried to use your e-mail'));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('nothing was made and nothing of yours changed');
  });
});

describe('log-in, throttling, sessions and sign-out', () => {
  it('one answer whether the e-mail or the password was wrong, or the account is not a renter', async () => {
    const r = await renter();
    const b = await browser();
    const wrong = [
      await b.api.logIn({ email: r.email, password: 'not-the-password', role: 'renter' }),
      await b.api.logIn({ email: email('nobody'), password: PASSWORD, role: 'renter' }),
      await b.api.logIn({ email: SAMPLE_MANAGER.email, password: SAMPLE_MANAGER.password, role: 'renter' }),
      await b.api.logIn({ email: r.email, password: PASSWORD, role: 'manager' }),
    ];
    for (const answer of wrong) expect(answer).toMatchObject({ ok: false, status: 401, body: { error: 'wrongCredentials' } });
    const right = await b.api.logIn({ email: `  ${r.email.toUpperCase()} `, password: PASSWORD, role: 'renter' });
    expect(right.ok).toBe(true);
  });

  it(`after ${LOCK_AFTER} wrong passwords the e-mail is locked for a while, the right password too; others are not`, async () => {
    const r = await renter();
    const other = await renter();
    const b = await browser();
    const answers = [];
    for (let i = 0; i < LOCK_AFTER; i++) answers.push(await b.api.logIn({ email: r.email, password: 'guess-number-' + i, role: 'renter' }));
    expect(answers.slice(0, -1).every((a) => !a.ok && a.status === 401)).toBe(true);
    expect(answers.at(-1)).toMatchObject({ ok: false, status: 429, body: { error: 'locked' } });
    const locked = await b.api.logIn({ email: r.email, password: PASSWORD, role: 'renter' });
    expect(locked).toMatchObject({ ok: false, status: 429, error: 'locked' });
    expect(JSON.stringify(locked)).not.toMatch(/password|e-?mail/i);
    expect(!locked.ok && locked.body.retryAfter).toBeGreaterThan(60);
    expect((await b.api.logIn({ email: other.email, password: PASSWORD, role: 'renter' })).ok).toBe(true);
  });

  it(`${LOCK_AFTER + 6} wrong passwords sent at once get ${LOCK_AFTER} checks, no more: each is counted before it is checked`, async () => {
    const s = await startTestServer();
    try {
      // Every password the server checks goes through its hashing gate: counted here when the turn's
      // work came to the check (not when it met the lock first).
      const gate = s.deps.hashing;
      let checks = 0;
      const counting = <T,>(work: () => Promise<T>) => async () => {
        const done = await work();
        if (typeof done === 'object' && done !== null && 'right' in done) checks++;
        return done;
      };
      s.deps.hashing = Object.assign(((client, work, known) => gate(client, counting(work), known)) as typeof gate, { refuses: gate.refuses });
      const r = await renter({}, s);
      checks = 0;
      const b = await browser(s);
      const answers = await Promise.all(
        Array.from({ length: LOCK_AFTER + 6 }, (_, i) => b.api.logIn({ email: r.email, password: `parallel-guess-${i}`, role: 'renter' })),
      );
      expect(answers.every((a) => !a.ok && (a.status === 401 || (a.status === 429 && a.body.error === 'locked')))).toBe(true);
      expect(checks).toBe(LOCK_AFTER);
      expect((await b.api.logIn({ email: r.email, password: PASSWORD, role: 'renter' }))).toMatchObject({ ok: false, status: 429 });
      expect(checks).toBe(LOCK_AFTER);
    } finally {
      await s.close();
    }
  });

  it('a lock is per account and client: wrong passwords from one client never lock the owner out elsewhere', async () => {
    const s = await startTestServer({ trustProxy: true });
    try {
      const r = await renter({}, s);
      const from = (address: string, password: string, email = r.email) =>
        s.app.request(`${ORIGIN}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': address },
          body: JSON.stringify({ email, password }),
        });
      const statuses = [];
      for (let i = 0; i < LOCK_AFTER; i++) statuses.push((await from('203.0.113.7', `guess-number-${i}`)).status);
      expect(statuses.at(-1)).toBe(429);
      expect((await from('203.0.113.7', PASSWORD)).status).toBe(429); // the attacker's client: locked
      expect((await from('198.51.100.20', PASSWORD)).status).toBe(200); // the owner, elsewhere: in

      // One client trying many e-mails (credential stuffing) is stopped whichever e-mails it tries.
      const stuffing = [];
      for (let i = 0; i < CLIENT_LIMITS.lockAfter; i++) stuffing.push((await from('192.0.2.9', 'guess-1234567', `n${i}@example.ae`)).status);
      expect(stuffing.slice(0, -1).every((status) => status === 401)).toBe(true);
      expect(stuffing.at(-1)).toBe(429);
      expect((await from('192.0.2.9', PASSWORD)).status).toBe(429);
      expect((await from('198.51.100.20', PASSWORD)).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('sign-out ends the session on the server: the old cookie grants nothing afterwards', async () => {
    const r = await renter();
    const saved = new Map(r.tab.jar);
    expect((await r.api.session()).ok && (await r.api.session())).toMatchObject({ body: { user: { role: 'renter' } } });
    expect((await r.api.logOut()).ok).toBe(true);
    r.tab.jar.clear();
    for (const [k, v] of saved) r.tab.jar.set(k, v); // the cookie, kept by hand
    expect(await r.api.session()).toMatchObject({ ok: true, body: { user: null } });
    const current = await r.request('/api/bookings/current');
    expect(current.status).toBe(401);
  });

  it(`one account keeps ${SESSIONS_PER_USER} sessions: a log-in past them signs out the oldest, and no other`, async () => {
    const { db } = (await server()).deps;
    const r = await renter();
    const others = [];
    // The registration's session is the oldest; this many more log-ins fill the account's sessions.
    for (let i = 1; i < SESSIONS_PER_USER; i++) {
      const b = await browser();
      expect((await b.api.logIn({ email: r.email, password: PASSWORD, role: 'renter' })).ok).toBe(true);
      others.push(b);
    }
    const whoIn = async (b: { api: typeof r.api }) => {
      const session = await b.api.session();
      return session.ok ? session.body.user?.email ?? null : null;
    };
    expect(await whoIn(r)).toBe(r.email.toLowerCase());
    const latest = await browser();
    expect((await latest.api.logIn({ email: r.email, password: PASSWORD, role: 'renter' })).ok).toBe(true);
    expect(await whoIn(r)).toBeNull();
    for (const b of [...others, latest]) expect(await whoIn(b)).toBe(r.email.toLowerCase());
    expect(await db.select().from(sessions).where(eq(sessions.userId, r.user.id))).toHaveLength(SESSIONS_PER_USER);
  });

  it('the cookie lives as long as its session (Max-Age, right on a phone with a wrong clock); a session used in its second half is renewed', async () => {
    const { db } = (await server()).deps;
    const r = await renter();
    const cookieOf = async () => (await r.request('/api/session')).headers.getSetCookie().join(';');
    const maxAge = (cookie: string) => Number(cookie.match(/Max-Age=(\d+)/)?.[1]);
    const DAY_S = 24 * 60 * 60;
    // What is left of the session, to the second (the request itself takes a moment).
    const about = (days: number) => expect.toSatisfy((s: number) => s <= days * DAY_S && s > days * DAY_S - 60);
    expect(maxAge(await cookieOf())).toEqual(about(30));
    expect(await cookieOf()).not.toMatch(/Expires=/i);

    // 20 days in (10 left): the next request gives it 30 days again, on the server and in the cookie.
    const [user] = await db.select().from(users).where(eq(users.email, r.email.toLowerCase()));
    const left = (days: number) => new Date(Date.now() + days * DAY_S * 1000);
    await db.update(sessions).set({ expiresAt: left(10) }).where(eq(sessions.userId, user!.id));
    expect(maxAge(await cookieOf())).toEqual(about(30));
    const [renewed] = await db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(renewed!.expiresAt.getTime()).toBeGreaterThan(left(29).getTime());

    // 5 days in (25 left): not renewed; the cookie says what is left.
    await db.update(sessions).set({ expiresAt: left(25) }).where(eq(sessions.userId, user!.id));
    expect(maxAge(await cookieOf())).toEqual(about(25));
  });

  it('no session: 401; a renter on a manager route and a manager on a renter route: 403', async () => {
    const anonymous = await browser();
    expect((await anonymous.request('/api/bookings/current')).status).toBe(401);
    expect((await anonymous.request('/api/contracts/MC-2024-0412')).status).toBe(401);
    expect((await anonymous.request('/api/documents')).status).toBe(401);
    const r = await renter();
    expect((await r.request('/api/contracts/MC-2024-0412')).status).toBe(403);
    const m = await browser();
    await m.api.logIn({ email: SAMPLE_MANAGER.email, password: SAMPLE_MANAGER.password, role: 'manager' });
    expect((await m.request('/api/bookings/current')).status).toBe(403);
  });
});

describe('identity documents', () => {
  it('their owner, and the managers of a company the renter signed with, may open them; anyone else 404 or 401', async () => {
    const owner = await renter();
    const list = await owner.api.documents();
    if (!list.ok) throw new Error('no documents');
    const id = list.body.documents.find((d) => d.kind === 'emiratesId')!.id;
    const mine = await owner.request(`/api/documents/${id}`);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await mine.arrayBuffer())).toEqual(PNG);
    expect((await (await renter()).request(`/api/documents/${id}`)).status).toBe(404);
    expect((await (await browser()).request(`/api/documents/${id}`)).status).toBe(401);
    const m = await browser();
    await m.api.logIn({ email: SAMPLE_MANAGER.email, password: SAMPLE_MANAGER.password, role: 'manager' });
    // No contract with the manager's company yet: not theirs to see.
    expect((await m.request(`/api/documents/${id}`)).status).toBe(404);
    for (const event of [{ type: 'contract.acceptTerms' }, { type: 'contract.verifyIdentity' }, { type: 'contract.sign', signature: 'Mariam Al Suwaidi' }]) {
      expect((await owner.step(event)).ok).toBe(true);
    }
    // Signed for an Elite Auto Rentals car: its manager may open them, another company's may not.
    expect((await m.request(`/api/documents/${id}`)).status).toBe(200);
    const other = await browser();
    await other.api.logIn({ email: SECOND_MANAGER.email, password: SECOND_MANAGER.password, role: 'manager' });
    expect((await other.request(`/api/documents/${id}`)).status).toBe(404);
  });
});

describe('contract managers are made by a command, not by the browser', () => {
  it('creates a manager once; refuses a weak password; the new manager can sign in', async () => {
    const { db } = (await server()).deps;
    const input = { email: email('omar'), password: 'fleet-boss-2027', name: 'Omar Haddad', company: 'desert-drive' };
    expect(await createManager(db, input, 1024)).toBe('created');
    expect(await createManager(db, input, 1024)).toBe('exists');
    await expect(createManager(db, { ...input, email: email('weak'), password: 'short' }, 1024)).rejects.toThrow(/password/);
    await expect(createManager(db, { ...input, email: email('nowhere'), company: 'Desert Wheels' }, 1024)).rejects.toThrow(/no company/);
    const b = await browser();
    expect(await b.api.logIn({ email: input.email, password: input.password, role: 'manager' })).toMatchObject({
      ok: true,
      body: { user: { role: 'manager', companyId: 'desert-drive' } },
    });
  });
});
