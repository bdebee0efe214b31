// The reviewer's sample rental (DEMO=1) brought back and settled, and the other people's browsers the
// money's browser tests need beside the renter's page.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { ar } from '../../src/i18n/ar';
import { en, type Lang } from '../../src/i18n/en';
import { pathOf } from '../../src/i18n/paths';
import { createApi } from '../../src/client/api';
import { SAMPLE_AGENT } from '../../server/seed';
import { counterChecksIn } from '../support/counter';
import { baseURL, open } from './browser';

/** Someone else's browser, through the API as their screens call it (its own session cookie). */
export function apiAs() {
  let cookie = '';
  return createApi({
    baseUrl: `${baseURL}/api`,
    fetch: async (input, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set('origin', baseURL);
      if (cookie) headers.set('cookie', cookie);
      const response = await fetch(input, { ...init, headers });
      const set = response.headers.getSetCookie().find((c) => c.startsWith('movecar_session='));
      if (set) cookie = set.split(';')[0]!;
      return response;
    },
  });
}

/**
 * On the renter's page: the sample rental (Elite Auto's BMW, picked up, paid with the stand-in's test
 * card), checked in at the counter by the agent and accepted on the phone, so the deposit is settled.
 */
export async function settledSample(r: Page, lang: Lang) {
  const t = lang === 'ar' ? ar : en;
  await open(r, '/');
  await r.getByRole('button', { name: en.index.loadSample, exact: true }).click();
  await r.waitForURL('**/car-pickup');
  const session = await r.evaluate(() => fetch('/api/auth/session').then((res) => res.json()));
  const number: string = session.journey.number;
  const { pickedUpAt, payment } = session.journey.journey.snapshot.context as { pickedUpAt: number; payment: { last4: string } };
  const agent = apiAs();
  expect((await agent.logIn({ email: SAMPLE_AGENT.email, password: SAMPLE_AGENT.password, role: 'staff' })).ok).toBe(true);
  expect((await counterChecksIn(agent, number)).ok).toBe(true);
  await open(r, pathOf('carReturn', lang));
  await r.getByRole('button', { name: t.carReturn.accept, exact: true }).click();
  await r.getByText(t.carReturn.released.split('{date}')[0]!.trim()).waitFor();
  return { number, pickedUpAt, payment };
}
