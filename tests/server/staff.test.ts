// A company's people, from a fresh production database: the operator (from OPERATOR_EMAIL) creates a
// company, its admin joins by the e-mailed invitation and invites a manager and an agent, who join
// too; the admin changes a role and revokes, which ends sessions at once. Every refusal is tested:
// another company's person or invitation is 404, another role 403, nobody 401; an invitation works
// once and not after 72 hours. The operator suspends a company: its staff are out, its cars leave search.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import * as schema from '../../server/db/schema';
import { carOf } from '../../machines/sampleFleet';
import { SAMPLE_AGENTS, SAMPLE_OPERATOR } from '../../server/seed';
import { startTestServer, type TestServer } from '../support/server';
import { browser, email, MAIL_WAIT, PASSWORD, renter, server } from './helpers';

const OPERATOR = { email: 'ops@platform.example', password: 'platform-keys-2026' };
const DAY = 24 * 60 * 60 * 1000;

type Browser = Awaited<ReturnType<typeof browser>>;

/** The token of the newest invitation mailed to `to`, read from the local mail server. */
async function invitationTo(s: TestServer, to: string) {
  const linkIn = (text: string) => /https?:\/\/\S+\/join\?token=([A-Za-z0-9_-]+)/.exec(text);
  // The newest invitation not read before (a renter's address also got its verification e-mail).
  const mail = await vi.waitFor(async () => {
    const found = (await s.mailbox!.waitFor(to)).findLast((m) => linkIn(m.text) && !read.has(m));
    expect(found).toBeDefined();
    return found!;
  }, MAIL_WAIT);
  read.add(mail);
  return { token: linkIn(mail.text)![1]!, mail };
}
const read = new WeakSet<object>();

async function staffBrowser(s: TestServer, who: { email: string; password: string }) {
  const b = await browser(s);
  const result = await b.api.logIn({ email: who.email, password: who.password, role: 'staff' });
  expect(result.ok, JSON.stringify(result.body)).toBe(true);
  return b;
}

/** Opens the invitation in a new browser and joins with a name and password; the browser is signed in. */
async function join(s: TestServer, token: string, fullName: string, language: 'en' | 'ar' = 'en') {
  const b = await browser(s);
  const answer = await b.json('POST', '/api/invitations/accept', { token, fullName, password: PASSWORD, language });
  expect(answer.status, await answer.clone().text()).toBe(201);
  return b;
}

const whoAmI = async (b: Browser) => {
  const session = await b.api.session();
  return session.ok ? session.body.user : null;
};

describe('a new company on a fresh production database, and its people', () => {
  let s: TestServer;
  let operator: Browser;
  let admin: Browser;
  const adminEmail = email('admin');

  beforeAll(async () => {
    s = await startTestServer({ demo: false, operator: OPERATOR }, { mail: true });
    operator = await staffBrowser(s, OPERATOR);
  });
  afterAll(() => s.close());

  it('the operator creates a company; its admin gets the invitation by e-mail, in Arabic, and joins once', async () => {
    const bad = await operator.json('POST', '/api/operator/companies', { nameEn: ' ', nameAr: 'نخيل', adminEmail: 'nope', lang: 'ar' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toEqual({ nameEn: 'required', adminEmail: 'email' });

    const made = await operator.json('POST', '/api/operator/companies', {
      nameEn: 'Palm Cars',
      nameAr: 'بالم للسيارات',
      subtitleEn: 'Family cars',
      subtitleAr: 'سيارات عائلية',
      adminEmail,
      lang: 'ar',
    });
    expect(made.status).toBe(201);
    expect((await made.json()).company).toMatchObject({ id: 'palm-cars', suspended: false, staff: 0 });
    const again = await operator.json('POST', '/api/operator/companies', { nameEn: 'palm cars', nameAr: 'بالم', adminEmail, lang: 'en' });
    expect(again.status).toBe(409);
    expect((await again.json()).fields).toEqual({ nameEn: 'nameTaken' });

    const { token, mail } = await invitationTo(s, adminEmail);
    expect(mail.dir).toBe('rtl');
    expect(mail.subject).toContain('بالم للسيارات');
    expect(mail.text).toContain('/arabic/join?token=');

    const about = await (await browser(s)).request(`/api/invitations?token=${token}`);
    expect(await about.json()).toEqual({ email: adminEmail, role: 'admin', company: { id: 'palm-cars', name: { en: 'Palm Cars', ar: 'بالم للسيارات' } } });

    const weak = await (await browser(s)).json('POST', '/api/invitations/accept', { token, fullName: 'Noura', password: 'short', language: 'ar' });
    expect(weak.status).toBe(400);
    expect((await weak.json()).fields).toEqual({ fullName: 'nameTwoWords', password: 'passwordShort' });

    admin = await join(s, token, 'Noura Al Falasi', 'ar');
    expect(await whoAmI(admin)).toMatchObject({ role: 'admin', companyId: 'palm-cars', emailVerified: true, language: 'ar' });
    const twice = await (await browser(s)).json('POST', '/api/invitations/accept', { token, fullName: 'Someone Else', password: PASSWORD, language: 'en' });
    expect(twice.status).toBe(410);
    expect(await twice.json()).toEqual({ error: 'linkExpired' });
  });

  it('the admin invites a manager and an agent, who join; the staff list shows the three', async () => {
    const managerEmail = email('manager');
    const agentEmail = email('agent');
    const bad = await admin.json('POST', '/api/staff/invitations', { email: 'x', role: 'manager', lang: 'en' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toEqual({ email: 'email' });
    const wrongRole = await admin.json('POST', '/api/staff/invitations', { email: managerEmail, role: 'operator', lang: 'en' });
    expect(wrongRole.status).toBe(400);

    for (const [to, role] of [[managerEmail, 'manager'], [agentEmail, 'agent']] as const) {
      const sent = await admin.json('POST', '/api/staff/invitations', { email: to.toUpperCase(), role, lang: 'en' });
      expect(sent.status).toBe(201);
    }
    const listed = await (await admin.request('/api/staff')).json();
    expect(listed.invitations.map((i: { email: string; role: string }) => [i.email, i.role]).sort()).toEqual(
      [[agentEmail, 'agent'], [managerEmail, 'manager']].sort(),
    );

    const m = await invitationTo(s, managerEmail);
    expect(m.mail.dir).toBe('ltr');
    expect(m.mail.subject).toBe('Join Palm Cars on Move car');
    expect(m.mail.text).toContain('Noura Al Falasi invites you to join Palm Cars on Move car as a manager.');
    const manager = await join(s, m.token, 'Omar Haddad');
    const agent = await join(s, (await invitationTo(s, agentEmail)).token, 'Yousef Rahman');
    expect(await whoAmI(manager)).toMatchObject({ role: 'manager', companyId: 'palm-cars' });
    expect(await whoAmI(agent)).toMatchObject({ role: 'agent', companyId: 'palm-cars' });

    const staff = await (await admin.request('/api/staff')).json();
    // The admin's open Staff screen heard each of them join (a live 'staff' change for the admin).
    const adminId = (await whoAmI(admin))!.id;
    const heard = await s.deps.db.select().from(schema.liveEvents).where(eq(schema.liveEvents.userId, adminId));
    expect(heard.filter((e) => e.topic === 'staff').length).toBeGreaterThanOrEqual(4);
    expect(staff.staff.map((p: { fullName: string; role: string }) => [p.fullName, p.role])).toEqual([
      ['Noura Al Falasi', 'admin'],
      ['Omar Haddad', 'manager'],
      ['Yousef Rahman', 'agent'],
    ]);
    expect(staff.invitations).toEqual([]);
    // Only the admin keeps the staff.
    expect((await manager.request('/api/staff')).status).toBe(403);
    expect((await agent.json('POST', '/api/staff/invitations', { email: email(), role: 'agent', lang: 'en' })).status).toBe(403);
    expect((await (await browser(s)).request('/api/staff')).status).toBe(401);
    // Nor the operator's screens for anyone but the operator.
    expect((await admin.request('/api/operator/companies')).status).toBe(403);
  });

  it('changing a role or revoking ends that person\'s sessions at once; the last admin stays', async () => {
    const staff = (await (await admin.request('/api/staff')).json()).staff as { id: string; fullName: string; role: string; email: string }[];
    const omar = staff.find((p) => p.fullName === 'Omar Haddad')!;
    const yousef = staff.find((p) => p.fullName === 'Yousef Rahman')!;
    const noura = staff.find((p) => p.fullName === 'Noura Al Falasi')!;
    const omarHere = await staffBrowser(s, { email: omar.email, password: PASSWORD });
    const yousefHere = await staffBrowser(s, { email: yousef.email, password: PASSWORD });

    const promoted = await admin.json('PATCH', `/api/staff/${yousef.id}`, { role: 'manager' });
    expect(promoted.status).toBe(200);
    expect((await promoted.json()).person).toMatchObject({ role: 'manager' });
    expect(await whoAmI(yousefHere)).toBeNull();
    expect(await whoAmI(await staffBrowser(s, { email: yousef.email, password: PASSWORD }))).toMatchObject({ role: 'manager' });

    expect((await admin.json('POST', `/api/staff/${omar.id}/revoke`, {})).status).toBe(200);
    expect(await whoAmI(omarHere)).toBeNull();
    const back = await (await browser(s)).api.logIn({ email: omar.email, password: PASSWORD, role: 'staff' });
    expect(back.ok).toBe(false);
    expect((await (await admin.request('/api/staff')).json()).staff.map((p: { id: string }) => p.id)).not.toContain(omar.id);
    // Revoked once is gone: a second revocation finds nobody.
    expect((await admin.json('POST', `/api/staff/${omar.id}/revoke`, {})).status).toBe(404);

    for (const answer of [
      await admin.json('PATCH', `/api/staff/${noura.id}`, { role: 'manager' }),
      await admin.json('POST', `/api/staff/${noura.id}/revoke`, {}),
    ]) {
      expect(answer.status).toBe(409);
      expect(await answer.json()).toEqual({ error: 'lastAdmin' });
    }

    // Invited again, the revoked person comes back on the same account with the new role.
    await admin.json('POST', '/api/staff/invitations', { email: omar.email, role: 'agent', lang: 'en' });
    const rejoined = await join(s, (await invitationTo(s, omar.email)).token, 'Omar Haddad');
    expect(await whoAmI(rejoined)).toMatchObject({ id: omar.id, role: 'agent' });
  });

  it('another company\'s admin finds none of this company\'s people or invitations (404)', async () => {
    const otherEmail = email('other-admin');
    await operator.json('POST', '/api/operator/companies', { nameEn: 'Sand Wheels', nameAr: 'ساند ويلز', adminEmail: otherEmail, lang: 'en' });
    const other = await join(s, (await invitationTo(s, otherEmail)).token, 'Hamdan Saeed');
    const pending = await admin.json('POST', '/api/staff/invitations', { email: email('pending'), role: 'agent', lang: 'en' });
    const invitation = (await pending.json()).invitation as { id: string };
    const staff = (await (await admin.request('/api/staff')).json()).staff as { id: string }[];
    const person = staff[0]!.id;

    expect((await other.json('PATCH', `/api/staff/${person}`, { role: 'agent' })).status).toBe(404);
    expect((await other.json('POST', `/api/staff/${person}/revoke`, {})).status).toBe(404);
    expect((await other.request(`/api/staff/invitations/${invitation.id}`, { method: 'DELETE' })).status).toBe(404);
    const theirs = (await (await other.request('/api/staff')).json()) as { staff: { id: string }[]; invitations: unknown[] };
    expect(theirs.staff.map((p) => p.id)).not.toContain(person);
    expect(theirs.invitations).toEqual([]);

    // The admin withdraws it; the link then opens nothing.
    expect((await admin.request(`/api/staff/invitations/${invitation.id}`, { method: 'DELETE' })).status).toBe(200);
    const { token } = await invitationTo(s, (await s.deps.db.select().from(schema.staffInvitations).where(eq(schema.staffInvitations.id, invitation.id)))[0]!.email);
    expect((await (await browser(s)).request(`/api/invitations?token=${token}`)).status).toBe(410);
  });

  it('an invitation does not work after 72 hours, nor for an e-mail that already has an account', async () => {
    const late = email('late');
    await admin.json('POST', '/api/staff/invitations', { email: late, role: 'agent', lang: 'en' });
    const { token } = await invitationTo(s, late);
    await s.deps.db
      .update(schema.staffInvitations)
      .set({ expiresAt: new Date(s.deps.now().getTime() - 1) })
      .where(eq(schema.staffInvitations.email, late));
    expect((await (await browser(s)).request(`/api/invitations?token=${token}`)).status).toBe(410);
    const [row] = await s.deps.db.select().from(schema.staffInvitations).where(eq(schema.staffInvitations.email, late));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(3 * DAY);

    const r = await renter({}, s);
    await admin.json('POST', '/api/staff/invitations', { email: r.email, role: 'agent', lang: 'en' });
    const taken = await (await browser(s)).json('POST', '/api/invitations/accept', {
      token: (await invitationTo(s, r.email)).token,
      fullName: 'Mariam Al Suwaidi',
      password: PASSWORD,
      language: 'en',
    });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ error: 'emailTaken' });
    expect(await whoAmI(r)).toMatchObject({ role: 'renter' });
  });

  it('the operator suspends a company: its staff are signed out and cannot sign in; reinstated, they can', async () => {
    const staff = (await (await admin.request('/api/staff')).json()).staff as { email: string; role: string }[];
    const agent = staff.find((p) => p.role === 'agent')!;
    expect((await operator.json('POST', '/api/operator/companies/palm-cars/suspend', {})).status).toBe(200);
    expect(await whoAmI(admin)).toBeNull();
    const refused = await (await browser(s)).api.logIn({ email: agent.email, password: PASSWORD, role: 'staff' });
    expect(refused).toMatchObject({ ok: false, status: 403, error: 'suspended' });
    const listed = (await (await operator.request('/api/operator/companies')).json()).companies as { id: string; suspended: boolean }[];
    expect(listed.find((c) => c.id === 'palm-cars')).toMatchObject({ suspended: true });
    expect((await operator.json('POST', '/api/operator/companies/nowhere/suspend', {})).status).toBe(404);

    expect((await operator.json('POST', '/api/operator/companies/palm-cars/reinstate', {})).status).toBe(200);
    await staffBrowser(s, { email: agent.email, password: PASSWORD });
  });

  it('the operator invites another admin to a company (its first left); not to one that does not exist; nobody else may', async () => {
    const second = email('second-admin');
    expect((await operator.json('POST', '/api/operator/companies/palm-cars/admins', { adminEmail: 'nope', lang: 'en' })).status).toBe(400);
    expect((await operator.json('POST', '/api/operator/companies/nowhere/admins', { adminEmail: second, lang: 'en' })).status).toBe(404);
    // The suspension signed the admin out: signed in again, an admin still may not.
    const again = await staffBrowser(s, { email: adminEmail, password: PASSWORD });
    expect((await again.json('POST', '/api/operator/companies/palm-cars/admins', { adminEmail: second, lang: 'en' })).status).toBe(403);
    expect((await operator.json('POST', '/api/operator/companies/palm-cars/admins', { adminEmail: second, lang: 'en' })).status).toBe(201);
    const joined = await join(s, (await invitationTo(s, second)).token, 'Khalid Al Ameri');
    expect(await whoAmI(joined)).toMatchObject({ role: 'admin', companyId: 'palm-cars' });
  });
});

describe('a suspended company\'s cars leave search (the sample fleet, DEMO=1)', () => {
  it('suspended, Marina Motors is not offered and its agent cannot sign in; reinstated, it is back', async () => {
    const s = await server();
    const operator = await staffBrowser(s, SAMPLE_OPERATOR);
    const at = s.deps.now().getTime() + 3 * DAY;
    const query = new URLSearchParams({
      pickupLocation: 'dxb-t3',
      dropoffLocation: 'dxb-t3',
      pickupAt: String(at),
      dropoffAt: String(at + 2 * DAY),
    });
    const companiesOffered = async () => {
      const found = (await (await (await browser(s)).request(`/api/cars/search?${query}`)).json()).results as { carId: Parameters<typeof carOf>[0] }[];
      return new Set(found.map((r) => carOf(r.carId).company));
    };
    expect(await companiesOffered()).toContain('marina-motors');
    expect((await operator.json('POST', '/api/operator/companies/marina-motors/suspend', {})).status).toBe(200);
    try {
      expect(await companiesOffered()).not.toContain('marina-motors');
      const cards = (await (await (await browser(s)).request('/api/companies')).json()).companies as { id: string }[];
      expect(cards.map((c) => c.id)).not.toContain('marina-motors');
      const agent = SAMPLE_AGENTS['marina-motors']!;
      expect((await (await browser(s)).api.logIn({ email: agent.email, password: agent.password, role: 'staff' })).ok).toBe(false);
    } finally {
      expect((await operator.json('POST', '/api/operator/companies/marina-motors/reinstate', {})).status).toBe(200);
    }
    expect(await companiesOffered()).toContain('marina-motors');
  });
});
