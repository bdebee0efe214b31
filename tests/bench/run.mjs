// npm run bench: Lighthouse performance of every route, in both languages, beside a naive build.
//
// Builds the app twice in this run — the production build (vite.config.ts) and a naive one (the same
// sources, one JS bundle, nothing prerendered, an empty #root the client fills) — serves each with
// the production server (PGlite in a temporary folder, with the sample companies' fleet), and runs Lighthouse 12 on every
// route with its mobile defaults (simulated slow 4G, 4× CPU; performance only), production and naive
// one after the other so both see the same machine. Prints one table with the production figures and
// their ratios to the naive build's, so a regression shows even on a noisy machine, and writes
// everything to tests/bench/output/lighthouse.json. Asserts nothing; the exit code is 0 unless
// something crashed.
//
// BENCH_RUNS (1): Lighthouse runs per route and build; with more, each figure is the median of the runs'.
// BENCH_ROUTES: a comma-separated subset, e.g. BENCH_ROUTES=/home,/arabic.
// CHROMIUM_PATH (/usr/bin/chromium).
import { execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import lighthouse from 'lighthouse';
// A dependency of lighthouse (installed beside it), which launches the Chrome it drives.
import { launch } from 'chrome-launcher';
import { filesUnder } from '../../build/files.ts';
import { SCREEN_IDS, pathOf } from '../../src/i18n/paths.ts';
import { fcpChain } from './fcp-chain.mjs';
import { freePort } from '../support/port.ts';

const OUT_DIR = 'tests/bench/output';
const BUILDS = { prod: join(OUT_DIR, 'prod'), naive: join(OUT_DIR, 'naive') };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BROWSER = browserVersion();
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1) || 1);
const ALL_ROUTES = ['/', ...SCREEN_IDS.flatMap((id) => [pathOf(id, 'en'), pathOf(id, 'ar')])];
const ROUTES = process.env.BENCH_ROUTES
  ? process.env.BENCH_ROUTES.split(',')
      .map((r) => r.trim())
      .filter(Boolean)
  : ALL_ROUTES;

// The goals; the summary counts the routes that meet each.
// The goals of issue 27 (every route, both languages, median of three runs on today's Chromium).
const GOAL = {
  score: 100,
  lcpMs: 1000,
  tbtMs: 50,
  homeJsKB: 100,
  chain: 2,
  naiveLcpRatio: 0.35,
};

if (!existsSync(CHROMIUM)) {
  console.error(`Chromium not found at ${CHROMIUM}; install Debian's chromium or set CHROMIUM_PATH.`);
  process.exit(1);
}
const unknown = ROUTES.filter((r) => !ALL_ROUTES.includes(r));
if (unknown.length) console.error(`note: not app routes, measured anyway: ${unknown.join(', ')}`);

const started = Date.now();
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);
const progress = (line) => process.stderr.write(`${line}\n`);

// ---- the two builds ----------------------------------------------------------------------------

mkdirSync(OUT_DIR, { recursive: true });
let t = Date.now();
progress('building the production app (vite.config.ts)…');
await build({ logLevel: 'warn', build: { outDir: BUILDS.prod, emptyOutDir: true } });
progress(`  ${seconds(t)} s`);
t = Date.now();
progress('building the naive app (one bundle, nothing prerendered)…');
await build({
  configFile: false,
  logLevel: 'warn',
  plugins: [react()],
  build: {
    outDir: BUILDS.naive,
    emptyOutDir: true,
    target: 'es2022',
    cssCodeSplit: false,
    chunkSizeWarningLimit: 100_000,
    // Rolldown: no code splitting, every dynamic import inlined into the one entry chunk.
    rolldownOptions: { output: { codeSplitting: false } },
  },
});
progress(`  ${seconds(t)} s`);

/** What a build holds: its JS files with their gzip sizes, and how many HTML pages. */
function describeBuild(dir) {
  // The app's files (the build's own dot folders, .vite and .ssr, are not).
  const files = filesUnder(dir).map((f) => relative(dir, f));
  const js = files.filter((f) => f.endsWith('.js'));
  const jsGzipBytes = js.reduce((sum, f) => sum + gzipSync(readFileSync(join(dir, f))).length, 0);
  return {
    files: files.length,
    jsFiles: js.length,
    jsGzipBytes,
    htmlPages: files.filter((f) => f.endsWith('.html')).length,
  };
}
const builds = { prod: describeBuild(BUILDS.prod), naive: describeBuild(BUILDS.naive) };
if (builds.naive.jsFiles !== 1)
  progress(`warning: the naive build has ${builds.naive.jsFiles} JS files, not one`);

// ---- two production servers ----------------------------------------------------------------------

/** Starts `npm start`'s server on a free port serving distDir, with its own empty PGlite folder. */
async function startServer(distDir) {
  const dataDir = mkdtempSync(join(tmpdir(), 'movecar-bench-'));
  // A production install whose companies have cars, as renters meet it: the sample companies and
  // their fleet (DEMO=1; a fresh install without companies lists no car, which is not the page a
  // renter loads). No outside database.
  const env = { ...process.env, DEMO: '1' };
  delete env.DATABASE_URL;
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors = (errors + chunk).slice(-4000)));
  const base = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      const found = /Move car on (http:\/\/[\w.:[\]-]+)/.exec(chunk.toString());
      if (found) resolve(found[1]);
    });
    child.once('exit', (code) =>
      reject(new Error(`the server for ${distDir} stopped (${code}):\n${errors}`)),
    );
  });
  return {
    base,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const servers = {};
let chrome;
async function cleanUp() {
  await chrome?.kill();
  await Promise.all(Object.values(servers).map((s) => s.stop()));
}
process.once('SIGINT', () => cleanUp().finally(() => process.exit(130)));

try {
  t = Date.now();
  [servers.prod, servers.naive] = await Promise.all([startServer(BUILDS.prod), startServer(BUILDS.naive)]);
  // Warm both servers (first responses compile and read from disk) so the first route is not penalised.
  for (const server of Object.values(servers)) {
    for (const route of ROUTES) await (await fetch(server.base + route)).arrayBuffer();
    await (await fetch(server.base + '/api/auth/session')).arrayBuffer();
  }
  progress(`servers up: production ${servers.prod.base}, naive ${servers.naive.base} (${seconds(t)} s)`);

  chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });

  // ---- Lighthouse on every route -----------------------------------------------------------------

  const results = [];
  const perRoute = [];
  progress(`Lighthouse: ${ROUTES.length} routes × 2 builds × ${RUNS} run(s)`);
  for (const [i, route] of ROUTES.entries()) {
    const routeStart = Date.now();
    const row = { route };
    for (const name of ['prod', 'naive']) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) runs.push(await measure(servers[name].base + route));
      row[name] = { ...pickMedian(runs), runs: RUNS > 1 ? runs : undefined };
    }
    results.push(row);
    perRoute.push(Date.now() - routeStart);
    const average = perRoute.reduce((a, b) => a + b, 0) / perRoute.length;
    const left = Math.round((average * (ROUTES.length - i - 1)) / 1000);
    progress(
      `[${i + 1}/${ROUTES.length}] ${route} ${seconds(routeStart)} s — score ${row.prod.score ?? '—'} ` +
        `(naive ${row.naive.score ?? '—'}); about ${left} s left`,
    );
  }

  // ---- report ------------------------------------------------------------------------------------

  const version = results.find((r) => r.prod.lighthouseVersion)?.prod;
  const summary = summarise(results);
  console.log(
    `\nMove car — Lighthouse ${version?.lighthouseVersion ?? '?'} on ${BROWSER}, performance, ` +
      `mobile defaults (simulated slow 4G, ` +
      `4× CPU), ${RUNS} run(s) per route${RUNS > 1 ? ' (the median of each figure)' : ''}; production vs a naive build ` +
      `made in this run\n`,
  );
  console.log(
    `builds: production ${builds.prod.jsFiles} JS files (${kb(builds.prod.jsGzipBytes)} KB gzip in all), ` +
      `${builds.prod.htmlPages} HTML pages; naive ${builds.naive.jsFiles} JS file(s) ` +
      `(${kb(builds.naive.jsGzipBytes)} KB gzip), ${builds.naive.htmlPages} HTML page(s)\n`,
  );
  printTable(results);
  console.log(`\n${summary.lines.join('\n')}`);
  console.log(
    `\nJS KB: script bytes transferred in the whole Lighthouse load (until the network is quiet), headers ` +
      `included, as the server sent them (brotli: Chromium asks for it even on loopback; build/budget.ts ` +
      `counts gzip). ` +
      `FCP chain: sequential requests Lighthouse's simulated first contentful paint waits on, the document ` +
      `included (goal ≤ ${GOAL.chain}; fetch() calls are not in Lighthouse's FCP model). crit chain: the deepest ` +
      `chain of Lighthouse's "critical request chains" audit (fonts included). ×naive: production ÷ naive.`,
  );

  const file = join(OUT_DIR, 'lighthouse.json');
  writeFileSync(
    file,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        lighthouse: version?.lighthouseVersion,
        chrome: BROWSER,
        userAgent: version?.userAgent,
        node: process.version,
        runsPerRoute: RUNS,
        goals: GOAL,
        builds,
        summary: summary.counts,
        routes: results,
        seconds: Number(seconds(started)),
      },
      null,
      2,
    ) + '\n',
  );
  console.log(`\nFull results: ${file}. Took ${seconds(started)} s.`);
} finally {
  await cleanUp();
}

// ---- helpers -------------------------------------------------------------------------------------

/** One Lighthouse run (a fresh load; Lighthouse clears the origin's storage first) and its figures. */
async function measure(url) {
  let result;
  // A run now and then fails to record its trace (NO_NAVSTART, "please run Lighthouse again"): retried twice.
  for (let attempt = 0; attempt < 3; attempt++) {
    result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance'],
      // Every route as a first visit: Lighthouse's own reset (caches, the service worker) and local
      // storage too, where the app notes that the browser has its fonts (src/client/fonts.ts), so one
      // route's run never changes how the next one loads.
      clearStorageTypes: [
        'file_systems',
        'shader_cache',
        'service_workers',
        'cache_storage',
        'local_storage',
      ],
    });
    if (!result.lhr.runtimeError) break;
    progress(`  ${shortUrl(url)}: ${result.lhr.runtimeError.code}${attempt < 2 ? ', running again' : ''}`);
  }
  const lhr = result.lhr;
  const audit = (id) => lhr.audits[id];
  const requests = audit('network-requests')?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const chains = audit('critical-request-chains')?.details;
  const lcpElement = audit('largest-contentful-paint-element')?.details?.items?.[0]?.items?.[0]?.node;
  const score = lhr.categories.performance.score;
  const beforeFcp = await fcpChain(result);
  return {
    score: score === null ? null : Math.round(score * 100),
    fcpMs: audit('first-contentful-paint')?.numericValue ?? null,
    lcpMs: audit('largest-contentful-paint')?.numericValue ?? null,
    tbtMs: audit('total-blocking-time')?.numericValue ?? null,
    cls: audit('cumulative-layout-shift')?.numericValue ?? null,
    speedIndexMs: audit('speed-index')?.numericValue ?? null,
    // What this machine's unthrottled load showed, from which Lighthouse models the figures above:
    // when the modelled LCP is later than the FCP, these say whether the page drew its largest
    // element later, or the model put it behind another request.
    observedFcpMs: metricsOf(lhr)?.observedFirstContentfulPaint ?? null,
    observedLcpMs: metricsOf(lhr)?.observedLargestContentfulPaint ?? null,
    jsBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    jsRequests: scripts.length,
    requests: requests.length,
    totalBytes: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    fcpChainDepth: beforeFcp.depth,
    fcpChain: beforeFcp.urls.map(shortUrl),
    fcpChainError: beforeFcp.error,
    chainDepth: chains ? chainDepth(chains.chains) : null,
    criticalChain: chains ? chainUrls(chains.chains) : null,
    lcpElement: lcpElement?.snippet ?? null,
    // What moved, when the layout shifted at all (Lighthouse's layout-shifts audit): the element and its score.
    shifts: (audit('layout-shifts')?.details?.items ?? []).map((item) => ({
      element: item.node?.snippet ?? item.node?.selector ?? null,
      score: item.score,
    })),
    // Where the blocking time comes from (Lighthouse's long-tasks audit): each task's script and length.
    longTasks: (audit('long-tasks')?.details?.items ?? []).map((item) => ({
      url: typeof item.url === 'string' ? shortUrl(item.url) : item.url,
      startMs: Math.round(item.startTime),
      durationMs: Math.round(item.duration),
    })),
    finalUrl: lhr.finalDisplayedUrl,
    runtimeError: lhr.runtimeError?.message,
    warnings: lhr.runWarnings?.length ? lhr.runWarnings : undefined,
    lighthouseVersion: lhr.lighthouseVersion,
    userAgent: lhr.environment?.hostUserAgent,
  };
}

/** Lighthouse's own table of the page's timings, observed and modelled. */
function metricsOf(lhr) {
  return lhr.audits.metrics?.details?.items?.[0];
}

/** The deepest critical request chain, in requests (the document counts as one). */
function chainDepth(chains) {
  let deepest = 0;
  for (const node of Object.values(chains ?? {})) deepest = Math.max(deepest, 1 + chainDepth(node.children));
  return deepest;
}

/** The deepest chain's URLs, paths only, for the JSON. */
function chainUrls(chains) {
  let best = [];
  for (const node of Object.values(chains ?? {})) {
    const below = chainUrls(node.children);
    if (below.length + 1 > best.length) best = [shortUrl(node.request.url), ...below];
  }
  return best;
}

function shortUrl(url) {
  try {
    const u = new URL(url);
    return u.pathname + u.search;
  } catch {
    return url;
  }
}

/**
 * The runs' median: each metric the median of its runs' values (a failed run, without a figure, is
 * left out of it); what describes a load (its chains, long tasks, largest element) from the run with
 * the median score. With every run at 100, the score alone picked a run at random.
 */
function pickMedian(runs) {
  const sorted = [...runs].sort((a, b) => (a.score ?? -1) - (b.score ?? -1));
  const middle = (values) => values[Math.floor((values.length - 1) / 2)];
  const picked = { ...middle(sorted) };
  // Each of these is the median of the runs' (the goals are medians of three, metric by metric).
  for (const metric of ['score', 'fcpMs', 'lcpMs', 'tbtMs', 'cls', 'speedIndexMs', 'observedFcpMs', 'observedLcpMs']) {
    const values = runs.map((run) => run[metric]).filter((value) => typeof value === 'number');
    if (values.length > 0) picked[metric] = middle(values.sort((a, b) => a - b));
  }
  return picked;
}

function kb(bytes) {
  return bytes == null ? '—' : (bytes / 1024).toFixed(1);
}
function sec(ms) {
  return ms == null ? '—' : (ms / 1000).toFixed(2);
}
function ratio(a, b) {
  return a == null || !b ? '—' : (a / b).toFixed(2);
}
function clsText(cls) {
  return cls == null ? '—' : cls === 0 ? '0' : cls < 0.001 ? cls.toExponential(1) : cls.toFixed(3);
}

function printTable(results) {
  const header = [
    'route',
    'score',
    'FCP s',
    'LCP s',
    'TBT ms',
    'CLS',
    'JS KB',
    'FCP chain',
    'crit chain',
    'naive score',
    'naive LCP s',
    'naive JS KB',
    'LCP ×naive',
    'JS ×naive',
  ];
  const rows = results.map(({ route, prod: p, naive: n }) => [
    route + (p.runtimeError ? ' (error)' : ''),
    p.score ?? '—',
    sec(p.fcpMs),
    sec(p.lcpMs),
    p.tbtMs == null ? '—' : Math.round(p.tbtMs),
    clsText(p.cls),
    kb(p.jsBytes),
    p.fcpChainDepth ?? '—',
    p.chainDepth ?? '—',
    n.score ?? '—',
    sec(n.lcpMs),
    kb(n.jsBytes),
    ratio(p.lcpMs, n.lcpMs),
    ratio(p.jsBytes, n.jsBytes),
  ]);
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells) =>
    `| ${cells.map((cell, c) => (c === 0 ? String(cell).padEnd(widths[c]) : String(cell).padStart(widths[c]))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w, c) => (c === 0 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

/**
 * The browser's own word for its version ("Chromium 156.0.8078.108 built on Debian…"): its user agent
 * is reduced to "156.0.0.0", and the figures move between builds of one major version too.
 */
function browserVersion() {
  try {
    return execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return `the browser at ${CHROMIUM}`;
  }
}

function summarise(results) {
  const n = results.length;
  const count = (test) => results.filter(test).length;
  const counts = {
    routes: n,
    score: count((r) => r.prod.score != null && r.prod.score >= GOAL.score),
    lcp: count((r) => r.prod.lcpMs != null && r.prod.lcpMs <= GOAL.lcpMs),
    cls: count((r) => r.prod.cls === 0),
    tbt: count((r) => r.prod.tbtMs != null && r.prod.tbtMs <= GOAL.tbtMs),
    underNaive: count(
      (r) => r.prod.lcpMs != null && r.naive.lcpMs && r.prod.lcpMs / r.naive.lcpMs <= GOAL.naiveLcpRatio,
    ),
    chain: count((r) => r.prod.fcpChainDepth != null && r.prod.fcpChainDepth <= GOAL.chain),
    errors: count((r) => r.prod.runtimeError || r.naive.runtimeError),
  };
  const home = results.find((r) => r.route === '/home');
  counts.homeJsKB = home ? Number(kb(home.prod.jsBytes)) : null;
  const done =
    counts.score === n && counts.lcp === n && counts.cls === n && counts.tbt === n && counts.underNaive === n &&
    (counts.homeJsKB == null || counts.homeJsKB <= GOAL.homeJsKB);
  counts.done = done;
  const of = (k) => `${counts[k]}/${n}`;
  const lines = [
    `Routes meeting each goal: score ≥ ${GOAL.score}: ${of('score')} · LCP ≤ ${GOAL.lcpMs / 1000} s: ${of('lcp')} · ` +
      `CLS 0: ${of('cls')} · TBT ≤ ${GOAL.tbtMs} ms: ${of('tbt')} · ` +
      `LCP ≤ ${GOAL.naiveLcpRatio}× the naive: ${of('underNaive')} · FCP chain ≤ ${GOAL.chain}: ${of('chain')}` +
      (counts.errors ? ` · Lighthouse errors: ${counts.errors}` : ''),
    home
      ? `/home JS: ${counts.homeJsKB} KB transferred (goal ≤ ${GOAL.homeJsKB} KB)`
      : '/home not measured in this run (JS goal not checked)',
    `Done (every route: score ≥ ${GOAL.score}, LCP ≤ ${GOAL.lcpMs / 1000} s, CLS 0, TBT ≤ ${GOAL.tbtMs} ms, ` +
      `LCP ≤ ${GOAL.naiveLcpRatio}× the naive; /home ≤ ${GOAL.homeJsKB} KB): ${done ? 'yes' : 'no'}`,
  ];
  return { counts, lines };
}
