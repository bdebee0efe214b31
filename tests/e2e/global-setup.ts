import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { setPriority } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { readConfig } from '../../server/config';
import { startServer } from '../../server/main';
import { startLocalMailbox, type LocalMailbox } from '../../server/mail/local';
import { REGISTRATION_ALLOWANCE } from '../../server/auth/usage';
import { testClockOffset } from '../support/clock';
import { freePort } from '../support/port';
import { scratchCopy } from '../support/scratch';
import { pgliteTemplate } from '../support/template';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * Where a test file leases a production server of its own while it runs (tests/e2e/browser.ts):
     * the files run `maxWorkers` at a time, each on its own server; empty when the browser tests are
     * skipped.
     */
    serverLeases: string;
    /** Path of the Chromium binary; empty when none was found. */
    chromium: string;
    /** The built app, for tests that start a server of their own (a restart). */
    distDir: string;
    /** The compiled server (`npm start` runs its main.js), for those tests. */
    serverDir: string;
    /** The servers' clock minus the wall clock, ms (the tests' calendar, tests/support/clock.ts). */
    clockOffset: number;
  }
}

export const OUT_DIR = 'tests/e2e/output/dist';
export const SERVER_OUT_DIR = 'tests/e2e/output/dist-server';
// vite's package exports hide bin/, so resolve it from the package.json next to it.
const VITE = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');

/**
 * Builds the app once and starts the production server on it (NODE_ENV=production headers and
 * cookies, PGlite in a folder of its own, the demo shortcuts on, the local UAE PASS stand-in).
 */
export default async function setup(project: TestProject) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    const message = `Chromium not found at ${chromium}: the browser tests did NOT run.`;
    // CI must never pass without them (.ci/run installs Debian's chromium and sets REQUIRE_CHROMIUM).
    if (process.env.CI || process.env.REQUIRE_CHROMIUM) throw new Error(message);
    console.warn(`\n*** ${message}\n*** Install it with: apt-get install chromium (or set CHROMIUM_PATH)\n`);
    project.provide('chromium', '');
    project.provide('serverLeases', '');
    project.provide('distDir', '');
    project.provide('serverDir', '');
    project.provide('clockOffset', 0);
    return;
  }

  // Which browser these results are from (its rendering and loading change between versions).
  const version = execFileSync(chromium, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  console.log(`\nBrowser tests on ${version} (${chromium})\n`);

  // The build runs while the other projects' tests do (the browser tests come last,
  // sequence.groupOrder), at the lowest priority, on what they leave of the cores; the servers start
  // when the first browser test file asks for one (leaseServer). Made here, before any test ran, they
  // held the whole run up by about 25 s; started beside the screens' tests, the servers' PGlite work
  // in this process (the one that serves the tests their modules) slowed those by a fifth.
  const offset = testClockOffset();
  const workers = Number(project.config.maxWorkers);
  const built = buildApp();
  built.catch(() => {}); // reported to every file that leases
  let ready: Promise<{ mailbox: LocalMailbox; servers: Awaited<ReturnType<typeof clockedServer>>[] }> | undefined;
  const start = () =>
    (ready ??= built.then(async () => {
      // E-mails go to the local mail stand-in; the tests read them through the demo's /api/demo/mail.
      const mailbox = await startLocalMailbox();
      // A server for each file running: a test may move its server's clock (a car handed over at its
      // booked time) or change a car, with no other file watching.
      const servers = await Promise.all(Array.from({ length: workers }, () => clockedServer(offset, mailbox)));
      return { mailbox, servers };
    }));
  const leases = leaseServer(() => start().then(({ servers }) => servers.map(({ url, clockControl }) => ({ baseURL: url, clockControl }))));
  await new Promise<void>((done) => leases.listen(0, '127.0.0.1', done));
  // The tests' calendar (tests/support/clock.ts): where the servers' clocks and the pages' start.
  project.provide('clockOffset', offset);
  project.provide('serverLeases', `http://127.0.0.1:${(leases.address() as AddressInfo).port}/`);
  project.provide('chromium', chromium);
  project.provide('distDir', resolve(OUT_DIR));
  project.provide('serverDir', resolve(SERVER_OUT_DIR));
  return async () => {
    leases.close();
    await built.catch(() => null);
    const made = await ready?.catch(() => null); // a failed start was reported to every file that leased
    if (!made) return;
    await Promise.all(made.servers.map((server) => server.close()));
    await made.mailbox.close();
  };
}

/** The app and its server as `npm run build` makes them, in OUT_DIR and SERVER_OUT_DIR. */
async function buildApp() {
  if (process.env.E2E_FROM_BUILD) {
    // .ci/run has just run `npm run build` (the same two builds as below): a copy of it, which the
    // tests may change (a deploy while a page is open), saves building it again.
    rmSync(OUT_DIR, { recursive: true, force: true });
    rmSync(SERVER_OUT_DIR, { recursive: true, force: true });
    cpSync('dist', OUT_DIR, { recursive: true });
    cpSync('dist-server', SERVER_OUT_DIR, { recursive: true });
    return;
  }
  // Built in a child process: Vitest's NODE_ENV=test would otherwise bundle React's development build
  // and dev JSX runtime. The browser tests check what ships. Then the server, compiled as `npm run
  // build` compiles it (vite.server.config.ts).
  await vite(['build', '--outDir', OUT_DIR, '--emptyOutDir', '--logLevel', 'warn']);
  await vite(['build', '--config', 'vite.server.config.ts', '--outDir', SERVER_OUT_DIR, '--logLevel', 'error']);
}

const vite = (args: string[]) =>
  new Promise<void>((done, fail) => {
    const child = spawn(process.execPath, [VITE, ...args], { env: { ...process.env, NODE_ENV: 'production' }, stdio: 'inherit' });
    if (child.pid) setPriority(child.pid, 19);
    child.once('error', fail);
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`vite ${args.join(' ')} exited with ${code}`))));
  });

/** A server as a test file leases it: its address, and where its clock is moved. */
export type Leased = { baseURL: string; clockControl: string };

/**
 * Hands each request a free server (its address and clock control, one line of JSON) and keeps the
 * answer open: the server is the file's until the connection closes (the file ends, or its process
 * does), then goes to the next file waiting. (Vitest's VITEST_POOL_ID is not one per file running:
 * a worker the API tests share keeps its number, and two browser files got the same one.) The first
 * request starts the servers (`start`) and the requests wait for them; when they cannot be made (the
 * build failed), each is told why.
 */
function leaseServer(start: () => Promise<Leased[]>) {
  const free: Leased[] = [];
  let filled: Promise<void> | undefined;
  const waiting: Array<(server: Leased) => void> = [];
  const release = (server: Leased) => {
    const next = waiting.shift();
    if (next) next(server);
    else free.push(server);
  };
  return createServer((_req, res) => (filled ??= start().then((servers) => void free.push(...servers))).then(() => {
    const hand = (server: Leased) => {
      if (res.destroyed) return release(server); // gave up waiting
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(`${JSON.stringify(server)}\n`);
      res.once('close', () => release(server));
    };
    const server = free.pop();
    if (server) hand(server);
    else waiting.push(hand);
  }, (error: unknown) => res.writeHead(500).end(`The browser tests' servers could not be made: ${String(error)}`)));
}

/**
 * The production app in this process on a clock of its own (`offset` from the wall clock, moved by a
 * POST of a new offset to `clockControl`), with PGlite in a folder of its own: a copy of the run's
 * migrated and seeded database (tests/support/template.ts), as the servers the tests start have.
 */
async function clockedServer(offset: number, mailbox: LocalMailbox) {
  const dataDir = scratchCopy(await pgliteTemplate(), 'movecar-e2e-');
  const port = await freePort();
  const config = {
    ...readConfig({ NODE_ENV: 'production', DEMO: '1', PORT: String(port), PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, UAEPASS_LOCAL_PORT: '0' }),
    scryptCost: 2 ** 12, // the tests register many renters; production keeps the full cost
    // The tests register many renters from this one address; production allows ten an hour.
    registrationAllowance: { ...REGISTRATION_ALLOWANCE, count: 10_000, bytes: Number.MAX_SAFE_INTEGER },
  };
  const now = () => new Date(Date.now() + offset);
  const control = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const next = Number(body);
      if (req.method === 'POST' && Number.isSafeInteger(next)) offset = next;
      res.end(String(offset));
    });
  });
  await new Promise<void>((done) => control.listen(0, '127.0.0.1', done));
  const running = await startServer({ config, distDir: resolve(OUT_DIR), log: { info() {}, error: console.error }, now, mailbox });
  return {
    url: running.url,
    clockControl: `http://127.0.0.1:${(control.address() as AddressInfo).port}/`,
    close: async () => {
      await running.close();
      control.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
