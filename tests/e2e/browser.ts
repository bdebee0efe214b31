import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const baseURL = inject('baseURL');
export const chromiumPath = inject('chromium');

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

/** A phone-sized page that records console errors and uncaught exceptions. */
export async function phonePage(browser: Browser) {
  const page = await browser.newPage({ viewport: PHONE, deviceScaleFactor: 1 });
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

/** Opens a path and waits until the lazy screen, fonts and images are in. */
export async function open(page: Page, path: string) {
  await page.goto(baseURL + path, { waitUntil: 'networkidle' });
  await page.locator('main h2').first().waitFor();
  await page.evaluate(() => document.fonts.ready);
}

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's violations on the current page, one readable line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axeSource });
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

/** A 1×1 PNG, standing in for a photographed document in file inputs. */
export const PNG = (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
});
