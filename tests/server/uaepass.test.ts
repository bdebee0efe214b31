// UAE PASS sign-in as the server does it (openid-client: authorization code with PKCE, state and
// nonce), end to end against the local OpenID provider that stands in for UAE PASS staging.
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { profileOf } from '../../server/auth/uaePass';
import { LOCAL_CLAIMS } from '../../server/oidc/localProvider';
import { browserFor, ORIGIN, postgresSkipped, startTestServer, type TestServer } from '../support/server';
import { createApi } from '../../src/client/api';

let s: TestServer | null = null;
const start = async () => (s ??= await startTestServer({}, { uaePass: true }));
afterAll(async () => s?.close());

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

describe.skipIf(postgresSkipped)('UAE PASS through the server', () => {
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
