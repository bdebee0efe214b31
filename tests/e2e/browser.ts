import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { afterAll, inject, onTestFailed } from 'vitest';
import type { Leased } from './global-setup';

/**
 * This file's server, leased for as long as the file runs (tests/e2e/global-setup.ts): the files run
 * two at a time, each on a server of its own, so what a test does to its server (its clock, a car's
 * rate) no other file running meanwhile sees.
 */
const server = await leaseServer();
async function leaseServer(): Promise<Leased> {
  if (!inject('serverLeases')) return { baseURL: '', clockControl: '' };
  const lease = new AbortController();
  afterAll(() => lease.abort()); // the connection's end gives the server back
  const answer = await fetch(inject('serverLeases'), { signal: lease.signal });
  if (!answer.ok) throw new Error(await answer.text());
  const reader = answer.body!.getReader();
  let text = '';
  while (!text.includes('\n')) {
    const { value, done } = await reader.read();
    if (done) throw new Error('no test server was leased');
    text += new TextDecoder().decode(value);
  }
  return JSON.parse(text) as Leased;
}
export const baseURL = server.baseURL;
export const chromiumPath = inject('chromium');

let counter = 0;
/** An e-mail no other test of the run has used. */
export const uniqueEmail = (name: string) => `${name}+${Date.now().toString(36)}${(counter++).toString(36)}@example.ae`;

// Flags from the machine notes: headless, and no background traffic (the network here is closed).
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export const PHONE = { width: 390, height: 844 };

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: FLAGS });
}

/** Where the browser tests leave their screenshots (git-ignored). */
export const SHOTS = 'tests/e2e/screenshots';
let failedShots = 0;

// The server runs on the tests' calendar (tests/support/clock.ts, set in global-setup.ts), and so do
// the pages (an init script). This process keeps the wall clock: Playwright reads it here for the
// cookies it stores from page.request, which Chromium then keeps by its own, the wall clock.
const clockOffset = inject('clockOffset');
/** Now on the tests' calendar, as the server and the pages read it. */
export const testNow = () => Date.now() + clockOffset;
/**
 * The app in `target`'s pages reads the tests' calendar, as the server does: Playwright's clock, set
 * to it and running on in real time (its timers fire as the browser's would).
 */
export const onTestClock = (target: Page | BrowserContext) => target.clock.install({ time: testNow() });

const setServerClock = async (offset: number) => {
  const answer = await fetch(server.clockControl, { method: 'POST', body: String(offset) });
  if (!answer.ok) throw new Error('the test server’s clock did not move');
};

/**
 * Moves the server's clock and `page`'s to `at` (running on from there), as a day's wait would: the
 * page stays open and is told, as a phone's page is when it comes back into view (a car is handed
 * over only near its booked time). The test puts the clock back when it is done (`back`), for the
 * next file on this server.
 */
export async function travelTo(page: Page, at: number) {
  const offset = at - Date.now();
  await setServerClock(offset);
  await page.clock.setSystemTime(at);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  return { back: () => setServerClock(clockOffset) };
}

/**
 * A phone-sized page (a browser context of its own: its own cookies and storage) that records console
 * errors, on the tests' calendar; `wallClock` for a page of a server the test started itself.
 */
export async function phonePage(
  browser: Browser,
  { wallClock = false, failed = onTestFailed, serviceWorkers = 'allow' as 'allow' | 'block' } = {},
) {
  const page = await browser.newPage({ viewport: PHONE, deviceScaleFactor: 1, serviceWorkers });
  if (!wallClock) await onTestClock(page);
  const errors: string[] = [];
  page.on('console', (msg) => {
    // A failed load's text does not name the file; its location does.
    if (msg.type() === 'error') errors.push(`${msg.text()} ${msg.location().url}`.trim());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  reportOnFailure(page, failed);
  return { page, errors };
}

/**
 * Phone pages for tests that each open a page as a first visit, one test after another: a page given
 * back is emptied (no cookie, nothing stored) and the next test takes it. On this machine a new page
 * costs Chromium about a second of CPU (renderer processes of its own), a load in an open page of the
 * same site about a third of that. No service worker: it would answer the next test's loads (offline.e2e.ts has it).
 */
export function phonePages(browser: Browser) {
  const idle: Awaited<ReturnType<typeof phonePage>>[] = [];
  return {
    /** A page for this test; `failed` is a concurrent test's own `onTestFailed`. */
    async take(failed = onTestFailed) {
      const reused = idle.pop();
      if (!reused) return phonePage(browser, { failed, serviceWorkers: 'block' });
      reused.errors.length = 0;
      reportOnFailure(reused.page, failed);
      return reused;
    },
    /** Gives `taken` back, emptied; a page a failed test kept is never given back (it stays as it was). */
    async give(taken: Awaited<ReturnType<typeof phonePage>>) {
      const { origin } = new URL(baseURL);
      // Off the app (its scripts would write again what is cleared), to a file of the same site: a page
      // that leaves the site (about:blank) gets a new renderer process for its next load, which doubled
      // the cost of each route here (0.55 → 0.30 s of CPU a first visit).
      await taken.page.goto(`${origin}/favicon.svg`);
      const cdp = await taken.page.context().newCDPSession(taken.page);
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
      await cdp.detach();
      await taken.page.context().clearCookies();
      idle.push(taken);
    },
  };
}

/**
 * A failed test leaves what `page` showed: its address and text in the log, and a screenshot.
 * `failed`: a concurrent test's own `onTestFailed` (from its context; the global one cannot tell
 * which of the tests running at once it belongs to).
 */
export function reportOnFailure(page: Page, failed = onTestFailed) {
  failed(async ({ task }) => {
    if (page.isClosed()) return;
    const name = `failed-${task.name.replace(/[^\w]+/g, '-').slice(0, 60)}-${(failedShots++).toString()}`;
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true }).catch(() => undefined);
    const text = await page.locator('main').innerText({ timeout: 1000 }).catch(() => '(no main)');
    const why = task.result?.errors?.[0]?.message.split('\n')[0] ?? '';
    console.log(`\n${task.name} failed (${why}); a page was at ${page.url()} (${name}.png), its main said:\n${text}\n`);
  });
}

/**
 * Waits for what a person waits for: the screen's text, and the app live on it. A prerendered page
 * shows its text before React has taken it over, so until React's hold on the screen's heading.
 */
export async function live(page: Page) {
  await page.locator('main h2').first().waitFor();
  await page.waitForFunction(() => {
    const heading = document.querySelector('main h2');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
  });
}

const underWay = new WeakMap<Page, Set<Request>>();
/** `page`'s requests under way from now on (its live stream aside: it never ends). */
function requestsOf(page: Page) {
  let pending = underWay.get(page);
  if (!pending) {
    const set = (pending = new Set());
    underWay.set(page, set);
    page.on('request', (request) => request.resourceType() !== 'eventsource' && set.add(request));
    page.on('requestfinished', (request) => set.delete(request));
    page.on('requestfailed', (request) => set.delete(request));
  }
  return pending;
}

const QUIET_MS = 150;
/**
 * Loads `path` and waits until no request of the page has been under way for QUIET_MS: what
 * Playwright's 'networkidle' does with 500 ms, which about 150 page loads of the run each waited
 * out for nothing (the app asks for its data as it starts, not after a pause).
 */
export async function load(page: Page, path: string) {
  requestsOf(page);
  await page.goto(path.startsWith('http') ? path : baseURL + path, { waitUntil: 'load' });
  await quiet(page);
}

/** Waits until no request of `page` (loaded with `load`) has been under way for QUIET_MS. */
export async function quiet(page: Page) {
  const pending = requestsOf(page);
  const until = Date.now() + 30_000;
  for (let quietSince = Date.now(); Date.now() - quietSince < QUIET_MS; ) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    if (pending.size > 0) quietSince = Date.now();
    if (Date.now() > until) throw new Error(`requests still under way: ${[...pending].map((r) => r.url()).join(', ')}`);
  }
}

/**
 * Every layout shift the page saw since its first paint (buffered), whatever caused it (the session's
 * answer, a lazy screen, a font): its value, when, and what moved from where to where.
 */
export const layoutShifts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        type Shift = PerformanceEntry & { value: number; sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
        const seen: string[] = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[]) {
            const sources = (entry.sources ?? []).map(
              (s) => `${(s.node as Element | undefined)?.outerHTML?.slice(0, 80)} ${JSON.stringify(s.previousRect)} → ${JSON.stringify(s.currentRect)}`,
            );
            seen.push(`${entry.value.toFixed(5)} at ${Math.round(entry.startTime)} ms, fonts ${'fonts' in document.documentElement.dataset ? 'named' : 'not named'}: ${sources.join(' | ')}`);
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(seen), 100);
      }),
  );

/** Opens a path and waits until the app is live on its screen, with its fonts and images in. */
export async function open(page: Page, path: string) {
  await load(page, path);
  await live(page);
  // What the app asked for once live (the session, the screen's data) is in too.
  await quiet(page);
  await page.evaluate(() => document.fonts.ready);
}

// Evaluated through the DevTools protocol: the page's Content-Security-Policy (no inline scripts)
// stays in force for everything the app itself does.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's violations on the current page, one readable line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A minimal PDF, as a scanned licence would be. */
export const PDF = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
});

/** A 1×1 PNG, standing in for a photographed document in file inputs. */
export const PNG = (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
});

/** A renter registered through the API in this page's browser (the registration form has its own tests). */
export async function registered(page: Page, password = 'ghaf-shade-2026') {
  await page.goto(baseURL + '/home');
  const answer = await page.request.post(`${baseURL}/api/auth/register`, {
    headers: { origin: baseURL },
    multipart: {
      fullName: 'Shamsa Al Dhaheri',
      email: uniqueEmail('shamsa'),
      phone: '050 765 4321',
      password,
      confirmPassword: password,
      emiratesId: '784-1990-1234567-6',
      emiratesIdExpiry: '2031-01-31',
      licenceExpiry: '2030-06-30',
      termsAccepted: 'true',
      emiratesIdFile: PNG('id.png'),
      emiratesIdBackFile: PNG('id-back.png'),
      licenceFile: PDF('licence.pdf'),
    },
  });
  if (answer.status() !== 201) throw new Error(`registration: ${answer.status()} ${await answer.text()}`);
}
