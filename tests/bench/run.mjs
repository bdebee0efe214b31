// npm run bench: what a phone downloads and how soon it sees each screen.
// Builds the app, starts the production server on loopback (PGlite in a temporary folder), and loads
// routes in headless Chromium with the CPU slowed 4× (a mid-range phone). Prints figures; asserts
// nothing — goals are read, not timed in unit tests.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { chromium } from 'playwright-core';

const OUT_DIR = 'tests/bench/output';
const RUNS = 3;
const ROUTES = [
  '/home',
  '/arabic',
  '/payment',
  '/arabic/payment',
  '/services',
  '/arabic/services',
  '/help-support',
];
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  console.error(`Chromium not found at ${CHROMIUM}; install Debian's chromium or set CHROMIUM_PATH.`);
  process.exit(1);
}

await build({ logLevel: 'warn', build: { outDir: OUT_DIR, emptyOutDir: true } });
const dataDir = mkdtempSync(join(tmpdir(), 'movecar-bench-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: { ...process.env, NODE_ENV: 'production', PORT: '0', DATA_DIR: dataDir, DIST_DIR: OUT_DIR },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const base = await new Promise((resolve, reject) => {
  server.stdout.on('data', (chunk) => {
    const found = /Move car on (http:\/\/[\d.:]+)/.exec(chunk.toString());
    if (found) resolve(found[1]);
  });
  server.on('exit', (code) => reject(new Error(`the server stopped (${code})`)));
});
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

const gzipped = new Map();
/** Gzip size of a built file, by URL path: what a compressing server would send. */
function gzipSize(pathname) {
  if (!gzipped.has(pathname)) gzipped.set(pathname, gzipSync(readFileSync(OUT_DIR + pathname)).length);
  return gzipped.get(pathname);
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];

for (const route of ROUTES) {
  const times = [];
  let sizes;
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(base + route, { waitUntil: 'networkidle' });
    await page.locator('main h2').first().waitFor();
    // Time from navigation start until the screen's own content (not just the shell) is painted.
    times.push(
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(performance.now())))),
    );
    sizes ??= await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => ({ url: new URL(e.name).pathname, type: e.initiatorType })),
    );
    await context.close();
  }
  const files = sizes.filter((r) => r.url.startsWith('/assets/'));
  const sum = (filter) => files.filter(filter).reduce((total, r) => total + gzipSize(r.url), 0);
  rows.push({
    route,
    'JS gzip KB': kb(sum((r) => r.url.endsWith('.js'))),
    'CSS gzip KB': kb(sum((r) => r.url.endsWith('.css'))),
    'fonts KB': kb(sum((r) => r.url.endsWith('.woff2'))),
    requests: files.length + 1,
    'ready ms (median, 4× CPU)': Math.round(median(times)),
  });
}

console.log(`\nMove car benchmark — ${RUNS} loads per route, 390×844, CPU throttled 4×, loopback network\n`);
console.table(rows);
await browser.close();
server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
rmSync(dataDir, { recursive: true, force: true });
