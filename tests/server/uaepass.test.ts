// UAE PASS sign-in as the server does it (openid-client: authorization code with PKCE, state and
// nonce), end to end against the local OpenID provider that stands in for UAE PASS staging.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { profileOf } from '../../server/auth/uaePass';
import { LOCAL_CLAIMS } from '../../server/oidc/localProvider';
import { browserFor, ORIGIN, startTestServer, type TestServer } from '../support/server';
import { createApi } from '../../src/client/api';
import { browser, MAIL_WAIT, PASSWORD, renter } from './helpers';

let s: TestServer | null = null;
const start = async () => (s ??= await startTestServer({}, { uaePass: true }));
// The stand-in always answers with the same person: a test about who that person is gets a server of its own.
const others: TestServer[] = [];
const fresh = async () => {
  const server = await startTestServer({}, { uaePass: true });
  others.push(server);
  return server;
};
afterAll(async () => Promise.all([s?.close(), ...others.map((o) => o.close())]));

type Tab = ReturnType<typeof browserFor>;
const startIn = (tab: Tab) => tab.fetch(`${ORIGIN}/api/auth/uaepass/start?lang=en`, { redirect: 'manual' });
/** The whole sign-in in `tab`: our start, the provider's pages, our callback. Where it lands. */
async function uaePassIn(tab: Tab) {
  const callback = await throughProvider((await startIn(tab)).headers.get('location')!);
  return (await tab.fetch(callback, { redirect: 'manual' })).headers.get('location');
}
const whoIn = async (tab: Tab) => {
  const session = await createApi({ baseUrl: `${ORIGIN}/api`, fetch: tab.fetch }).session();
  if (!session.ok) throw new Error('no session answer');
  return session.body.user;
};
const rowOf = async (server: TestServer, address: string) =>
  (await server.deps.db.select().from(users).where(eq(users.email, address)))[0];

/** A person at the provider's pages: follows its redirects, signs in with any login, consents. */
async function throughProvider(authorizeUrl: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizeUrl;
  let init: RequestInit = {};
  for (let hop = 0; hop < 20; hop++) {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!, value.join('='));
    }
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url).href;
      if (next.startsWith(ORIGIN)) return next; // back to Move car's callback
      url = next;
      init = {};
      continue;
    }
    const html = await response.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (!action) throw new Error(`no form at ${url}: ${html.slice(0, 200)}`);
    const fields = new URLSearchParams();
    for (const [, name, value] of html.matchAll(/<input[^>]*name="([^"]+)"(?:[^>]*value="([^"]*)")?/g)) fields.set(name!, value ?? '');
    url = new URL(action, url).href;
    init = { method: 'POST', body: fields, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('too many hops');
}

describe('UAE PASS through the server', () => {
  it('signs in a verified renter: names in both languages, the Emirates ID, the identity step done', async () => {
    const server = await start();
    const tab = browserFor(server);
    // A car and trip chosen before signing in (a week ahead, three days, one way to Abu Dhabi).
    const pickupAt = Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 7 * 86_400_000;
    const trip = { pickupLocation: 'dubai-marina', dropoffLocation: 'auh', pickupAt, dropoffAt: pickupAt + 3 * 86_400_000 };
    const query = new URLSearchParams({ lang: 'ar', carId: '911', ...Object.fromEntries(Object.entries(trip).map(([k, v]) => [k, String(v)])) });
    const start_ = await tab.fetch(`${ORIGIN}/api/auth/uaepass/start?${query}`, { redirect: 'manual' });
    expect(start_.status).toBe(302);
    const authorize = new URL(start_.headers.get('location')!);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: 'code',
      ui_locales: 'ar',
      code_challenge_method: 'S256',
      redirect_uri: `${ORIGIN}/api/auth/uaepass/callback`,
      scope: 'openid urn:uae:digitalid:profile:general',
    });
    expect(authorize.searchParams.get('state')).toMatch(/.{20,}/);
    expect(authorize.searchParams.get('nonce')).toMatch(/.{20,}/);

    const callback = await throughProvider(authorize.href);
    const landed = await tab.fetch(callback, { redirect: 'manual' });
    expect(landed.status).toBe(302);
    expect(landed.headers.get('location')).toBe('/arabic/rental-contract');

    const session = await createApi({ baseUrl: `${ORIGIN}/api`, fetch: tab.fetch }).session();
    if (!session.ok || !session.body.user || !session.body.journey) throw new Error('not signed in');
    expect(session.body.user).toMatchObject({ role: 'renter', fullName: LOCAL_CLAIMS.fullnameEN, fullNameAr: LOCAL_CLAIMS.fullnameAR, verified: true });
    const context = session.body.journey.journey.snapshot.context as { identityVerified: boolean; booking: Record<string, unknown> };
    expect(context.identityVerified).toBe(true);
    expect(context.booking).toMatchObject({ carId: '911', ...trip }); // the car and trip chosen before signing in
    const [row] = await server.deps.db.select().from(users).where(eq(users.email, LOCAL_CLAIMS.email));
    expect(row).toMatchObject({ uaePassId: LOCAL_CLAIMS.uuid, emiratesId: '784-1990-1234567-6', passwordHash: null });

    // The same reply twice is refused: a request is used once.
    const replay = await browserFor(server).fetch(callback, { redirect: 'manual' });
    expect(replay.headers.get('location')).toBe('/log-in?uaepass=failed');
  });

  it('a reply that answers no request of ours (a forged or stale state) signs nobody in', async () => {
    const server = await start();
    const tab = browserFor(server);
    const reply = await tab.fetch(`${ORIGIN}/api/auth/uaepass/callback?code=abc&state=not-ours`, { redirect: 'manual' });
    expect(reply.headers.get('location')).toBe('/log-in?uaepass=failed');
    expect(tab.jar.size).toBe(0);
  });

  it('a reply opened in another browser than the one that started the sign-in signs nobody in (login CSRF)', async () => {
    const server = await fresh();
    // The attacker signs in at UAE PASS in their own browser and keeps the reply instead of following it.
    const attacker = browserFor(server);
    const callback = await throughProvider((await startIn(attacker)).headers.get('location')!);
    // Opened by a victim, as a link: in a browser with a sign-in of its own under way, or with none.
    const busy = browserFor(server);
    await startIn(busy);
    const idle = browserFor(server);
    for (const victim of [busy, idle]) {
      expect((await victim.fetch(callback, { redirect: 'manual' })).headers.get('location')).toBe('/log-in?uaepass=failed');
      expect(await whoIn(victim)).toBeNull();
    }
    // The reply was used up: not even the attacker's own browser signs in with it now.
    expect((await attacker.fetch(callback, { redirect: 'manual' })).headers.get('location')).toBe('/log-in?uaepass=failed');
    expect(await rowOf(server, LOCAL_CLAIMS.email)).toBeUndefined();
  });

  it('registering with someone’s e-mail does not get their UAE PASS identity: an unverified e-mail is never linked', async () => {
    const server = await fresh();
    // The attacker registers first, with the victim's e-mail and a password of their own.
    await renter({ email: LOCAL_CLAIMS.email }, server);
    const victim = browserFor(server);
    expect(await uaePassIn(victim)).toBe('/log-in?uaepass=signInFirst');
    expect(await whoIn(victim)).toBeNull();
    expect(await rowOf(server, LOCAL_CLAIMS.email)).toMatchObject({ uaePassId: null, verified: false, fullNameAr: null });
    // The attacker's password still opens only what they typed themselves: nothing UAE PASS verified.
    const attacker = await browser(server);
    const login = await attacker.api.logIn({ email: LOCAL_CLAIMS.email, password: PASSWORD, role: 'renter' });
    if (!login.ok) throw new Error('log-in refused');
    expect(login.body.user).toMatchObject({ verified: false, fullNameAr: null });
  });

  it('a renter signed in connects UAE PASS to their own account, which signs out its other sessions', async () => {
    const server = await fresh();
    const owner = await renter({}, server);
    const elsewhere = await browser(server);
    expect((await elsewhere.api.logIn({ email: owner.email, password: PASSWORD, role: 'renter' })).ok).toBe(true);
    expect(await uaePassIn(owner.tab)).toBe('/account');
    expect(await whoIn(owner.tab)).toMatchObject({ email: owner.email, verified: true, fullNameAr: LOCAL_CLAIMS.fullnameAR });
    expect(await rowOf(server, owner.email)).toMatchObject({ uaePassId: LOCAL_CLAIMS.uuid });
    expect(await whoIn(elsewhere.tab)).toBeNull();
    // From now on UAE PASS opens this account, whatever e-mail UAE PASS has.
    const later = browserFor(server);
    expect(await uaePassIn(later)).toBe('/rental-contract');
    expect(await whoIn(later)).toMatchObject({ email: owner.email });
    // The identity is this account's: another renter cannot connect it to theirs.
    const second = await renter({}, server);
    expect(await uaePassIn(second.tab)).toBe('/log-in?uaepass=failed');
    expect(await rowOf(server, second.email)).toMatchObject({ uaePassId: null, verified: false });
  });

  it('the confirmation link the attacker’s registration mailed to the victim proves the address, not the account: UAE PASS still links nothing; a reset by e-mail, then signing in, connects it', async () => {
    const server = await startTestServer({}, { uaePass: true, mail: true });
    others.push(server);
    // The attacker registers the victim's e-mail with their own password…
    await renter({ email: LOCAL_CLAIMS.email }, server);
    // …and the victim opens the "Confirm your e-mail" link that came to them.
    const linkIn = async (pattern: RegExp) => {
      const mail = await vi.waitFor(async () => {
        const found = (await server.mailbox!.waitFor(LOCAL_CLAIMS.email)).findLast((m) => pattern.test(m.text));
        expect(found).toBeDefined();
        return found!;
      }, MAIL_WAIT);
      return new URL(pattern.exec(mail.text)![0]);
    };
    const confirm = await linkIn(/https?:\/\/\S+\/api\/auth\/email\/verify\?\S+/);
    const victim = browserFor(server);
    expect((await victim.fetch(`${ORIGIN}${confirm.pathname}${confirm.search}`, { redirect: 'manual' })).headers.get('location')).toBe('/log-in?email=verified');
    expect((await rowOf(server, LOCAL_CLAIMS.email))!.emailVerifiedAt).not.toBeNull();
    // UAE PASS finds the account by its e-mail, and still asks its owner to sign in first.
    expect(await uaePassIn(victim)).toBe('/log-in?uaepass=signInFirst');
    expect(await whoIn(victim)).toBeNull();
    expect(await rowOf(server, LOCAL_CLAIMS.email)).toMatchObject({ uaePassId: null, verified: false, fullNameAr: null, emiratesId: '784-1990-1234567-6' });
    const attackerAgain = await browser(server);
    const login = await attackerAgain.api.logIn({ email: LOCAL_CLAIMS.email, password: PASSWORD, role: 'renter' });
    expect(login.ok && login.body.user).toMatchObject({ verified: false, fullNameAr: null });

    // The victim takes the account back by e-mail (every session of the attacker ends), signs in, connects.
    expect((await (await browser(server)).json('POST', '/api/auth/password/forgot', { email: LOCAL_CLAIMS.email, lang: 'en' })).status).toBe(202);
    const token = (await linkIn(/https?:\/\/\S+reset=[A-Za-z0-9_-]+/)).searchParams.get('reset')!;
    const own = await browser(server);
    expect((await own.json('POST', '/api/auth/password/reset', { token, password: 'Victim-Own-Pw-2031' })).status).toBe(200);
    expect(await whoIn(attackerAgain.tab)).toBeNull();
    expect((await own.api.logIn({ email: LOCAL_CLAIMS.email, password: 'Victim-Own-Pw-2031', role: 'renter' })).ok).toBe(true);
    expect(await uaePassIn(own.tab)).toBe('/account');
    expect(await whoIn(own.tab)).toMatchObject({ email: LOCAL_CLAIMS.email, verified: true, fullNameAr: LOCAL_CLAIMS.fullnameAR });
    // The attacker's password opens nothing now.
    expect((await (await browser(server)).api.logIn({ email: LOCAL_CLAIMS.email, password: PASSWORD, role: 'renter' })).ok).toBe(false);
  });

  it('reads UAE PASS’s claims as a profile, and refuses one without an id, e-mail or name', () => {
    expect(profileOf(LOCAL_CLAIMS)).toEqual({
      id: LOCAL_CLAIMS.uuid,
      email: LOCAL_CLAIMS.email,
      fullName: LOCAL_CLAIMS.fullnameEN,
      fullNameAr: LOCAL_CLAIMS.fullnameAR,
      emiratesId: LOCAL_CLAIMS.idn,
      mobile: LOCAL_CLAIMS.mobile,
    });
    expect(() => profileOf({ email: 'a@b.ae' })).toThrow();
  });
});
