// The renter's identity documents after registration: replaced from Account (checked by content as at
// registration, one of each kind kept, the old file gone), and deleted a day after they came when the
// account's e-mail is still not confirmed, then uploaded again.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, users } from '../../server/db/schema';
import { housekeeping } from '../../server/housekeeping';
import { UNVERIFIED_DOCUMENTS_HOURS } from '../../machines/validation';
import { uploadDocuments } from '../../src/client/documentsApi';
import { startTestServer, type TestServer } from '../support/server';
import { SAMPLE_MANAGER } from '../../server/seed';
import { browser, PDF, PNG, renter } from './helpers';

const HOUR = 3_600_000;
const kept = async (r: Awaited<ReturnType<typeof renter>>) => {
  const list = await r.api.documents();
  if (!list.ok) throw new Error('documents');
  return Object.fromEntries(list.body.documents.map((d) => [d.kind, d.id]));
};

describe('identity documents', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  it('a renter replaces one from Account: checked by its content, one of each kind kept, the old file gone', async () => {
    const r = await renter({}, s);
    const before = await kept(r);
    expect(Object.keys(before).sort()).toEqual(['emiratesId', 'emiratesIdBack', 'licence']);

    const answer = await uploadDocuments(r.api, { licenceFile: new File([PDF], 'new-licence.pdf', { type: 'application/pdf' }) });
    expect(answer.ok).toBe(true);
    const after = await kept(r);
    expect(after.emiratesId).toBe(before.emiratesId);
    expect(after.licence).not.toBe(before.licence);
    expect((await r.request(`/api/documents/${before.licence}`)).status).toBe(404);
    const [old] = await s.deps.db.select().from(documents).where(eq(documents.id, after.licence!));
    expect(old).toMatchObject({ contentType: 'application/pdf' });
    expect(await s.deps.db.select().from(documents).where(eq(documents.userId, r.user.id))).toHaveLength(3);

    // Refused by field, nothing replaced: a "PNG" that is text, one over 5 MB, none at all.
    expect(await uploadDocuments(r.api, { emiratesIdFile: new File(['not a picture'], 'id.png', { type: 'image/png' }) })).toMatchObject({
      status: 400,
      fields: { emiratesIdFile: 'fileType' },
    });
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    expect(await uploadDocuments(r.api, { emiratesIdBackFile: new File([big], 'back.png', { type: 'image/png' }) })).toMatchObject({
      status: 400,
      fields: { emiratesIdBackFile: 'fileSize' },
    });
    expect(await uploadDocuments(r.api, {})).toMatchObject({ status: 400, fields: { emiratesIdFile: 'required' } });
    expect(await uploadDocuments(r.api, { licenceFile: new File([], 'empty.pdf') })).toMatchObject({ status: 400, fields: { emiratesIdFile: 'required' } });
    expect(await kept(r)).toEqual(after);

    // Only the renter, for themselves.
    expect(await uploadDocuments((await browser(s)).api, { licenceFile: new File([PDF], 'l.pdf') })).toMatchObject({ status: 401 });
    const m = await browser(s);
    await m.api.logIn({ email: SAMPLE_MANAGER.email, password: SAMPLE_MANAGER.password, role: 'staff' });
    expect(await uploadDocuments(m.api, { licenceFile: new File([PDF], 'l.pdf') })).toMatchObject({ status: 403 });
  });

  it('an account whose e-mail is not confirmed loses its documents a day after they came; confirmed, they stay; uploaded again, they are kept', async () => {
    const unconfirmed = await renter({}, s);
    const confirmed = await renter({}, s);
    await s.deps.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, confirmed.user.id));
    const keysOf = async (userId: string) => (await s.deps.db.select().from(documents).where(eq(documents.userId, userId))).map((d) => d.storageKey);
    const files = await keysOf(unconfirmed.user.id);

    await housekeeping(s.deps.db, s.deps.documents, new Date(Date.now() + (UNVERIFIED_DOCUMENTS_HOURS - 1) * HOUR));
    expect(Object.keys(await kept(unconfirmed))).toHaveLength(3);

    const later = new Date(Date.now() + (UNVERIFIED_DOCUMENTS_HOURS + 1) * HOUR);
    expect((await housekeeping(s.deps.db, s.deps.documents, later)).unverifiedDocuments).toBeGreaterThanOrEqual(3);
    expect(await kept(unconfirmed)).toEqual({});
    // The files themselves are gone, not only their rows.
    for (const key of files) expect(await s.deps.documents.get(key)).toBeNull();
    expect(Object.keys(await kept(confirmed))).toHaveLength(3);

    // Confirmed now, the renter uploads them again: kept past the next day's housekeeping.
    await s.deps.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, unconfirmed.user.id));
    const again = await uploadDocuments(unconfirmed.api, {
      emiratesIdFile: new File([PNG], 'front.png', { type: 'image/png' }),
      emiratesIdBackFile: new File([PNG], 'back.png', { type: 'image/png' }),
      licenceFile: new File([PDF], 'licence.pdf', { type: 'application/pdf' }),
    });
    expect(again.ok && again.body.documents.map((d) => d.kind).sort()).toEqual(['emiratesId', 'emiratesIdBack', 'licence']);
    await housekeeping(s.deps.db, s.deps.documents, new Date(Date.now() + 48 * HOUR));
    expect(Object.keys(await kept(unconfirmed))).toHaveLength(3);
  });
});
