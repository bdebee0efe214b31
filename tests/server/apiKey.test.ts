// A company's key for the authorities' feeds: a new one does not stop the feed at one tap. The key it
// replaces keeps working for a day (the answer says until when), then only the new one does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_MANAGER } from '../../server/seed';
import { KEY_GRACE_MS } from '../../server/companies/store';
import { startTestServer, type TestServer } from '../support/server';
import { clockOffset, shiftClock, travelTo } from '../support/clock';
import { browser } from './helpers';

describe('a company’s feed key, replaced', () => {
  let s: TestServer;
  const back = clockOffset();
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    shiftClock(back);
    await s.close();
  });

  /** What the feed answers a key: 404 for a job that is not there means the key was taken; 401 that it was not. */
  const feedWith = async (key: string) =>
    (await s.app.request('http://movecar.test/api/feeds/authority/00000000-0000-0000-0000-000000000000', { headers: { authorization: `Bearer ${key}` } })).status;

  it('the first key replaces none; the next leaves the first working for a day, then not', async () => {
    const m = await browser(s);
    await m.api.logIn({ email: SAMPLE_MANAGER.email, password: SAMPLE_MANAGER.password, role: 'staff' });
    const first = await m.api.rotateApiKey();
    if (!first.ok) throw new Error('no key');
    expect(first.body.previousUntil).toBeNull();
    expect(await feedWith(first.body.key)).toBe(404);

    const second = await m.api.rotateApiKey();
    if (!second.ok) throw new Error('no key');
    expect(second.body.previousUntil).toBeGreaterThanOrEqual(Date.now() + KEY_GRACE_MS - 60_000);
    expect(await feedWith(first.body.key)).toBe(404);
    expect(await feedWith(second.body.key)).toBe(404);

    travelTo(second.body.previousUntil! + 1000);
    expect(await feedWith(first.body.key)).toBe(401);
    expect(await feedWith(second.body.key)).toBe(404);
  });
});
