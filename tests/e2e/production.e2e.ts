// The production server as a platform runs it: `npm start` is Node on the compiled server; SIGTERM
// lets the requests in flight finish and refuses new ones; WEB_CONCURRENCY runs several processes on
// one port (PostgreSQL), replaces one that dies, and stops them all on SIGTERM.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { en } from '../../src/i18n/en';
import { DRAIN_MS } from '../../server/main';
import { chromiumPath, launch, phonePage } from './browser';
import { freePort, postgresUrl, seededDataDir, startProduction, stop, withDatabase, type Production } from './production';
import { scratchDir } from '../support/scratch';
import { KEYS, startProvider } from './provider';

if (chromiumPath && !postgresUrl)
  console.warn('*** TEST_DATABASE_URL is not set: WEB_CONCURRENCY on PostgreSQL was NOT tested.');

/** A raw HTTP request whose body is sent in two parts, `pause` ms apart: a request in flight. */
function slowRequest(port: number, pause: Promise<unknown>) {
  const body = JSON.stringify({
    email: 'nobody@movecar.test',
    password: 'not-the-password-2026',
    role: 'renter',
  });
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString()));
  const answered = new Promise<string>((resolve, reject) => {
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
  const head = [
    'POST /api/auth/login HTTP/1.1',
    `Host: 127.0.0.1:${port}`,
    `Origin: http://127.0.0.1:${port}`,
    'Content-Type: application/json',
    `Content-Length: ${body.length}`,
  ].join('\r\n');
  socket.write(`${head}\r\n\r\n${body.slice(0, 10)}`);
  void pause.then(() => socket.write(body.slice(10)));
  return answered;
}

const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

const waitFor = async (what: () => boolean | Promise<boolean>, ms = 20_000) => {
  const until = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** The processes the server started (node:cluster's workers are its children). */
const childrenOf = (pid: number) =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // "pid (name) state ppid …": the name may hold spaces, so read after its closing parenthesis.
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);

describe.skipIf(!chromiumPath)('the production server as a platform runs it', () => {
  const started: Production[] = [];
  const dirs: string[] = [];
  // Empty, as a new install starts; `seeded`: a copy of the run's migrated database (quicker to start).
  const dataDir = (seeded = false) => {
    const dir = seeded ? seededDataDir('movecar-production-') : scratchDir('movecar-production-');
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    for (const server of started.splice(0)) if (server.child.exitCode === null) await stop(server);
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('runs as plain Node and, on SIGTERM, answers the request in flight, refuses new connections and exits 0', async () => {
    const port = await freePort();
    const server = await startProduction(port, dataDir());
    started.push(server);

    let sendTheRest!: () => void;
    const answered = slowRequest(port, new Promise<void>((resolve) => (sendTheRest = resolve)));
    // The request has begun (its headers and part of its body are in) when the platform stops the server.
    await new Promise((r) => setTimeout(r, 300));
    server.child.kill('SIGTERM');
    await waitFor(() => server.output().includes('stopping'));
    expect(await canConnect(port)).toBe(false);
    sendTheRest();
    // The log-in is answered (an unknown e-mail: 401), not cut, and its connection closed with it.
    const answer = await answered;
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 401 Unauthorized');
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(await server.exited).toBe(0);
  });

  it('on SIGTERM with a renter\'s page open (its live stream, the service worker\'s fetches), stops at once instead of waiting out the drain', async () => {
    const port = await freePort();
    const server = await startProduction(port, dataDir(true));
    started.push(server);
    const browser = await launch();
    try {
      const { page } = await phonePage(browser, { wallClock: true });
      const streaming = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/live');
      await page.goto(`http://127.0.0.1:${port}/`);
      await page.getByRole('button', { name: en.index.loadSample }).click();
      await page.waitForURL('**/car-pickup');
      // The live stream is open (its headers are in; it goes on).
      expect((await streaming).status()).toBe(200);
      const stopping = Date.now();
      expect(await stop(server)).toBe(0);
      // The page's connections, kept alive and busy, each closed with its answer: the requests in
      // flight were given DRAIN_MS (10 s), and none needed it.
      expect(Date.now() - stopping).toBeLessThan(DRAIN_MS / 2);
    } finally {
      await browser.close();
    }
  });

  it('refuses to start in production without PUBLIC_ORIGIN (where links point), and says what to set', async () => {
    const port = await freePort();
    await expect(startProduction(port, dataDir(true), { PUBLIC_ORIGIN: undefined })).rejects.toThrow(
      /stopped \(1\)[\s\S]*PUBLIC_ORIGIN: required in production/,
    );
  });

  it('a second server on the same DATA_DIR (PGlite) refuses to start and names the first, which serves on; the data opens at the next start', async () => {
    const dir = dataDir(true);
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const first = await startProduction(port, dir);
    started.push(first);
    const sample = await fetch(`${origin}/api/demo/sample-rental`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(sample.status).toBe(201);
    const cookie = sample.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const signedIn = async () => ((await (await fetch(`${origin}/api/auth/session`, { headers: { cookie } })).json()) as { user: unknown }).user;
    expect(await signedIn()).not.toBeNull();

    await expect(startProduction(await freePort(), dir)).rejects.toThrow(
      new RegExp(`stopped \\(1\\)[\\s\\S]*open in process ${first.child.pid} .*DATABASE_URL`),
    );
    // The first never noticed: it serves, and its renter is still signed in.
    expect(await signedIn()).not.toBeNull();
    expect(await stop(first)).toBe(0);
    const again = await startProduction(port, dir);
    started.push(again);
    expect(await signedIn()).not.toBeNull();
  });

  it('with WEB_CONCURRENCY=2 on PGlite runs one process and says why', async () => {
    const port = await freePort();
    const server = await startProduction(port, dataDir(true), { WEB_CONCURRENCY: '2' });
    started.push(server);
    expect(server.output()).toContain('WEB_CONCURRENCY=2 needs DATABASE_URL');
    expect(childrenOf(server.child.pid!)).toEqual([]);
    expect((await fetch(`http://127.0.0.1:${port}/api/cars/search`)).status).toBe(400);
  });

  it.skipIf(!postgresUrl)(
    'with WEB_CONCURRENCY=2 on PostgreSQL serves from two processes, replaces one that dies and stops both on SIGTERM',
    async () => {
      await withDatabase('movecar_cluster', async (url) => {
        const port = await freePort();
        // Both seed at once, the manager of MANAGER_EMAIL included (once one exited on a duplicate key).
        const manager = { MANAGER_EMAIL: 'ops@movecar.test', MANAGER_PASSWORD: 'two-processes-2026' };
        // Several processes share one payment provider, as they share one database: the stand-in as a
        // process of its own, with the keys a Stripe test account would give (the in-process one cannot).
        const provider = await startProvider(`http://127.0.0.1:${port}`);
        onTestFinished(() => provider.stop());
        const server = await startProduction(
          port,
          dataDir(),
          { WEB_CONCURRENCY: '2', DATABASE_URL: url, ...manager, ...KEYS, STRIPE_API_ORIGIN: provider.origin },
          2,
        );
        started.push(server);
        const workers = childrenOf(server.child.pid!);
        expect(workers).toHaveLength(2);
        // Both migrated and seeded the one database, and both serve.
        const search = await Promise.all(
          Array.from({ length: 8 }, () => fetch(`http://127.0.0.1:${port}/api/cars/search`)),
        );
        expect(search.map((r) => r.status)).toEqual(Array(8).fill(400));

        // A process killed outright is replaced; the port serves throughout.
        process.kill(workers[0]!, 'SIGKILL');
        await waitFor(() => {
          const now = childrenOf(server.child.pid!);
          return now.length === 2 && !now.includes(workers[0]!);
        });
        await waitFor(() => server.output().split('Move car on').length - 1 === 3);
        expect((await fetch(`http://127.0.0.1:${port}/api/cars/search`)).status).toBe(400);

        expect(await stop(server)).toBe(0);
        expect(server.output().split('"message":"stopping').length - 1).toBe(2);
        expect(await canConnect(port)).toBe(false);
      });
    },
  );
});
