// The renter at the payment provider's own page (the local stand-in, its own origin) in Chromium: our
// page asks only for the consent; the card is typed there, its bank's challenge answered there, and
// the browser comes back to us. And what our origin was sent meanwhile, to show no card detail was.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import type { Movement } from '../../server/payments/standin/server';
import { freePort } from '../support/port';
import { ar } from '../../src/i18n/ar';
import { en, type Lang } from '../../src/i18n/en';
import { PAGE_TEXT } from '../../server/payments/standin/pages';
import { CARDS } from '../support/provider';

export { CARDS };

/** What the renter types on the provider's page besides the number: an expiry and a CVC found nowhere else. */
export const EXPIRY = '12/30';
export const CVC = '737';

/** Every request the page sends to `origin` (ours), with its body. */
export function requestsTo(page: Page, origin: string) {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).origin === origin) seen.push(`${request.url()} ${request.postData() ?? ''}`);
  });
  return seen;
}

/** The requests that carry any of the card details typed (`numbers`, the expiry, the CVC): none, ever. */
export const carryingCard = (requests: string[], numbers: string[]) =>
  requests.filter((r) => [...numbers.flatMap((n) => [n, n.replace(/\s/g, '')]), EXPIRY, encodeURIComponent(EXPIRY), `=${CVC}`, `"${CVC}"`].some((d) => r.includes(d)));

/**
 * On our payment page: the consent, then the provider's page; there each card of `cards` in turn (a
 * refused one leaves the renter on the provider's page, saying why), the challenge confirmed when its
 * bank asks. Ends back on our payment page.
 */
export async function payAtProvider(page: Page, lang: Lang, cards: string[], origin: string) {
  const t = lang === 'ar' ? ar : en;
  const p = PAGE_TEXT[lang];
  await page.getByRole('checkbox', { name: t.payment.consent }).check();
  await page.getByRole('button', { name: t.payment.pay, exact: true }).click();
  await page.waitForURL((url) => url.origin !== origin && url.pathname.startsWith('/pay/'));
  for (const [i, number] of cards.entries()) {
    await page.getByLabel(p.number, { exact: true }).fill(number);
    await page.getByLabel(p.expiry, { exact: true }).fill(EXPIRY);
    await page.getByLabel(p.cvc, { exact: true }).fill(CVC);
    await page.getByRole('button', { name: p.pay }).click();
    if (number === CARDS.challenge || number === CARDS.alwaysAuthenticate || number === CARDS.challengeFails) {
      await page.waitForURL((url) => url.pathname.startsWith('/3ds/'));
      await page.getByRole('button', { name: p.complete, exact: true }).click();
    }
    if (i < cards.length - 1) await page.getByRole('alert').waitFor();
  }
  await page.waitForURL((url) => url.origin === origin && url.pathname.endsWith('/payment'));
}

/** The provider's keys, which the stand-in and our server share, as a Stripe account's are. */
export const KEYS = { STRIPE_SECRET_KEY: 'sk_test_kill9standin', STRIPE_WEBHOOK_SECRET: 'whsec_kill9standin' };

/** The stand-in provider as a process of its own (dist-server/payments-standin.js), posting its webhooks to `base`. */
export async function startProvider(base: string) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(inject('serverDir'), 'payments-standin.js')], {
    env: { ...process.env, ...KEYS, PORT: String(port), WEBHOOK_URL: `${base}/api/payments/webhook` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the stand-in did not start:\n${output}`)), 30_000);
    child.stdout!.on('data', () => output.includes('payments stand-in on') && (clearTimeout(timer), resolve()));
  });
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    log: async () => ((await (await fetch(`${origin}/_standin/log`)).json()) as { log: Movement[] }).log,
    stop: () => new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.kill('SIGTERM'))),
  };
}
