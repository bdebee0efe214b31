// What comes by e-mail, read from the local mail server and followed as a renter would. Forgot
// password: the link works once and for 30 minutes, and every device is then signed out; asking says
// the same whether or not the e-mail has an account. E-mail verification: a registration, and a
// changed e-mail, get a link that shows the address is the account's.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import * as schema from '../../server/db/schema';
import { LINKS_PER_ACCOUNT, turnResetAsks } from '../../server/auth/reset';
import { MAX_ATTEMPTS, queueMail, sendDue } from '../../server/mail/queue';
import { startTestServer, type TestServer } from '../support/server';
import { browser, email, MAIL_WAIT, PASSWORD, renter } from './helpers';

const NEW_PASSWORD = 'palm-grove-2031';

describe('forgot password', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({}, { mail: true });
  });
  afterAll(() => s.close());

  const ask = async (email: string, lang: 'en' | 'ar' = 'en') =>
    (await browser(s)).json('POST', '/api/auth/password/forgot', { email, lang });
  const linkIn = (text: string) => /https?:\/\/\S+reset=([A-Za-z0-9_-]+)/.exec(text);
  /** The reset e-mail to `to` (a registration's verification e-mail came first). */
  const resetMail = async (to: string) => {
    await vi.waitFor(async () => expect((await s.mailbox!.waitFor(to)).some((m) => linkIn(m.text))).toBe(true), MAIL_WAIT);
    return (await s.mailbox!.waitFor(to)).find((m) => linkIn(m.text))!;
  };

  it('a renter asks in Arabic, gets the link by e-mail in Arabic, sets a new password with it once; every device is signed out', async () => {
    const r = await renter({}, s);
    const asked = await ask(r.email.toUpperCase(), 'ar');
    expect(asked.status).toBe(202);
    expect(await asked.json()).toEqual({ ok: true });
    const mail = await resetMail(r.email);
    expect(mail!.lang).toBe('ar');
    expect(mail!.dir).toBe('rtl');
    expect(mail!.subject).toContain('كلمة مرور جديدة');
    const link = linkIn(mail!.text);
    expect(link?.[0]).toContain('/arabic/log-in?reset=');
    expect(mail!.html).toContain(link![0]);

    const b = await browser(s);
    const weak = await b.json('POST', '/api/auth/password/reset', { token: link![1], password: 'short' });
    expect(weak.status).toBe(400);
    expect((await weak.json()).fields.password).toBeTruthy();
    const set = await b.json('POST', '/api/auth/password/reset', { token: link![1], password: NEW_PASSWORD });
    expect(set.status).toBe(200);
    // The renter's own session is gone; the old password no longer opens the account, the new one does.
    const session = await r.api.session();
    expect(session.ok && session.body.user).toBeNull();
    expect((await b.api.logIn({ email: r.email, password: PASSWORD, role: 'renter' })).ok).toBe(false);
    expect((await b.api.logIn({ email: r.email, password: NEW_PASSWORD, role: 'renter' })).ok).toBe(true);
    // Once only.
    const again = await b.json('POST', '/api/auth/password/reset', {
      token: link![1],
      password: 'another-pass-2032',
    });
    expect(again.status).toBe(410);
    expect(await again.json()).toEqual({ error: 'linkExpired' });
    // Having read the mailbox, the e-mail is this person's.
    const [row] = await s.deps.db.select().from(schema.users).where(eq(schema.users.email, r.email));
    expect(row!.emailVerifiedAt).not.toBeNull();
  });

  it('an unknown e-mail gets the same answer and nobody gets a message; a bad one is named', async () => {
    const before = (await s.deps.db.select().from(schema.mailOutbox)).length;
    const asked = await ask('nobody-here@example.ae');
    expect(asked.status).toBe(202);
    expect(await asked.json()).toEqual({ ok: true });
    // Once the worker has turned every ask, still no message.
    await vi.waitFor(async () => expect(await s.deps.db.select().from(schema.resetAsks)).toEqual([]), MAIL_WAIT);
    expect((await s.deps.db.select().from(schema.mailOutbox)).length).toBe(before);
    const bad = await ask('not-an-email');
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields.email).toBeTruthy();
  });

  it('asking does the same work whether the e-mail has an account or not: one ask kept, the link made after the answer', async () => {
    // A server of its own, with no mail worker: what the answer itself wrote stays to be read.
    const q = await startTestServer();
    try {
      const { db } = q.deps;
      const r = await renter({}, q);
      const tables = async () => ({
        asks: (await db.select().from(schema.resetAsks)).map((a) => a.email).sort(),
        links: (await db.select().from(schema.passwordResets)).length,
        mail: (await db.select().from(schema.mailOutbox)).filter((m) => linkIn(m.text)).length,
      });
      const before = await tables();
      const asking = async (address: string) => (await browser(q)).json('POST', '/api/auth/password/forgot', { email: address, lang: 'en' });
      expect((await asking(r.email)).status).toBe(202);
      expect((await asking('Nobody.Else@Example.ae')).status).toBe(202);
      // Each answer wrote its ask and nothing else: no link, no message, for the account either.
      expect(await tables()).toEqual({ asks: [...before.asks, r.email, 'nobody.else@example.ae'].sort(), links: before.links, mail: before.mail });
      // The worker's turn: the account gets its link and message; the unknown address nothing; no ask is left.
      expect(await turnResetAsks(db, q.config.publicOrigin, new Date())).toBe(before.asks.length + 2);
      expect(await tables()).toEqual({ asks: [], links: before.links + 1, mail: before.mail + 1 });
      const messages = await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, r.email));
      expect(messages.find((m) => linkIn(m.text))!.text).toContain(`${q.config.publicOrigin}/log-in?reset=`);
    } finally {
      await q.close();
    }
  });

  it('a link works for 30 minutes; an account gets a few links an hour however often it is asked', async () => {
    const r = await renter({}, s);
    for (let i = 0; i < LINKS_PER_ACCOUNT + 2; i++) expect((await ask(r.email)).status).toBe(202);
    await vi.waitFor(async () => expect(await s.deps.db.select().from(schema.resetAsks)).toEqual([]), MAIL_WAIT);
    const outbox = await s.deps.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, r.email));
    expect(outbox.filter((m) => linkIn(m.text))).toHaveLength(LINKS_PER_ACCOUNT);
    const mail = await resetMail(r.email);
    expect(mail!.lang).toBe('en');
    const token = linkIn(mail!.text)![1];
    const now = s.deps.now;
    s.deps.now = () => new Date(Date.now() + 31 * 60_000);
    try {
      const late = await (
        await browser(s)
      ).json('POST', '/api/auth/password/reset', { token, password: NEW_PASSWORD });
      expect(late.status).toBe(410);
    } finally {
      s.deps.now = now;
    }
    expect((await r.api.session()).ok).toBe(true);
  });

  it('a message the mail server refuses is tried again later, not lost; after a few attempts it is given up and said in the log', async () => {
    // A server of its own, with no worker: only this test's messages are in its queue.
    const q = await startTestServer();
    try {
      const { db } = q.deps;
      const to = `queue+${Date.now().toString(36)}@example.ae`;
      const at = new Date(Date.now() + 365 * 24 * 3600_000); // after every other test's messages
      await queueMail(db, { to, subject: 'Test', text: 'Hello', html: '<p>Hello</p>' }, at);
      const down = { send: () => Promise.reject(new Error('connect ECONNREFUSED')) };
      expect(await sendDue(db, down, at, q.log)).toBe(0);
      const [failed] = await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, to));
      expect(failed).toMatchObject({ attempts: 1, sentAt: null, lastError: 'connect ECONNREFUSED' });
      expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(at.getTime());
      // Not due yet: nothing is tried. Once due, it goes.
      const sent: string[] = [];
      const up = { send: async (mail: { to: string }) => void sent.push(mail.to) };
      expect(await sendDue(db, up, at, q.log)).toBe(0);
      expect(await sendDue(db, up, failed!.nextAttemptAt, q.log)).toBe(1);
      expect(sent).toEqual([to]);
      const [done] = await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, to));
      expect(done!.sentAt).not.toBeNull();

      // One that never goes through stops being tried.
      const lost = `lost+${Date.now().toString(36)}@example.ae`;
      await queueMail(db, { to: lost, subject: 'Test', text: 'Hello', html: '<p>Hello</p>' }, at);
      let when = at;
      for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
        await sendDue(db, down, when, q.log);
        when = new Date(when.getTime() + 2 * 3600_000);
      }
      const [given] = await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, lost));
      expect(given!.attempts).toBe(MAX_ATTEMPTS);
      expect(q.log.lines.some((line) => line.includes('"givenUp":true'))).toBe(true);
      expect(q.log.lines.some((line) => line.includes(lost))).toBe(false);
    } finally {
      await q.close();
    }
  });
});

describe('e-mail verification', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({}, { mail: true });
  });
  afterAll(() => s.close());

  const verifyLink = async (to: string, nth = 0) => {
    await vi.waitFor(async () => expect((await s.mailbox!.waitFor(to)).length).toBeGreaterThan(nth), MAIL_WAIT);
    const mail = (await s.mailbox!.waitFor(to))[nth]!;
    const href = /https?:\/\/\S+\/api\/auth\/email\/verify\?\S+/.exec(mail.text)![0];
    return { mail, path: new URL(href).pathname + new URL(href).search };
  };
  const verifiedAt = async (email: string) =>
    (await s.deps.db.select().from(schema.users).where(eq(schema.users.email, email)))[0]?.emailVerifiedAt ??
    null;

  it('a registration gets the link; opened, the e-mail is verified and the browser is sent on to say so; once only', async () => {
    const r = await renter({}, s);
    expect(await verifiedAt(r.email)).toBeNull();
    const { mail, path } = await verifyLink(r.email);
    expect(mail.lang).toBe('en');
    // Opened in a mail app on another device: verified, and on to Log In, which says so.
    const elsewhere = await browser(s);
    const opened = await elsewhere.request(path);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/log-in?email=verified');
    expect(await verifiedAt(r.email)).not.toBeNull();
    const again = await elsewhere.request(path);
    expect(again.headers.get('location')).toBe('/log-in?email=expired');
  });

  it('signed in where it is opened: on to the account; a changed e-mail is unverified until its own link, and the old link proves nothing', async () => {
    const r = await renter({}, s);
    const first = await verifyLink(r.email);
    const changed = email('changed');
    const profile = { fullName: 'Mariam Al Suwaidi', phone: '050 123 4567', email: changed, address: '' };
    expect((await r.step({ type: 'account.update', profile }, PASSWORD)).ok).toBe(true);
    expect(await verifiedAt(changed)).toBeNull();
    // The link sent to the old address no longer verifies anything.
    expect((await r.request(first.path)).headers.get('location')).toBe('/account?email=expired');
    expect(await verifiedAt(changed)).toBeNull();
    const second = await verifyLink(changed);
    expect((await r.request(second.path)).headers.get('location')).toBe('/account?email=verified');
    expect(await verifiedAt(changed)).not.toBeNull();
    // Changed again: unverified again.
    expect(
      (await r.step({ type: 'account.update', profile: { ...profile, email: email('again') } }, PASSWORD)).ok,
    ).toBe(true);
    expect(await verifiedAt(profile.email)).toBeNull();
  });

  it('another link on request, a few an hour, none once verified', async () => {
    const r = await renter({}, s);
    const resend = () => r.json('POST', '/api/auth/email/resend', { lang: 'ar' });
    expect((await resend()).status).toBe(202);
    const { mail, path } = await verifyLink(r.email, 1);
    expect(mail.lang).toBe('ar');
    expect(mail.dir).toBe('rtl');
    expect((await resend()).status).toBe(202);
    expect((await resend()).status).toBe(429); // the registration's link and two more this hour
    expect((await r.request(path)).headers.get('location')).toBe('/arabic/account?email=verified');
    expect((await resend()).status).toBe(409);
    expect((await (await browser(s)).json('POST', '/api/auth/email/resend', { lang: 'en' })).status).toBe(
      401,
    );
  });
});
