// A stolen session must not become the account: an e-mail change asks for the current password (or,
// for an account without one, a UAE PASS log-in made minutes ago), and the old address gets a link that
// puts it back, signs every device out and stops every link sent to the new address. Followed from the
// mails of the local mail server, as the renter and the thief would.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import * as schema from '../../server/db/schema';
import { FRESH_SIGN_IN_MINUTES } from '../../server/auth/proof';
import { startTestServer, type TestServer } from '../support/server';
import { browser, email, MAIL_WAIT, PASSWORD, registrationOf, renter } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({}, { mail: true });
});
afterAll(() => s.close());

const profileWith = (address: string) => ({ fullName: 'Mariam Al Suwaidi', phone: '050 123 4567', email: address, address: '' });
const change = (r: Awaited<ReturnType<typeof renter>>, address: string, currentPassword?: string) =>
  r.step({ type: 'account.update', profile: profileWith(address) }, currentPassword);
const accountOf = async (id: string) => (await s.deps.db.select().from(schema.users).where(eq(schema.users.id, id)))[0]!;
/** The first mail to `to` whose text has a link matching `link`, and that link as a path. */
const mailWith = async (to: string, link: RegExp) => {
  let found: { subject: string; lang: string | null; dir: string | null; path: string } | undefined;
  await vi.waitFor(async () => {
    const mail = (await s.mailbox!.waitFor(to)).find((m) => link.test(m.text));
    const href = mail && /https?:\/\/\S+/.exec(mail.text.slice(mail.text.search(link) - 60))?.[0];
    expect(href).toBeTruthy();
    found = { ...mail!, path: new URL(href!).pathname + new URL(href!).search };
  }, MAIL_WAIT);
  return found!;
};
const mailsTo = async (to: string) => (await s.mailbox!.waitFor(to, 0)).length;

describe('an e-mail change from a signed-in session', () => {
  it('is refused without the current password, and with a wrong one, by field; the account keeps its e-mail', async () => {
    const r = await renter({}, s);
    const theirs = email('thief');
    const none = await change(r, theirs);
    expect(none).toMatchObject({ ok: false, status: 400, fields: { currentPassword: 'required' } });
    const wrong = await change(r, theirs, 'guessed-pass-1');
    expect(wrong).toMatchObject({ ok: false, status: 400, fields: { currentPassword: 'wrongPassword' } });
    // A typo in the form is told before the password is tried.
    const typo = await r.step({ type: 'account.update', profile: { ...profileWith(theirs), phone: '123' } }, 'guessed-pass-2');
    expect(typo).toMatchObject({ status: 400, fields: { phone: 'mobile' } });
    expect((await accountOf(r.user.id)).email).toBe(r.email);
    expect(await mailsTo(theirs)).toBe(0);
    // A name change needs no password.
    expect((await r.step({ type: 'account.update', profile: { ...profileWith(r.email), fullName: 'Mariam Saeed Al Suwaidi' } })).ok).toBe(true);
  });

  it('with the password: the old address is told with a link that puts it back, signs every device out and voids the new address’s links', async () => {
    const r = await renter({}, s);
    // An account kept in Arabic: its mail is.
    await s.deps.db.update(schema.users).set({ language: 'ar' }).where(eq(schema.users.id, r.user.id));
    const before = await accountOf(r.user.id);
    const theirs = email('thief');
    expect((await change(r, theirs, PASSWORD)).ok).toBe(true);
    expect((await accountOf(r.user.id)).email).toBe(theirs);

    // The old address hears of it, in the account's language, with the undo link.
    const told = await mailWith(r.email, /log-in\?undo=/);
    expect(told.path).toMatch(/^\/arabic\/log-in\?undo=/); // a page that asks first: a mail scanner following it undoes nothing
    const undoToken = new URLSearchParams(told.path.split('?')[1]).get('undo')!;
    expect(told.lang).toBe('ar');
    expect(told.dir).toBe('rtl');
    expect(told.subject).toContain('البريد الإلكتروني');
    // Meanwhile whoever changed it asks for a reset at the new address, and gets its link.
    const thief = await browser(s);
    expect((await thief.json('POST', '/api/auth/password/forgot', { email: theirs, lang: 'en' })).status).toBe(202);
    const reset = await mailWith(theirs, /reset=/);
    const resetToken = new URLSearchParams(reset.path.split('?')[1]).get('reset')!;
    const confirm = await mailWith(theirs, /email\/verify\?/);

    // The owner opens the link, on another device.
    const phone = await browser(s);
    const undo = () => phone.api.undoEmailChange({ token: undoToken });
    expect((await undo()).ok).toBe(true);
    const after = await accountOf(r.user.id);
    expect(after.email).toBe(r.email);
    expect(after.emailVerifiedAt?.getTime()).toBe(before.emailVerifiedAt?.getTime());
    // Every session of the account is over, and the links sent to the new address work no more.
    const session = await r.api.session();
    expect(session.ok && session.body.user).toBeNull();
    expect((await thief.json('POST', '/api/auth/password/reset', { token: resetToken, password: 'taken-over-2031' })).status).toBe(410);
    expect((await thief.request(confirm.path)).headers.get('location')).toBe('/arabic/log-in?email=expired');
    expect((await accountOf(r.user.id)).email).toBe(r.email);
    // The owner logs in as before; the link works once.
    expect((await phone.api.logIn({ email: r.email, password: PASSWORD, role: 'renter' })).ok).toBe(true);
    expect(await undo()).toMatchObject({ ok: false, status: 410, error: 'linkExpired' });
    const notices = await s.deps.db.select().from(schema.notifications).where(eq(schema.notifications.userId, r.user.id));
    expect(notices.map((n) => (n.params as { event?: string }).event)).toEqual(expect.arrayContaining(['emailChanged', 'emailRestored']));
  });

  it('while the undo link works, nobody else can take the old address: neither a registration nor another account', async () => {
    const r = await renter({}, s);
    expect((await change(r, email('moved'), PASSWORD)).ok).toBe(true);
    const registered = await (await browser(s)).api.register(registrationOf(r.email));
    expect(registered).toMatchObject({ ok: false, status: 409, error: 'emailTaken' });
    const other = await renter({}, s);
    expect(await change(other, r.email, PASSWORD)).toMatchObject({ status: 409, fields: { email: 'emailTaken' } });
    // Its own account may have it back.
    expect((await change(r, r.email, PASSWORD)).ok).toBe(true);
  });

  it('an account without a password (UAE PASS only) changes it only just after logging in', async () => {
    const r = await renter({}, s);
    await s.deps.db.update(schema.users).set({ passwordHash: null }).where(eq(schema.users.id, r.user.id));
    const old = new Date(s.deps.now().getTime() - (FRESH_SIGN_IN_MINUTES + 1) * 60_000);
    await s.deps.db.update(schema.sessions).set({ createdAt: old }).where(eq(schema.sessions.userId, r.user.id));
    expect(await change(r, email('later'), 'anything')).toMatchObject({ status: 400, fields: { email: 'signInAgain' } });
    await s.deps.db.update(schema.sessions).set({ createdAt: s.deps.now() }).where(eq(schema.sessions.userId, r.user.id));
    expect((await change(r, email('fresh'))).ok).toBe(true);
  });
});
