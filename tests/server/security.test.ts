// What a security reviewer checks: headers, the Origin check, errors without internals, and no
// password, card number or CVV anywhere the server writes after a whole journey.
import { describe, expect, it, vi } from 'vitest';
import { readdirSync, rmSync } from 'node:fs';
import { getPriority } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '../../server/config';
import { openDatabase } from '../../server/db/open';
import { hashingGate, HashingBusy, hashPassword, MAX_HOLD_MS, verifyPassword } from '../../server/auth/passwords';
import { spend } from '../../server/auth/usage';
import { hashToken } from '../../server/auth/sessions';
import { fileDocumentStore } from '../../server/documents/store';
import { housekeeping } from '../../server/housekeeping';
import { emptyReport } from '../../server/imports/authority';
import { eq, inArray, like } from 'drizzle-orm';
import * as schema from '../../server/db/schema';
import { addressGroup, CONTENT_SECURITY_POLICY } from '../../server/http/security';
import { REGISTRATION_BODY_MAX } from '../../server/auth/routes';
import { ORIGIN, startTestServer, type TestServer } from '../support/server';
import { browser, contextOf, PASSWORD, PDF, PNG, renter, server, walk } from './helpers';
import { SAMPLE_ADMIN, SAMPLE_AGENTS, SAMPLE_MANAGER, SAMPLE_OPERATOR, SECOND_MANAGER, seed } from '../../server/seed';
import { scratchDir } from '../support/scratch';

describe('headers and the Origin check', () => {
  it('an API answer is dated by the server’s own clock (the one it decides by), for the screens to read the time from', async () => {
    const s = await server();
    const answer = await s.app.request(`${ORIGIN}/api/auth/session`);
    const dated = Date.parse(answer.headers.get('date') ?? '');
    // The tests' calendar, not the wall clock: within the header's whole second.
    expect(Math.abs(dated - s.deps.now().getTime())).toBeLessThan(2_000);
  });

  it('in production: a script policy without unsafe-inline or unsafe-eval, no framing, nosniff, a referrer policy', async () => {
    const production = await startTestServer({ production: true });
    try {
      const response = await production.app.request(`${ORIGIN}/api/auth/session`);
      const csp = response.headers.get('content-security-policy')!;
      expect(csp).toBe(CONTENT_SECURITY_POLICY);
      const scripts = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
      expect(scripts).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(csp).toMatch(/connect-src 'self'/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('cache-control')).toBe('no-store');
      // The session cookie is Secure in production.
      const b = await browser(production);
      const r = await b.json('POST', '/api/demo/sample-rental', {});
      expect(r.headers.getSetCookie().join(';')).toMatch(/Secure/);
    } finally {
      await production.close();
    }
  });

  it('a state-changing request from another origin, or with none, is refused (403); reading is not', async () => {
    const s = await server();
    const post = (origin?: string) =>
      s.app.request(`${ORIGIN}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
        body: JSON.stringify({ email: 'a@b.ae', password: 'whatever-1234' }),
      });
    expect((await post('https://evil.example')).status).toBe(403);
    expect(await (await post()).json()).toEqual({ error: 'origin' });
    expect((await post(ORIGIN)).status).toBe(401);
    expect((await s.app.request(`${ORIGIN}/api/auth/session`)).status).toBe(200);
  });

  it('the Origin is compared whole, against PUBLIC_ORIGIN: another scheme or port is refused; the request\'s Host and a proxy\'s forwarded host change nothing', async () => {
    const post = (app: TestServer['app'], origin: string, { url = ORIGIN, headers = {} }: { url?: string; headers?: Record<string, string> } = {}) =>
      app.request(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, ...headers },
        body: JSON.stringify({ email: 'a@b.ae', password: 'whatever-1234' }),
      });
    const s = await server();
    expect((await post(s.app, ORIGIN.replace('http:', 'https:'))).status).toBe(403);
    expect((await post(s.app, `${ORIGIN}:8080`)).status).toBe(403);
    // A request to another Host that says it comes from there: the Host is the sender's to write.
    expect((await post(s.app, 'http://evil.example', { url: 'http://evil.example' })).status).toBe(403);
    expect((await post(s.app, ORIGIN, { url: 'http://evil.example' })).status).toBe(401);
    const proxied = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' };
    const behindProxy = await startTestServer({ trustProxy: true, publicOrigin: 'https://movecar.ae' });
    try {
      expect((await post(behindProxy.app, 'https://movecar.ae', { headers: proxied })).status).toBe(401);
      expect((await post(behindProxy.app, 'https://evil.example', { headers: proxied })).status).toBe(403);
      expect((await post(behindProxy.app, 'http://movecar.ae')).status).toBe(403);
    } finally {
      await behindProxy.close();
    }
  });

  it('a body is limited before it is read (413), a malformed one is a 400 and not a server error; pages say which devices they use', async () => {
    const s = await server();
    const login = (body: string) =>
      s.app.request(`${ORIGIN}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body });
    const huge = JSON.stringify({ email: 'a@b.ae', password: 'x'.repeat(2 * 1024 * 1024) });
    const refused = await login(huge);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({ error: 'tooLarge' });
    const before = s.log.lines.length;
    const malformed = await login('{"email": "a@b.ae", ');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: 'invalid', fields: { _: 'invalid' } });
    expect(s.log.lines.slice(before).filter((line) => line.includes('"level":"error"'))).toEqual([]);
    const page = await s.app.request(`${ORIGIN}/api/auth/session`);
    expect(page.headers.get('permissions-policy')).toMatch(/camera=\(\).*geolocation=\(self\)/);
  });

  it('the sample people (managers, agents, admin, operator) of a database once started with DEMO=1 are locked when it starts without', async () => {
    const s = await startTestServer();
    try {
      const b = await browser(s);
      const logIn = () => b.api.logIn({ email: SAMPLE_MANAGER.email, password: SAMPLE_MANAGER.password, role: 'manager' });
      expect((await logIn()).ok).toBe(true);
      expect(await seed(s.deps.db, { ...s.config, demo: false })).toEqual({
        locked: [SAMPLE_MANAGER.email, SECOND_MANAGER.email, ...Object.values(SAMPLE_AGENTS).map((a) => a.email), SAMPLE_ADMIN.email, SAMPLE_OPERATOR.email],
      });
      const session = await b.api.session();
      expect(session.ok && session.body.user).toBeNull();
      const refused = await logIn();
      expect(!refused.ok && refused.body).toEqual({ error: 'wrongCredentials' });
      expect(await seed(s.deps.db, { ...s.config, demo: false })).toEqual({ locked: [] });
    } finally {
      await s.close();
    }
  });

  it('password work takes turns client by client: a flood from one client waits behind itself, past its share is refused (the answer held back a while), and a line too long refused at once', async () => {
    const started: string[] = [];
    const finish: Array<() => void> = [];
    const gate = hashingGate({ running: 1, perClient: 2, maxWaitMs: 60_000 });
    const hash = (client: string | null, name: string) =>
      gate(client, () => {
        started.push(name);
        return new Promise<string>((done) => finish.push(() => done(name)));
      });
    /** The one running finishes; the next in turn starts. */
    const next = async () => {
      finish.shift()!();
      await vi.waitFor(() => expect(finish).toHaveLength(1));
    };
    // An attacker's client: one running, two waiting, and the next refused at once, saying when to come back.
    const flood = [hash('203.0.113.9', 'a1'), hash('203.0.113.9', 'a2'), hash('203.0.113.9', 'a3')];
    const refused = await hash('203.0.113.9', 'a4').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HashingBusy);
    expect((refused as HashingBusy).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // Past its share, the answer is held back a while (a flood's loops are sent again the moment each is answered).
    expect((refused as HashingBusy).holdMs).toBeGreaterThan(0);
    expect((refused as HashingBusy).holdMs).toBeLessThanOrEqual(MAX_HOLD_MS);
    // Asked first, before a request does anything else: this client would be refused, another not.
    expect(gate.refuses('203.0.113.9')).toBeInstanceOf(HashingBusy);
    expect(gate.refuses('198.51.100.7')).toBeNull();
    // A real user from elsewhere arrives after the flood, and is next: before the attacker's waiting ones.
    const owner = hash('198.51.100.7', 'owner');
    await next();
    await next();
    expect(await owner).toBe('owner');
    await next();
    finish.shift()!();
    expect(await Promise.all(flood)).toEqual(['a1', 'a2', 'a3']);
    expect(started).toEqual(['a1', 'owner', 'a2', 'a3']);

    // Nobody is kept in line longer than the limit: past it, refused at once (even in-process, no address).
    const short = hashingGate({ running: 1, perClient: 100, maxWaitMs: 250 });
    const slow = (client: string | null) => short(client, () => new Promise((done) => setTimeout(done, 100)));
    const line = [slow(null), slow('192.0.2.1'), slow('192.0.2.2')];
    // Someone new refused for a line too long is told at once: it may be a real user.
    const refusedAtOnce = await slow('192.0.2.3').catch((error: unknown) => error);
    expect(refusedAtOnce).toBeInstanceOf(HashingBusy);
    expect((refusedAtOnce as HashingBusy).holdMs).toBe(0);
    await Promise.all(line);
    await expect(slow('192.0.2.3')).resolves.toBeUndefined();

    // The server, its line full: the log-in is told at once to come back, and nothing is recorded.
    const s = await startTestServer();
    try {
      const owner = await renter({}, s);
      const hashing = s.deps.hashing;
      s.deps.hashing = Object.assign(() => Promise.reject(new HashingBusy(1)), { refuses: () => new HashingBusy(1) });
      const b = await browser(s);
      const refused = await b.json('POST', '/api/auth/login', { email: owner.email, password: PASSWORD });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(await refused.json()).toEqual({ error: 'busy' });
      s.deps.hashing = hashing;
      expect((await b.api.logIn({ email: owner.email, password: PASSWORD, role: 'renter' })).ok).toBe(true);
    } finally {
      await s.close();
    }
  });

  it.skipIf(process.platform !== 'linux')(
    'passwords are hashed on threads below the server’s priority (a crowd’s steps go first), and check as before',
    async () => {
      const stored = await hashPassword('Secret-Passw0rd!', 2 ** 10);
      expect(await verifyPassword('Secret-Passw0rd!', stored)).toBe(true);
      expect(await verifyPassword('Secret-Passw0rd?', stored)).toBe(false);
      // The thread that hashed stays for the next hash, its nice value above this thread's.
      const threads = readdirSync('/proc/self/task').map((tid) => getPriority(Number(tid)));
      expect(threads.filter((nice) => nice > getPriority()).length).toBeGreaterThan(0);
    },
  );

  it('a known device goes ahead of every stranger waiting, with a share of its own; a newcomer goes next, then the networks asking least (a flood’s refused retries put it behind)', async () => {
    const started: string[] = [];
    const finish: Array<() => void> = [];
    const gate = hashingGate({ running: 1, perClient: 2, maxWaitMs: 650 });
    const hash = (client: string | null, name: string, known?: string) =>
      gate(
        client,
        () => {
          started.push(name);
          return new Promise<string>((done) => finish.push(() => done(name)));
        },
        known,
      );
    const next = async () => {
      finish.shift()!();
      await vi.waitFor(() => expect(finish).toHaveLength(1));
    };
    // A flood from three networks: one running, each with its two waiting.
    const flood = [hash('203.0.113.0/24', 'a1'), hash('203.0.113.0/24', 'a2'), hash('203.0.113.0/24', 'a3')];
    flood.push(hash('198.18.0.0/24', 'b1'), hash('198.18.0.0/24', 'b2'), hash('198.18.1.0/24', 'c1'), hash('198.18.1.0/24', 'c2'));
    // Its networks are refused more; one never seen would go first, so it is let in.
    expect(gate.refuses('203.0.113.0/24')).toBeInstanceOf(HashingBusy);
    expect(gate.refuses('198.18.0.0/24')).toBeInstanceOf(HashingBusy);
    expect(gate.refuses('192.0.2.0/24')).toBeNull();
    // A phone known for its account, behind the attacker's own network: not refused, and next.
    expect(gate.refuses('203.0.113.0/24', 'device d')).toBeNull();
    const known = [hash('203.0.113.0/24', 'd1', 'device d'), hash('203.0.113.0/24', 'd2', 'device d')];
    // Its share is its own, and kept: a third at once is refused.
    await expect(hash('203.0.113.0/24', 'd3', 'device d')).rejects.toBeInstanceOf(HashingBusy);
    // Eight waiting now (900 ms of work at 100 ms a hash, past the 650), but a network never seen has
    // asked least: let in, and next after the known ones, before every flooding network's first turn.
    const newcomer = hash('192.0.2.0/24', 'newcomer');
    for (let i = 0; i < 9; i++) await next();
    finish.shift()!();
    await Promise.all([...flood, ...known, newcomer]);
    // Then the networks by what they asked: c twice, b three times (one refused), a five (two refused).
    expect(started).toEqual(['a1', 'd1', 'd2', 'newcomer', 'c1', 'c2', 'b1', 'b2', 'a2', 'a3']);
  });

  it('a log-in from a browser its account signed in on goes ahead of a flood from its own network; without that cookie, or for another account, it is told to come back', async () => {
    const s = await startTestServer({ trustProxy: true });
    try {
      const network = { 'x-forwarded-for': '203.0.113.77' };
      const owner = await renter({}, s);
      const other = await renter({}, s);
      // The device cookie: only for the sign-in routes, out of the page's reach, for months.
      const written = (await owner.json('POST', '/api/auth/login', { email: owner.email, password: PASSWORD })).headers.getSetCookie().find((line) => line.startsWith('movecar_device='))!;
      expect(written).toMatch(/HttpOnly/i);
      expect(written).toMatch(/Path=\/api\/auth/);
      expect(written).toMatch(/Max-Age=15552000/);
      const gate = hashingGate({ running: 1, perClient: 1, maxWaitMs: 60_000 });
      const started: string[] = [];
      let release = () => {};
      s.deps.hashing = Object.assign(
        <T,>(client: string | null, work: () => Promise<T>, known?: string | null) =>
          gate(client, () => (started.push(known ? 'known device' : `stranger ${client}`), work()), known),
        { refuses: gate.refuses },
      );
      // The attacker's network: one hash running (held), its one waiting.
      const held = gate('203.0.113.0/24', () => new Promise<void>((done) => (release = done)));
      const waiting = s.deps.hashing('203.0.113.0/24', async () => 'flood');
      const logIn = (b: { request: typeof owner.request }, email: string) =>
        b.request('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json', ...network }, body: JSON.stringify({ email, password: PASSWORD, role: 'renter' }) });
      // A browser without the cookie, from that network: at once, come back later.
      const stranger = await logIn(await browser(s), owner.email);
      expect(stranger.status).toBe(429);
      expect(await stranger.json()).toEqual({ error: 'busy' });
      // The owner's phone knows the device only for the owner: the other account's e-mail is a stranger's.
      expect((await logIn(owner, other.email)).status).toBe(429);
      const signingIn = logIn(owner, owner.email);
      // In the known lane (its share of one taken), before the held hash ends.
      const device = `device ${hashToken(owner.tab.jar.get('movecar_device')!)}`;
      await vi.waitFor(() => expect(gate.refuses('203.0.113.0/24', device)).toBeInstanceOf(HashingBusy));
      release();
      await held;
      expect(await waiting).toBe('flood');
      const answer = await signingIn;
      expect(answer.status).toBe(200);
      expect(started).toEqual(['known device', 'stranger 203.0.113.0/24']);
    } finally {
      await s.close();
    }
  });

  it('a log-in waiting for its turn has written nothing: its lock is read and its attempt counted once its turn comes', async () => {
    const s = await startTestServer({ trustProxy: true });
    try {
      const owner = await renter({}, s);
      const gate = hashingGate({ running: 1, perClient: 1, maxWaitMs: 60_000 });
      s.deps.hashing = gate;
      let release = () => {};
      const held = gate('203.0.113.0/24', () => new Promise<void>((done) => (release = done)));
      const b = await browser(s);
      const counts = () => s.deps.db.select().from(schema.loginThrottle).where(like(schema.loginThrottle.key, '%198.18.7.0/24'));
      const answer = b.request('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.18.7.9' },
        body: JSON.stringify({ email: owner.email, password: 'not-the-password', role: 'renter' }),
      });
      // In line behind the held hash (its share of one taken): a flood let in at once would otherwise run
      // its statements all together.
      await vi.waitFor(() => expect(gate.refuses('198.18.7.0/24')).toBeInstanceOf(HashingBusy));
      expect(await counts()).toEqual([]);
      release();
      await held;
      expect((await answer).status).toBe(401);
      expect((await counts()).map((row) => row.failures)).toEqual([1, 1]);
    } finally {
      await s.close();
    }
  });

  it('a client is its network: an IPv4 address its /24, an IPv6 address its /64, an IPv4-mapped one its /24', () => {
    expect(addressGroup('203.0.113.9')).toBe('203.0.113.0/24');
    expect(addressGroup('203.0.113.250')).toBe('203.0.113.0/24');
    expect(addressGroup('::ffff:198.51.100.7')).toBe('198.51.100.0/24');
    expect(addressGroup('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3:8d3::/64');
    expect(addressGroup('2001:db8:85a3:8d3::1')).toBe('2001:db8:85a3:8d3::/64');
    expect(addressGroup('2001:DB8::8a2e:370:7348')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('one client may not fill the disk: its registrations and their documents are counted per hour (429 past them), and documents never take the last free space of the disk (507)', async () => {
    const HOUR = 60 * 60 * 1000;
    const s = await startTestServer({ trustProxy: true, registrationAllowance: { count: 2, bytes: 1024 * 1024, windowMs: HOUR } });
    try {
      const register = (address: string, name: string, padding = 0) => {
        const form = new FormData();
        const fields = { fullName: 'Mariam Al Suwaidi', email: `${name}+${Date.now().toString(36)}@example.ae`, phone: '050 123 4567', password: PASSWORD, confirmPassword: PASSWORD, emiratesId: '784-1990-1234567-6', emiratesIdExpiry: '2031-01-31', licenceExpiry: '2030-06-30', termsAccepted: 'true' };
        for (const [key, value] of Object.entries(fields)) form.append(key, value);
        const png = new Uint8Array(PNG.byteLength + padding);
        png.set(PNG);
        form.append('emiratesIdFile', new File([png], 'id.png', { type: 'image/png' }));
        form.append('emiratesIdBackFile', new File([png], 'id-back.png', { type: 'image/png' }));
        form.append('licenceFile', new File([PDF], 'licence.pdf', { type: 'application/pdf' }));
        return s.app.request(`${ORIGIN}/api/auth/register`, { method: 'POST', headers: { origin: ORIGIN, 'x-forwarded-for': address }, body: form });
      };
      const stored = () => readdirSync(join(s.dataDir, 'uploads')).length;
      const users = async () => (await s.deps.db.select().from(schema.users)).length;
      expect((await register('203.0.113.9', 'first')).status).toBe(201);
      expect((await register('203.0.113.9', 'second')).status).toBe(201);
      const before = { files: stored(), users: await users() };
      // Another address of the same network (a /24) is the same client.
      const third = await register('203.0.113.200', 'third');
      expect(third.status).toBe(429);
      expect(await third.json()).toMatchObject({ error: 'tooMany' });
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(HOUR / 1000 - 60);
      expect({ files: stored(), users: await users() }).toEqual(before);
      // Another client is not held back by this one.
      expect((await register('198.51.100.7', 'elsewhere')).status).toBe(201);
      expect((await register('203.0.114.9', 'next-network')).status).toBe(201);
      // Bytes count too: two documents of 600 KB are past 1 MB at once.
      expect((await register('192.0.2.44', 'large', 600 * 1024)).status).toBe(429);
      // An hour later the client starts again.
      const later = new Date(Date.now() + HOUR + 1000);
      expect(await spend(s.deps.db, 'registration', '203.0.113.0/24', 10, s.config.registrationAllowance, later)).toEqual({ ok: true });

      // A disk with no room above the floor: refused before anything is written, nothing kept.
      s.deps.documents = fileDocumentStore(join(s.dataDir, 'uploads'), Number.MAX_SAFE_INTEGER);
      const full = { files: stored(), users: await users() };
      const refused = await register('198.18.0.45', 'full');
      expect(refused.status).toBe(507);
      expect(await refused.json()).toEqual({ error: 'storageFull' });
      expect({ files: stored(), users: await users() }).toEqual(full);
    } finally {
      await s.close();
    }
  });

  it('a registration is refused before its body is read: a client past its allowance, and one past the bytes the instance reads at once', async () => {
    const HOUR = 60 * 60 * 1000;
    const s = await startTestServer({ trustProxy: true, registrationAllowance: { count: 1, bytes: 1024 * 1024, windowMs: HOUR }, registrationReadBytes: REGISTRATION_BODY_MAX });
    /** A registration whose body never ends until told: answered while it is open only if nothing read it. */
    const endless = (address: string) => {
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
          c.enqueue(new TextEncoder().encode('--x\r\ncontent-disposition: form-data; name="fullName"\r\n\r\nMariam'));
        },
      });
      const answer = s.app.request(`${ORIGIN}/api/auth/register`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'x-forwarded-for': address, 'content-type': 'multipart/form-data; boundary=x' },
        body,
        duplex: 'half',
      } as RequestInit);
      return { answer, end: () => controller.close() };
    };
    try {
      // A client that has registered its allowance already is answered at once, its body unread.
      await spend(s.deps.db, 'registration', '203.0.113.0/24', 10, s.config.registrationAllowance, new Date());
      const spent = endless('203.0.113.9');
      const over = await spent.answer;
      expect(over.status).toBe(429);
      expect(await over.json()).toMatchObject({ error: 'tooMany' });
      spent.end();
      // One body sent without its size (slowly) may be the largest: it fills what this instance reads at
      // once, and the next is told to try again, its body unread.
      const slow = endless('198.51.100.7');
      await vi.waitFor(async () => {
        const next = endless('192.0.2.8');
        const answer = await Promise.race([next.answer, new Promise<null>((done) => setTimeout(() => done(null), 200))]);
        next.end();
        expect(answer?.status).toBe(429);
        expect(await answer!.json()).toEqual({ error: 'busy' });
      });
      // Once it ends (a body that is not a form: 400), there is room again.
      slow.end();
      expect((await slow.answer).status).toBe(400);
      const after = endless('192.0.2.9');
      after.end();
      expect((await after.answer).status).toBe(400);
    } finally {
      await s.close();
    }
  });

  it('housekeeping removes what expired (sessions, UAE PASS requests, log-in counts that no longer count, old links and invitations, finished imports\' files, devices unused for their cookie\'s life) and nothing else', async () => {
    const s = await startTestServer();
    try {
      const { db } = s.deps;
      const now = new Date();
      const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
      const [user] = await db.insert(schema.users).values({ email: `tidy+${Date.now().toString(36)}@example.ae`, role: 'renter', fullName: 'Tidy' }).returning();
      await db.insert(schema.sessions).values([
        { id: 'expired-session', userId: user!.id, expiresAt: ago(1) },
        { id: 'live-session', userId: user!.id, expiresAt: ago(-60) },
      ]);
      const request = { codeVerifier: 'v', nonce: 'n', lang: 'en' };
      await db.insert(schema.uaePassRequests).values([
        { ...request, state: 'old-state', expiresAt: ago(1) },
        { ...request, state: 'new-state', expiresAt: ago(-5) },
      ]);
      await db.insert(schema.loginThrottle).values([
        { key: 'stale a@b.ae 192.0.2.1', failures: 2, lastFailureAt: ago(90) },
        { key: 'locked a@b.ae 192.0.2.2', failures: 8, lastFailureAt: ago(90), lockedUntil: ago(-5) },
        { key: 'recent a@b.ae 192.0.2.3', failures: 2, lastFailureAt: ago(5) },
      ]);
      await db.insert(schema.clientUsage).values([
        { key: 'registration 192.0.2.1', windowStart: ago(61), count: 10, bytes: 1 },
        { key: 'registration 192.0.2.2', windowStart: ago(5), count: 10, bytes: 1 },
      ]);
      await db.insert(schema.passwordResets).values([
        { tokenHash: `old-link-${Date.now()}`, userId: user!.id, expiresAt: ago(61) },
        { tokenHash: `new-link-${Date.now()}`, userId: user!.id, expiresAt: ago(-30) },
      ]);
      const mail = { subject: 's', text: 't', html: 'h', nextAttemptAt: ago(0) };
      await db.insert(schema.mailOutbox).values([
        { ...mail, to: 'sent-long-ago@example.ae', sentAt: ago(25 * 60) },
        { ...mail, to: 'sent-now@example.ae', sentAt: ago(1) },
        { ...mail, to: 'waiting@example.ae' },
      ]);
      const DAY_MINUTES = 24 * 60;
      const tag = Date.now().toString(36);
      await db.insert(schema.emailVerifications).values([
        { tokenHash: `old-confirmation-${tag}`, userId: user!.id, email: user!.email, lang: 'en', expiresAt: ago(DAY_MINUTES + 1) },
        { tokenHash: `new-confirmation-${tag}`, userId: user!.id, email: user!.email, lang: 'en', expiresAt: ago(-60) },
      ]);
      const change = { userId: user!.id, oldEmail: 'was@example.ae', newEmail: user!.email, lang: 'en' as const };
      await db.insert(schema.emailChanges).values([
        { ...change, tokenHash: `old-undo-${tag}`, expiresAt: ago(DAY_MINUTES + 1) },
        { ...change, tokenHash: `new-undo-${tag}`, expiresAt: ago(-60) },
      ]);
      const invitation = { companyId: 'elite-auto', role: 'agent' as const, lang: 'en' as const };
      await db.insert(schema.staffInvitations).values([
        { ...invitation, tokenHash: `lapsed-${tag}`, email: 'lapsed@example.ae', expiresAt: ago(31 * DAY_MINUTES) },
        { ...invitation, tokenHash: `used-${tag}`, email: 'used@example.ae', expiresAt: ago(2 * DAY_MINUTES), usedAt: ago(3 * DAY_MINUTES) },
      ]);
      await db.insert(schema.resetAsks).values([
        { email: `asked-yesterday-${tag}@example.ae`, lang: 'en', createdAt: ago(DAY_MINUTES + 1) },
        { email: `asked-now-${tag}@example.ae`, lang: 'en', createdAt: ago(1) },
      ]);
      await db.insert(schema.knownDevices).values([
        { tokenHash: `device-gone-${tag}`, userId: user!.id, lastSignInAt: ago(181 * DAY_MINUTES) },
        { tokenHash: `device-used-${tag}`, userId: user!.id, lastSignInAt: ago(179 * DAY_MINUTES) },
      ]);
      const job = { companyId: 'elite-auto', csv: 'code,plate\n1,A 1', receivedAt: ago(40 * DAY_MINUTES), total: 1, report: emptyReport([{ line: 2, reason: 'kept' }] as never) };
      const [oldJob, recentJob] = await db
        .insert(schema.importJobs)
        .values([
          { ...job, status: 'done', finishedAt: ago(31 * DAY_MINUTES) },
          { ...job, status: 'done', finishedAt: ago(DAY_MINUTES) },
        ])
        .returning();
      expect(await housekeeping(db, s.deps.documents, now)).toMatchObject({
        uaePassRequests: 1,
        loginCounts: 1,
        clientUsage: 1,
        passwordResets: 1,
        mail: 1,
        emailConfirmations: 1,
        emailChanges: 1,
        staffInvitations: 1,
        importFiles: 1,
        resetAsks: 1,
        knownDevices: 1,
      });
      const tokens = async <T extends { tokenHash: string }>(rows: Promise<T[]>) => (await rows).map((r) => r.tokenHash).filter((t) => t.endsWith(tag)).sort();
      expect(await tokens(db.select().from(schema.emailVerifications))).toEqual([`new-confirmation-${tag}`]);
      expect(await tokens(db.select().from(schema.staffInvitations))).toEqual([`used-${tag}`]);
      expect(await tokens(db.select().from(schema.emailChanges))).toEqual([`new-undo-${tag}`]);
      expect(await tokens(db.select().from(schema.knownDevices))).toEqual([`device-used-${tag}`]);
      expect((await db.select().from(schema.resetAsks)).map((r) => r.email)).toEqual([`asked-now-${tag}@example.ae`]);
      const jobs = await db.select().from(schema.importJobs).where(inArray(schema.importJobs.id, [oldJob!.id, recentJob!.id]));
      // The old one keeps its report, not its file; the recent one both.
      expect(Object.fromEntries(jobs.map((j) => [j.id, j.csv]))).toEqual({ [oldJob!.id]: '', [recentJob!.id]: job.csv });
      expect(jobs.every((j) => j.report.rejected.length === 1)).toBe(true);
      expect((await db.select().from(schema.passwordResets)).map((r) => r.tokenHash)).toEqual([expect.stringMatching(/^new-link/)]);
      expect((await db.select().from(schema.mailOutbox)).map((r) => r.to).sort()).toEqual(['sent-now@example.ae', 'waiting@example.ae']);
      expect((await db.select().from(schema.clientUsage)).map((r) => r.key)).toEqual(['registration 192.0.2.2']);
      expect((await db.select().from(schema.sessions)).map((r) => r.id)).not.toContain('expired-session');
      expect((await db.select().from(schema.sessions)).map((r) => r.id)).toContain('live-session');
      expect((await db.select().from(schema.uaePassRequests)).map((r) => r.state)).toEqual(['new-state']);
      expect((await db.select().from(schema.loginThrottle)).map((r) => r.key).sort()).toEqual(['locked a@b.ae 192.0.2.2', 'recent a@b.ae 192.0.2.3']);
    } finally {
      await s.close();
    }
  });

  it('a production database (DEMO off) gets no sample company, car, contract or person; MANAGER_EMAIL says it had no company to join', async () => {
    const dataDir = scratchDir('movecar-fresh-');
    const fresh = await openDatabase({ dataDir });
    try {
      const config = { ...readConfig({ DATA_DIR: dataDir }), scryptCost: 1024, operator: { email: 'ops@example.ae', password: 'palm-grove-2026' } };
      expect(await seed(fresh.db, config)).toEqual({ locked: [] });
      for (const table of [schema.companies, schema.cars, schema.contracts]) expect(await fresh.db.select().from(table)).toEqual([]);
      // The operator named at start, and nobody else.
      expect((await fresh.db.select({ email: schema.users.email, role: schema.users.role }).from(schema.users))).toEqual([{ email: 'ops@example.ae', role: 'operator' }]);
      expect(await seed(fresh.db, { ...config, manager: { email: 'boss@example.ae', password: 'palm-grove-2026' } })).toEqual({ locked: [], managerSkipped: true });
      expect(await fresh.db.select().from(schema.users).where(eq(schema.users.email, 'boss@example.ae'))).toEqual([]);
    } finally {
      await fresh.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('instances starting together seed once: the manager of MANAGER_EMAIL is made once, and none fails', async () => {
    const s = await server();
    // Hashing at a real cost, as at start: the time between one instance's look and its insert.
    const config = { ...s.config, scryptCost: 2 ** 15, manager: { email: `boss+${Date.now().toString(36)}@movecar.ae`, password: 'palm-grove-2026' } };
    await Promise.all([seed(s.deps.db, config), seed(s.deps.db, config), seed(s.deps.db, config)]);
    const rows = await s.deps.db.select().from(schema.users).where(eq(schema.users.email, config.manager.email));
    expect(rows).toHaveLength(1);
  });

  it('an unknown address is a JSON 404; a failure is a JSON 500 that says nothing of the internals', async () => {
    const broken = await startTestServer();
    const b = await browser(broken);
    expect(await (await b.request('/api/nowhere')).json()).toEqual({ error: 'notFound' });
    await broken.database.close(); // the database goes away under the server
    const response = await b.json('POST', '/api/auth/login', { email: 'a@b.ae', password: 'whatever-1234' });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'server' });
    expect(text).not.toMatch(/at |\.ts|PGlite|stack/i);
    broken.database.close = async () => undefined;
    await broken.close();
  });
});

describe('no secret is kept', () => {
  it('after a whole journey (the card typed on the provider’s page), no table, log line or stored file holds the password, the card number or the CVV', async () => {
    const s = await server();
    const password = 'saffron-harbour-77';
    // A Mastercard that passes the Luhn check (the stand-in approves it), typed on the provider's page with its own expiry and CVC.
    const card = { number: '5555 3412 4444 1115', expiry: '11/30', cvv: '987' };
    const r = await renter({ password });
    for (const event of [
      { type: 'contract.acceptTerms' },
      { type: 'contract.verifyIdentity' },
      { type: 'contract.sign', signature: 'Mariam Al Suwaidi' },
      { type: 'contract.proceed' },
      { type: 'payment.submit', consent: true },
    ])
      expect((await walk(r, event)).ok, event.type).toBe(true);
    const paid = await fetch(contextOf(r.journey()).paymentSession!.url, {
      method: 'POST',
      body: new URLSearchParams({ number: card.number, expiry: card.expiry, cvc: card.cvv, name: 'Mariam' }),
      redirect: 'manual',
    });
    const back = new URL(paid.headers.get('location')!);
    await r.request(`${back.pathname}${back.search}`, { redirect: 'manual' });
    await r.refresh();
    for (const event of [
      { type: 'payment.proceed' },
      { type: 'pickup.confirm' },
      { type: 'rental.extend', days: 1 },
      { type: 'rental.confirmExtension' },
      { type: 'return.start' },
      // The counter checks the car in (walk), the renter accepts: the deposit is settled.
      { type: 'return.accept' },
      { type: 'return.finish' },
    ])
      expect((await walk(r, event)).ok, event.type).toBe(true);
    const again = await browser();
    await again.api.logIn({ email: r.email, password: 'wrong-password-1', role: 'renter' });
    await again.api.logIn({ email: r.email, password, role: 'renter' });

    const tables = [];
    for (const table of Object.values(schema)) tables.push(await s.deps.db.select().from(table as never));
    const everything = JSON.stringify(tables) + '\n' + s.log.lines.join('\n');
    expect(everything).toContain('"last4":"1115"'); // the search does look at real records
    expect(everything).toContain(r.email.toLowerCase());
    expect(everything).not.toContain(password);
    expect(everything).not.toContain('5555341244441115');
    expect(everything).not.toContain('5555 3412 4444 1115');
    expect(everything).not.toMatch(/"cvv"|"cvc"|"987"/);
    // The expiry is known only as the provider reports its saved card, for Account to show: on that row alone.
    expect(everything.split('11/30').length - 1).toBe(1);
    expect(JSON.stringify(tables.find((rows) => JSON.stringify(rows).includes('11/30')))).toContain('"brand":"mastercard"');
  });
});
