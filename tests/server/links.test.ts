// Every link the server writes points at PUBLIC_ORIGIN, whatever the request says of its own host:
// a password reset asked with `Host: evil.example` (and that Origin) once mailed the manager a link
// to evil.example carrying a working token. The Origin check compares with PUBLIC_ORIGIN too, and a
// production server does not start without it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApi } from '../../src/client/api';
import { InvalidEnvironment, readConfig } from '../../server/config';
import { SAMPLE_ADMIN, SAMPLE_MANAGER } from '../../server/seed';
import { browserFor, ORIGIN, startTestServer, type TestServer } from '../support/server';
import { email, MAIL_WAIT, PASSWORD, registrationOf, renter } from './helpers';

const EVIL = 'http://evil.example';

let s: TestServer;
beforeAll(async () => {
  // Behind a proxy that is trusted: its forwarded host is still not where links point.
  s = await startTestServer({ trustProxy: true }, { mail: true });
});
afterAll(() => s.close());

/** A browser whose every request goes to `host` with `origin`, and a proxy's X-Forwarded-Host of evil.example. */
function browserAt(host: string, origin: string) {
  const tab = browserFor(s, { origin });
  const fetch = (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, host);
    const headers = new Headers(init.headers);
    headers.set('x-forwarded-host', 'evil.example');
    headers.set('x-forwarded-proto', 'http');
    return tab.fetch(`${host}${url.pathname}${url.search}`, { ...init, headers });
  };
  const api = createApi({ baseUrl: `${host}/api`, fetch });
  const json = (method: string, path: string, body: unknown) =>
    fetch(`${host}${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { api, json };
}

/** The links in the newest e-mail to `to` that matches `pattern`. */
async function linksTo(to: string, pattern: RegExp) {
  const mail = await vi.waitFor(async () => {
    const found = (await s.mailbox!.waitFor(to)).findLast((m) => pattern.test(m.text));
    expect(found).toBeDefined();
    return found!;
  }, MAIL_WAIT);
  return [...mail.text.matchAll(/https?:\/\/[^\s)>"]+/g)].map((m) => m[0]);
}

describe('links come from PUBLIC_ORIGIN, never from the request', () => {
  it('a reset asked for another Host with its Origin is refused; asked with ours through another Host, the link is ours', async () => {
    const evil = browserAt(EVIL, EVIL);
    const refused = await evil.json('POST', '/api/auth/password/forgot', { email: SAMPLE_MANAGER.email, lang: 'en' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'origin' });

    const throughEvil = browserAt(EVIL, ORIGIN);
    expect((await throughEvil.json('POST', '/api/auth/password/forgot', { email: SAMPLE_MANAGER.email, lang: 'ar' })).status).toBe(202);
    const links = await linksTo(SAMPLE_MANAGER.email, /reset=/);
    expect(links.filter((l) => l.includes('reset='))).toEqual([expect.stringMatching(new RegExp(`^${ORIGIN}/arabic/log-in\\?reset=[A-Za-z0-9_-]+$`))]);
    expect(links.every((l) => !l.includes('evil.example'))).toBe(true);
  });

  it('the confirmation link of a registration, and of a changed e-mail, is ours', async () => {
    const throughEvil = browserAt(EVIL, ORIGIN);
    const address = email();
    const registered = await throughEvil.api.register(registrationOf(address));
    expect(registered.ok).toBe(true);
    expect(await linksTo(address, /email\/verify/)).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^${ORIGIN}/api/auth/email/verify\\?`))]));
    expect((await linksTo(address, /email\/verify/)).some((l) => l.includes('evil'))).toBe(false);

    const r = await renter({}, s);
    const changed = email('changed');
    // The renter's own session, through the other Host.
    const journey = r.journey();
    const cookieFetch = (path: string, init: RequestInit) => r.tab.fetch(`${EVIL}${path}`, init);
    const answer = await cookieFetch(`/api/bookings/${journey.bookingId}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-host': 'evil.example' },
      body: JSON.stringify({
        event: { type: 'account.update', profile: { fullName: 'Mariam Al Suwaidi', phone: '050 123 4567', email: changed, address: '' } },
        version: journey.version,
        currentPassword: PASSWORD,
      }),
    });
    expect(answer.status, await answer.clone().text()).toBe(200);
    const links = await linksTo(changed, /email\/verify/);
    expect(links.some((l) => l.startsWith(`${ORIGIN}/api/auth/email/verify?`))).toBe(true);
    expect(links.some((l) => l.includes('evil'))).toBe(false);
  });

  it('an invitation sent through another Host links to ours', async () => {
    const admin = browserAt(EVIL, ORIGIN);
    expect((await admin.api.logIn({ email: SAMPLE_ADMIN.email, password: SAMPLE_ADMIN.password, role: 'staff' })).ok).toBe(true);
    const invited = email('agent');
    expect((await admin.json('POST', '/api/staff/invitations', { email: invited, role: 'agent', lang: 'en' })).status).toBe(201);
    const links = await linksTo(invited, /join\?token=/);
    expect(links.some((l) => l.startsWith(`${ORIGIN}/join?token=`))).toBe(true);
    expect(links.some((l) => l.includes('evil'))).toBe(false);
  });
});

describe('PUBLIC_ORIGIN in the configuration', () => {
  it('production does not start without it, and says what to set; development uses its own address', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(InvalidEnvironment);
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_ORIGIN: required in production/);
    expect(() => readConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'ftp://movecar.ae' })).toThrow(/PUBLIC_ORIGIN/);
    expect(readConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://movecar.ae/' }).publicOrigin).toBe('https://movecar.ae');
    expect(readConfig({ PORT: '5173' }).publicOrigin).toBe('http://localhost:5173');
  });
});
