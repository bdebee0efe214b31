// npm run bench:api: the production server under load, on loopback only, bounded in time. 50 and 200
// concurrent simulated renters each register (with their documents), log in and go through the whole
// journey (contract, payment on the provider's page — the local stand-in — and back, then the return
// and settlement). A car is handed
// over only from an hour before its booked time, and a booking is made two hours ahead at the
// soonest: the return is taken on a demo sample rental (DEMO=1), already handed over, instead of
// waiting for the clock; the company's branch agent (one, signed in once) checks each car in. Runs on PGlite, and on
// PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set. Also: a real user's log-in during
// a flood of log-ins, and other requests during a 5,000-row import. Prints requests/s, latency
// percentiles and errors (which must be 0); asserts nothing else.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { build } from 'vite';
import pg from 'pg';
import { freePort } from '../support/port.ts';

const OUT_DIR = 'tests/bench/output';
const SERVER_DIR = 'tests/bench/output-server';
/** Renters at once per scenario (BENCH_CROWDS=50 for a shorter run). */
const CROWDS = (process.env.BENCH_CROWDS ?? '50,200').split(',').map(Number);
/** No scenario runs longer than this; what is not done by then counts as errors. */
const LIMIT_MS = 60_000;
const POSTGRES = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PASSWORD = 'desert-rose-42';
const CARS = ['yaris', 'camry', 'patrol', 'range-rover', 'bmw-7', '911', 's-class'];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const JOURNEY = [
  { type: 'contract.acceptTerms' },
  { type: 'contract.verifyIdentity' },
  { type: 'contract.sign', signature: 'Bench Renter' },
  { type: 'contract.proceed' },
  // To the provider's page: the renter pays there (the stand-in's test card) and comes back.
  { type: 'payment.submit', consent: true },
];
const PAID = [{ type: 'payment.proceed' }];
/** On a sample rental: the car is with the renter (see the top of this file); the agent checks it in between. */
const RETURN = [{ type: 'return.start' }];
const SETTLE = [{ type: 'return.accept' }, { type: 'return.finish' }];
/** The sample rental's car is Elite Auto's: its sample branch agent (DEMO=1). */
const AGENT = { email: 'agent@movecar.ae', password: 'counter-agent-2026', role: 'staff' };

/** `npm start` as its own process, so the load generator does not share its event loop. */
async function startServer(env) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(SERVER_DIR, 'main.js')], {
    // Behind a proxy as in production: each simulated phone says its own address (X-Forwarded-For),
    // as a crowd of phones would have; the limits per client see them apart.
    // DEMO=1 for the sample rentals the return is measured on (see the top of this file).
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, DIST_DIR: OUT_DIR, TRUST_PROXY: '1', DEMO: '1', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      const found = /Move car on (http:\/\/[\d.:]+)/.exec(chunk.toString());
      if (found) resolve(found[1]);
    });
    child.on('exit', (code) => reject(new Error(`the server stopped (${code})`)));
  });
  return { url, stop: () => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))) };
}

/** The address of simulated phone `n`: each on a network of its own, as the limits per client count them (a /24). */
const phone = (n) => `10.${(n >> 8) & 255}.${n & 255}.1`;

/** One phone's requests, with its own session cookie; every request's time and status is recorded. */
function client(base, n, record) {
  let cookie = '';
  const request = async (path, init = {}) => {
    const started = performance.now();
    let response;
    for (;;) {
      response = await fetch(base + path, {
        ...init,
        headers: { origin: base, 'x-forwarded-for': phone(n), ...(cookie ? { cookie } : {}), ...init.headers },
      }).catch(() => null);
      // More passwords at once than the server's cores hash: it says when to come back, and the
      // app asks the person to; the renter tries again then (the wait counts in the request's time).
      const retryAfter = response?.status === 429 ? Number(response.headers.get('retry-after')) : 0;
      if (!retryAfter) break;
      record.busy();
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
    }
    record(performance.now() - started, response?.status ?? 0, path.includes('/events'), path.startsWith('/api/payments/return'));
    // BENCH_DEBUG=1 prints each failed request, to see what an error count is made of.
    if (process.env.BENCH_DEBUG && !response?.ok) console.log('failed:', path, response?.status, await response?.clone().text());
    // The last one: signing in as another renter (a sample rental) first clears the old cookie.
    const set = response?.headers.getSetCookie().filter((c) => c.startsWith('movecar_session=')).at(-1);
    if (set) cookie = set.split(';')[0];
    return response ? response.json().catch(() => ({})) : {};
  };
  const json = (path, body) =>
    request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  /** A new device: the session cookie is gone. */
  const forget = () => (cookie = '');
  return { request, json, forget };
}

/** The branch agent's phone: signed in once, it checks each sample rental's car in (a photo, then the record). */
async function counter(base, record) {
  const { request, json } = client(base, 1 << 20, record);
  await json('/api/auth/login', AGENT);
  return async (number) => {
    const form = new FormData();
    form.append('photo', new Blob([PNG], { type: 'image/png' }), 'car.png');
    const { photo } = await request(`/api/handovers/${number}/photos`, { method: 'POST', body: form });
    const { handover } = await request(`/api/handovers/${number}`);
    if (!photo || !handover) return;
    // Above every car's odometer at pickup, a full tank, no damage.
    await json(`/api/handovers/${number}/checkin`, { checkin: { odometer: '99000', fuel: 'F', damage: [], photos: [photo.id] }, version: handover.version });
  };
}

/** One renter's whole visit; every request's time and status is recorded. */
async function renter(base, n, run, record, checkIn) {
  const { request, json, forget } = client(base, n, record);
  const email = `bench-${run}-${n}@example.ae`;
  // Each renter chose a car and a day of their own, as after a search: a car is held once paid.
  const slot = Math.floor(n / CARS.length);
  const pickupAt = Math.ceil(Date.now() / HOUR) * HOUR + 3 * HOUR + slot * 2 * DAY;
  const form = new FormData();
  for (const [key, value] of Object.entries({
    fullName: 'Bench Renter',
    email,
    phone: '050 123 4567',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    emiratesId: '784-1990-1234567-6',
    emiratesIdExpiry: '2031-01-31',
    licenceExpiry: '2030-06-30',
    termsAccepted: 'true',
    carId: CARS[n % CARS.length],
    pickupLocation: 'dxb-t3',
    dropoffLocation: 'dxb-t3',
    pickupAt: String(pickupAt),
    dropoffAt: String(pickupAt + DAY),
  }))
    form.append(key, value);
  form.append('emiratesIdFile', new Blob([PNG], { type: 'image/png' }), 'id.png');
  form.append('emiratesIdBackFile', new Blob([PNG], { type: 'image/png' }), 'id-back.png');
  form.append('licenceFile', new Blob([PDF], { type: 'application/pdf' }), 'licence.pdf');
  await request('/api/auth/register', { method: 'POST', body: form });
  forget(); // a new device: log in
  let { journey } = await json('/api/auth/login', { email, password: PASSWORD, role: 'renter' });
  const walk = async (events) => {
    for (const event of events) {
      if (!journey) return;
      const answer = await json(`/api/bookings/${journey.bookingId}/events`, { event, version: journey.version });
      journey = answer.journey;
    }
  };
  await walk(JOURNEY);
  // On the provider's own page (its origin, not ours), then the browser back to us.
  const page = journey?.journey?.snapshot?.context?.paymentSession?.url;
  if (page) {
    const paid = await fetch(page, { method: 'POST', body: new URLSearchParams({ number: '4242424242424242', expiry: '12/30', cvc: '123' }), redirect: 'manual' }).catch(() => null);
    const back = paid?.headers.get('location');
    if (back) await request(`${new URL(back).pathname}${new URL(back).search}`, { redirect: 'manual' });
    else record(0, 0, false, false);
    ({ journey } = await request(`/api/bookings/${journey.bookingId}`));
  }
  await walk(PAID);
  await request('/api/auth/session');
  ({ journey } = await json('/api/demo/sample-rental', {}));
  await walk(RETURN);
  if (!journey) return;
  await checkIn(journey.number);
  ({ journey } = await request(`/api/bookings/${journey.bookingId}`));
  await walk(SETTLE);
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function scenario(label, env, crowd, run) {
  const server = await startServer(env);
  const times = [];
  const steps = [];
  const returns = [];
  let errors = 0;
  let busy = 0;
  const record = (ms, status, step, back) => {
    times.push(ms);
    if (step) steps.push(ms);
    if (back) returns.push(ms);
    // The return from the provider answers 303, to the payment screen.
    if (status < 200 || status >= (back ? 400 : 300)) errors++;
  };
  record.busy = () => busy++;
  const started = performance.now();
  let timer;
  const limit = new Promise((resolve) => (timer = setTimeout(() => resolve('timeout'), LIMIT_MS)));
  const outcome = await Promise.race([
    counter(server.url, record).then((checkIn) =>
      Promise.all(Array.from({ length: crowd }, (_, n) => renter(server.url, n, run, record, checkIn))),
    ),
    limit,
  ]);
  clearTimeout(timer);
  const seconds = (performance.now() - started) / 1000;
  await server.stop();
  const expected = crowd * (JOURNEY.length + PAID.length + 5);
  if (outcome === 'timeout') errors += Math.max(0, expected - times.length);
  times.sort((a, b) => a - b);
  steps.sort((a, b) => a - b);
  returns.sort((a, b) => a - b);
  return {
    database: label,
    renters: crowd,
    requests: times.length,
    's': Number(seconds.toFixed(1)),
    'req/s': Math.round(times.length / seconds),
    'p50 ms': Math.round(percentile(times, 50)),
    'p95 ms': Math.round(percentile(times, 95)),
    'p99 ms': Math.round(percentile(times, 99)),
    // Journey steps alone (no password hashing in them).
    'steps p50 ms': Math.round(percentile(steps, 50)),
    'steps p95 ms': Math.round(percentile(steps, 95)),
    // Back from the provider's page: the session read from the provider, the booking paid.
    'return p95 ms': Math.round(percentile(returns, 95)),
    // Answers "busy, come back in a second" (password hashing at capacity), each tried again.
    busy,
    errors,
  };
}

/**
 * Real users' log-ins while 80 networks (80 /24s, each its own client to the limits) flood the server
 * with log-ins for e-mails that do not exist, 8 at once each (each is still hashed, so its timing
 * tells nothing), for FLOOD_MS: a returning user whose browser signed in before (its device cookie),
 * and a newcomer from a network never seen, each in turn.
 */
const FLOOD_NETWORKS = 80;
const FLOOD_EACH = 8;
const FLOOD_MS = 20_000;
/** The flood's loops: log-ins for e-mails that do not exist, each network's 8 sent again as each is answered. */
const FLOODER = `
const { parentPort, workerData: { url, networks, each, ms } } = require('node:worker_threads');
const answers = {};
const until = performance.now() + ms;
let n = 0;
Promise.all(Array.from({ length: networks * each }, async (_, i) => {
  const address = '10.0.' + (i % networks) + '.' + (1 + Math.floor(i / networks));
  while (performance.now() < until) {
    const body = JSON.stringify({ email: 'nobody-' + n++ + '@example.ae', password: 'not-the-password', role: 'renter' });
    const answer = await fetch(url + '/api/auth/login', { method: 'POST', headers: { origin: url, 'x-forwarded-for': address, 'content-type': 'application/json' }, body }).catch(() => null);
    const status = answer?.status ?? 0;
    answers[status] = (answers[status] ?? 0) + 1;
    await answer?.arrayBuffer().catch(() => null);
  }
})).then(() => parentPort.postMessage(answers));
`;
async function flood(label, env) {
  const server = await startServer(env);
  const post = (path, body, address, headers = {}) =>
    fetch(server.url + path, {
      method: 'POST',
      headers: { origin: server.url, 'x-forwarded-for': address, ...headers },
      body,
    }).catch(() => null);
  const owner = '198.51.100.7';
  const email = `flood-owner-${Date.now()}@example.ae`;
  const form = new FormData();
  for (const [key, value] of Object.entries({ fullName: 'Bench Renter', email, phone: '050 123 4567', password: PASSWORD, confirmPassword: PASSWORD, emiratesId: '784-1990-1234567-6', emiratesIdExpiry: '2031-01-31', licenceExpiry: '2030-06-30', termsAccepted: 'true' }))
    form.append(key, value);
  form.append('emiratesIdFile', new Blob([PNG], { type: 'image/png' }), 'id.png');
  form.append('emiratesIdBackFile', new Blob([PNG], { type: 'image/png' }), 'id-back.png');
  form.append('licenceFile', new Blob([PDF], { type: 'application/pdf' }), 'licence.pdf');
  const registered = await post('/api/auth/register', form, owner);
  if (!registered?.ok) throw new Error(`the real user could not register (${registered?.status})`);
  // What the owner's browser keeps from it: the device cookie, sent back with each log-in.
  const device = registered.headers.getSetCookie().find((line) => line.startsWith('movecar_device='))?.split(';')[0];
  if (!device) throw new Error('registration wrote no device cookie');
  const json = { 'content-type': 'application/json' };
  // The flood on a thread of its own: the attacker's machine is not the real user's, and its 640
  // loops on this thread would delay the real user's answers here, not on the server.
  const flooding = new Promise((resolve, reject) => {
    const worker = new Worker(FLOODER, { eval: true, workerData: { url: server.url, networks: FLOOD_NETWORKS, each: FLOOD_EACH, ms: FLOOD_MS } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const times = { returning: [], newcomer: [] };
  const failed = { returning: 0, newcomer: 0 };
  await new Promise((resolve) => setTimeout(resolve, 1000)); // the flood is on
  let fresh = 0;
  const until = performance.now() + FLOOD_MS - 2000;
  while (performance.now() < until) {
    for (const who of ['returning', 'newcomer']) {
      const started = performance.now();
      const answer =
        who === 'returning'
          ? await post('/api/auth/login', JSON.stringify({ email, password: PASSWORD, role: 'renter' }), owner, { ...json, cookie: device })
          : await post('/api/auth/login', JSON.stringify({ email, password: PASSWORD, role: 'renter' }), `172.16.${fresh++}.5`, json);
      times[who].push(performance.now() - started);
      await answer?.arrayBuffer();
      if (!answer?.ok) failed[who]++;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const answers = await flooding;
  await server.stop();
  return ['returning', 'newcomer'].map((who) => {
    const sorted = times[who].sort((a, b) => a - b);
    return {
      database: label,
      'real user': who === 'returning' ? 'returning (device cookie)' : 'newcomer (a network never seen)',
      'flood answers': Object.entries(answers).map(([status, count]) => `${count}×${status}`).join(' '),
      'log-ins': sorted.length,
      'p50 ms': Math.round(percentile(sorted, 50)),
      'p95 ms': Math.round(percentile(sorted, 95)),
      'max ms': Math.round(sorted.at(-1) ?? 0),
      errors: failed[who],
    };
  });
}

/**
 * Other requests while a manager's 5,000-row authority file is imported (issue 23, defect 4: they used
 * to wait for the whole import): a page and an API read, one after the other, until the import is done.
 */
const IMPORT_ROWS = 5000;
async function importing(label, env) {
  const manager = { email: `bench-manager-${Date.now()}@example.ae`, password: 'bench-manager-2026' };
  const server = await startServer({ ...env, MANAGER_EMAIL: manager.email, MANAGER_PASSWORD: manager.password });
  const headers = { origin: server.url, 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.20' };
  const login = await fetch(server.url + '/api/auth/login', { method: 'POST', headers, body: JSON.stringify({ ...manager, role: 'manager' }) });
  if (!login.ok) throw new Error(`the manager could not log in (${login.status})`);
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const csv = [
    'reference,type,plate,date_time,location,code,description,amount,black_points',
    ...Array.from({ length: IMPORT_ROWS }, (_, i) => `BENCH-${i},fine,Dubai K 48213,2026-11-01T08:00:00Z,Sheikh Zayed Road,SPEED-20,Speeding,600,4`),
  ].join('\n');
  const started = performance.now();
  const posted = await fetch(server.url + '/api/imports', { method: 'POST', headers: { ...headers, cookie }, body: JSON.stringify({ csv }) });
  const answeredMs = performance.now() - started;
  if (posted.status !== 202) throw new Error(`the import was not queued (${posted.status})`);
  const times = [];
  let status = 'queued';
  while (status !== 'done' && status !== 'failed') {
    const page = performance.now();
    await (await fetch(server.url + '/home')).text();
    times.push(performance.now() - page);
    const read = performance.now();
    const latest = await (await fetch(server.url + '/api/imports/latest', { headers: { cookie } })).json();
    times.push(performance.now() - read);
    status = latest.job.status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const tookS = (performance.now() - started) / 1000;
  await server.stop();
  times.sort((a, b) => a - b);
  return {
    database: label,
    rows: IMPORT_ROWS,
    'upload answered ms': Math.round(answeredMs),
    'import s': Number(tookS.toFixed(1)),
    'GETs meanwhile': times.length,
    'p50 ms': Math.round(percentile(times, 50)),
    'p99 ms': Math.round(percentile(times, 99)),
    errors: status === 'done' ? 0 : 1,
  };
}

await build({ logLevel: 'warn', build: { outDir: OUT_DIR, emptyOutDir: true } });
// The server as `npm run build` compiles it, run by plain Node as `npm start` does.
await build({ configFile: 'vite.server.config.ts', logLevel: 'error', build: { outDir: SERVER_DIR, emptyOutDir: true } });
const rows = [];
const engines = [['PGlite', () => ({ env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'movecar-bench-api-')) } })]];
if (POSTGRES) {
  engines.push([
    'PostgreSQL',
    async () => {
      // A database of its own for each run, dropped afterwards.
      const name = `movecar_bench_${Date.now()}`;
      const admin = new pg.Client({ connectionString: POSTGRES });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(POSTGRES);
      url.pathname = `/${name}`;
      return {
        env: { DATABASE_URL: url.href, DATA_DIR: mkdtempSync(join(tmpdir(), 'movecar-bench-api-')) },
        drop: async () => {
          const again = new pg.Client({ connectionString: POSTGRES });
          await again.connect();
          await again.query(`drop database if exists ${name} with (force)`);
          await again.end();
        },
      };
    },
  ]);
}
/** `measure(label, env)` on each database in turn, each time on a fresh one, dropped after. */
async function onEachDatabase(measure) {
  const results = [];
  for (const [label, prepare] of engines) {
    const { env, drop } = await prepare();
    results.push(await measure(label, env));
    await drop?.();
    rmSync(env.DATA_DIR, { recursive: true, force: true });
  }
  return results;
}
/** BENCH_ONLY=flood: only the flood, on each database (about a minute and a half with the build). */
const ONLY = process.env.BENCH_ONLY;
const imports = ONLY === 'flood' ? [] : await onEachDatabase(importing);
const floods = (await onEachDatabase(flood)).flat();
let run = 0;
if (ONLY !== 'flood') for (const crowd of CROWDS) rows.push(...(await onEachDatabase((label, env) => scenario(label, env, crowd, run++))));
// Both cores serving: the largest crowd again on PostgreSQL, with WEB_CONCURRENCY=2 (PGlite is one process's).
const processes = [];
if (POSTGRES && ONLY !== 'flood') {
  const crowd = Math.max(...CROWDS);
  const [, prepare] = engines.find(([label]) => label === 'PostgreSQL');
  const { env, drop } = await prepare();
  processes.push({ ...(await scenario('PostgreSQL', { ...env, WEB_CONCURRENCY: '2' }, crowd, run++)), processes: 2 });
  await drop();
  rmSync(env.DATA_DIR, { recursive: true, force: true });
  const one = rows.find((r) => r.database === 'PostgreSQL' && r.renters === crowd);
  processes.unshift({ ...one, processes: 1 });
  processes[1]['× one process'] = Number((processes[1]['req/s'] / one['req/s']).toFixed(2));
}

console.log(
  `\nMove car API under load — loopback, production server (scrypt at its production cost), each renter: ` +
    `register with documents, log in, ${JOURNEY.length} journey steps, session\n`,
);
console.table(rows);
if (processes.length > 0) {
  console.log(`\nThe same crowd on PostgreSQL with WEB_CONCURRENCY=2 beside one process (goal: steps p95 ≤ 250 ms, 0 errors, ≥ 1.6× the requests per second)\n`);
  console.table(processes);
}
console.log(`\nReal users' log-ins (each in turn, 100 ms apart) while ${FLOOD_NETWORKS} networks send ${FLOOD_EACH} log-ins at once each for unknown e-mails, for ${FLOOD_MS / 1000} s (goal: p95 ≤ 1,000 ms)\n`);
console.table(floods);
console.log(`\nA page and an API read, one after the other, while a manager's ${IMPORT_ROWS}-row authority file is imported (goal: p99 ≤ 200 ms)\n`);
console.table(imports);
if (!POSTGRES) console.log('PostgreSQL: set BENCH_DATABASE_URL (a server whose user may create databases) to measure it too.');
if ([...rows, ...processes, ...floods, ...imports].some((r) => r.errors > 0)) process.exitCode = 1;
