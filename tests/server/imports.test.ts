// An authority file is imported off the request path (issue 23, defect 4: a 5,000-row file used to
// hold every request for its whole import): the upload is answered at once with the job, the manager
// follows its progress, other requests are answered meanwhile, and a restart carries on where the
// worker stopped, each row counted once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorityRecords, importJobs } from '../../server/db/schema';
import { SAMPLE_MANAGER, SECOND_MANAGER } from '../../server/seed';
import { startTestServer, type TestServer } from '../support/server';
import { browser, renter } from './helpers';

const HEADER = 'reference,type,plate,date_time,location,code,description,amount,black_points';
/** `n` fines on a car that is not the company's: each is recorded, unmatched. */
const fines = (n: number, tag: string) =>
  [HEADER, ...Array.from({ length: n }, (_, i) => `${tag}-${i},fine,Abu Dhabi 5 22871,2026-11-01T08:00:00Z,Corniche,RED-1,Red light,1000,12`)].join('\n');

describe('an import is a job', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s?.close());

  const manager = async ({ email, password } = SAMPLE_MANAGER) => {
    const b = await browser(s);
    const signedIn = await b.api.logIn({ email, password, role: 'manager' });
    if (!signedIn.ok) throw new Error('manager sign-in');
    return b;
  };

  it('is answered at once (202, queued, how many rows); the manager sees it go forward while the server answers other requests, then its report', async () => {
    const m = await manager();
    const queued = await m.api.importAuthorityFile(fines(600, 'PROG'));
    if (!queued.ok) throw new Error(JSON.stringify(queued));
    expect(queued.body.job).toMatchObject({ status: 'queued', total: 600, done: 0 });
    // Another request, sent now, is answered while the file is still being imported.
    const other = await m.api.contracts({});
    expect(other.ok).toBe(true);
    const meanwhile = await m.api.latestImport();
    expect(meanwhile.ok && meanwhile.body.job?.status).not.toBe('done');
    const seen: { status: string; done: number }[] = [];
    await expect
      .poll(
        async () => {
          const latest = await m.api.latestImport();
          const job = latest.ok ? latest.body.job : null;
          if (job) seen.push({ status: job.status, done: job.done });
          return job?.status;
        },
        { timeout: 30_000, interval: 20 },
      )
      .toBe('done');
    // Part-way through, the manager saw how far it had gone.
    expect(seen.some(({ status, done }) => status === 'running' && done > 0 && done < 600)).toBe(true);
    const latest = await m.api.latestImport();
    expect(latest.ok && latest.body.job).toMatchObject({ status: 'done', done: 600, total: 600 });
    expect(latest.ok && latest.body.job!.report?.unmatched).toHaveLength(600);
  });

  it('a restart part-way carries on where it stopped: every row recorded once, the report whole', async () => {
    const m = await manager();
    const queued = await m.api.importAuthorityFile(fines(400, 'RESTART'));
    if (!queued.ok) throw new Error(JSON.stringify(queued));
    const id = queued.body.job.id;
    // Stopped once the worker is part-way through (a deploy).
    await expect
      .poll(async () => {
        const latest = await m.api.latestImport();
        return latest.ok ? (latest.body.job?.done ?? 0) : 0;
      }, { timeout: 30_000, interval: 10 })
      .toBeGreaterThan(0);
    await s.restart();
    const [stopped] = await s.deps.db.select().from(importJobs).where(eq(importJobs.id, id));
    expect(stopped!.done).toBeLessThan(400);
    const again = await manager();
    await expect
      .poll(async () => {
        const latest = await again.api.latestImport();
        return latest.ok && latest.body.job?.id === id ? latest.body.job.status : null;
      }, { timeout: 30_000, interval: 20 })
      .toBe('done');
    const latest = await again.api.latestImport();
    const report = latest.ok ? latest.body.job!.report : null;
    // Each row once: as imported, or (taken again after the restart) as already imported.
    expect(report!.unmatched.length + report!.duplicates.length).toBe(400);
    const records = await s.deps.db.select({ reference: authorityRecords.reference }).from(authorityRecords);
    expect(records.filter((r) => r.reference.startsWith('RESTART-'))).toHaveLength(400);
  });

  it('only the company’s own managers (and its key) see its imports: nobody signed in 401, a renter 403, another company nothing of it', async () => {
    const m = await manager();
    const queued = await m.api.importAuthorityFile(fines(3, 'OWN'));
    if (!queued.ok) throw new Error(JSON.stringify(queued));
    const anonymous = await browser(s);
    expect(await anonymous.api.latestImport()).toMatchObject({ ok: false, status: 401 });
    expect(await anonymous.api.importAuthorityFile(fines(1, 'ANON'))).toMatchObject({ ok: false, status: 401 });
    const r = await renter({}, s);
    expect(await r.api.latestImport()).toMatchObject({ ok: false, status: 403 });
    expect(await r.api.importAuthorityFile(fines(1, 'RENTER'))).toMatchObject({ ok: false, status: 403 });
    // Another company's manager: its latest import is not this one; its key cannot read this job.
    const other = await manager(SECOND_MANAGER);
    const theirs = await other.api.latestImport();
    expect(theirs.ok && theirs.body.job?.id).not.toBe(queued.body.job.id);
    const key = await other.api.rotateApiKey();
    if (!key.ok) throw new Error('key');
    const asked = await s.app.request(`http://movecar.test/api/feeds/authority/${queued.body.job.id}`, { headers: { authorization: `Bearer ${key.body.key}` } });
    expect(asked.status).toBe(404);
  });

  it('a company imports so many files an hour (by screen or feed together): then 429 with when to come back; another company is not held', async () => {
    const allowance = s.deps.config.importAllowance;
    // Six an hour here; the sample company has used at most four of its own in this file.
    s.deps.config = { ...s.deps.config, importAllowance: { ...allowance, count: 6 } };
    try {
      const m = await manager(SECOND_MANAGER);
      const key = await m.api.rotateApiKey();
      if (!key.ok) throw new Error('key');
      const feed = (csv: string) =>
        s.app.request('http://movecar.test/api/feeds/authority', {
          method: 'POST',
          headers: { authorization: `Bearer ${key.body.key}`, 'content-type': 'text/csv' },
          body: csv,
        });
      for (let i = 1; i <= 6; i += 2) {
        expect(await m.api.importAuthorityFile(fines(1, `ALLOW-${i}`))).toMatchObject({ ok: true });
        expect((await feed(fines(1, `ALLOW-${i + 1}`))).status).toBe(202);
      }
      const seventh = await feed(fines(1, 'ALLOW-7'));
      expect(seventh.status).toBe(429);
      expect(Number(seventh.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await seventh.json()).toMatchObject({ error: 'tooMany' });
      expect(await m.api.importAuthorityFile(fines(1, 'ALLOW-8'))).toMatchObject({ ok: false, status: 429 });
      // Nothing of the refused files was queued.
      const jobs = await s.deps.db.select({ csv: importJobs.csv }).from(importJobs).where(eq(importJobs.companyId, SECOND_MANAGER.company));
      expect(jobs.filter((j) => j.csv.includes('ALLOW-'))).toHaveLength(6);
      // The sample company's manager imports as before.
      expect((await (await manager()).api.importAuthorityFile(fines(1, 'OTHER'))).ok).toBe(true);
    } finally {
      s.deps.config = { ...s.deps.config, importAllowance: allowance };
    }
  });
});
