// Authority files are imported off the request path: the request checks the file and queues it (an
// `import_jobs` row); a worker in each instance takes queued files one at a time, row by row, giving
// the other requests their turn between rows, and records a few times a second how far it has gone,
// so the manager's screen shows the progress live and a restart picks the file up where it stopped.
// The rows done since the last record (a kill) are taken again: each row's own transaction makes it
// count once, and the report says "already imported" for them.
import { and, asc, desc, eq, lt, or } from 'drizzle-orm';
import type { Db } from '../db/open';
import { importJobs } from '../db/schema';
import type { Deps, Logger } from '../deps';
import { pushTo } from '../live/hub';
import { managersOf } from '../companies/managers';
import { emptyReport, finishImport, importRow } from './authority';
import { readAuthorityCsv } from './csv';
import { startWorker, type Worker } from '../worker';

type Job = typeof importJobs.$inferSelect;

/** How long a worker holds a job without a word: a worker that stopped (a kill) lets it go this late. */
export const LEASE_MS = 60_000;
/** How often the worker records how far it has gone (the report is rewritten whole each time). */
const RECORD_EVERY_MS = 250;
/** The managers' screens hear of the progress at most this often. */
const PUSH_EVERY_MS = 500;

const ended = (job: Job) => job.status === 'done' || job.status === 'failed';

/**
 * What the manager's screen and the authority's system see of an import: how far it has gone, and once
 * it has ended its report (up to a line per row: not sent again and again while the bar moves).
 */
export const jobView = (job: Job) => ({
  id: job.id,
  status: job.status,
  total: job.total,
  done: job.done,
  receivedAt: job.receivedAt.getTime(),
  report: ended(job) ? job.report : null,
});
export type ImportJobView = ReturnType<typeof jobView>;

/** Checks a company's file and queues it; a file that cannot be read is refused at once. */
export async function queueImport(deps: Deps, companyId: string, csv: string) {
  const receivedAt = deps.now();
  const read = readAuthorityCsv(csv, receivedAt);
  if (read.problem) return { problem: read.problem, job: null };
  const [job] = await deps.db
    .insert(importJobs)
    .values({ companyId, csv, receivedAt, total: read.rows.length, report: emptyReport(read.rejected) })
    .returning();
  await pushTo(deps.db, await managersOf(deps.db, companyId), 'imports');
  deps.imports.nudge();
  return { problem: null, job: jobView(job!) };
}

/** The company's import `id`, or its latest one. */
export async function findImport(db: Db, companyId: string, id?: string) {
  const [job] = await db
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.companyId, companyId), id ? eq(importJobs.id, id) : undefined))
    .orderBy(desc(importJobs.createdAt))
    .limit(1);
  return job ? jobView(job) : null;
}

/** Takes the oldest queued job, or one whose worker went quiet, for `LEASE_MS`. */
async function claim(db: Db, now: Date): Promise<Job | null> {
  return db.transaction(async (tx) => {
    const [next] = await tx
      .select({ id: importJobs.id })
      .from(importJobs)
      .where(or(eq(importJobs.status, 'queued'), and(eq(importJobs.status, 'running'), lt(importJobs.leaseUntil, now))))
      .orderBy(asc(importJobs.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!next) return null;
    const [job] = await tx
      .update(importJobs)
      .set({ status: 'running', leaseUntil: new Date(now.getTime() + LEASE_MS) })
      .where(eq(importJobs.id, next.id))
      .returning();
    return job ?? null;
  });
}

/** Runs `job` from where it stands until its end, or until `stopping()` says so (it is then queued again). */
async function run(deps: Deps, job: Job, stopping: () => boolean) {
  const { db } = deps;
  const rows = readAuthorityCsv(job.csv, job.receivedAt).rows;
  const { report, charges } = job;
  const managers = await managersOf(db, job.companyId);
  let done = job.done;
  const record = (status: Job['status'] = 'running') =>
    db
      .update(importJobs)
      .set({
        status,
        done,
        report,
        charges,
        leaseUntil: status === 'running' ? new Date(deps.now().getTime() + LEASE_MS) : null,
        finishedAt: status === 'done' ? deps.now() : null,
      })
      .where(eq(importJobs.id, job.id));
  let recordedAt = Date.now();
  let pushedAt = 0;
  while (done < rows.length) {
    // Stopping (a deploy): what is done is kept, and the next start carries on from there.
    if (stopping()) return record('queued');
    await importRow(deps, job.companyId, rows[done]!, report, charges);
    done += 1;
    if (Date.now() - recordedAt >= RECORD_EVERY_MS) {
      recordedAt = Date.now();
      await record();
    }
    if (Date.now() - pushedAt >= PUSH_EVERY_MS) {
      pushedAt = Date.now();
      await pushTo(db, managers, 'imports');
    }
    // The other requests' turn: a row's queries are quick, a file's thousands of them are not.
    await new Promise((resolve) => setImmediate(resolve));
  }
  // Told first, then done: whoever sees the job done also sees what it told the renters (a process
  // stopped in between takes the file up again and only tells the managers once more).
  await finishImport(deps, job.companyId, managers, report, charges);
  await record('done');
}

/** A job that broke off (the database refused a row): the manager sees it stopped, with what it did. */
async function failed(deps: Deps, job: Job) {
  await deps.db.update(importJobs).set({ status: 'failed', leaseUntil: null, finishedAt: deps.now() }).where(eq(importJobs.id, job.id));
  await pushTo(deps.db, await managersOf(deps.db, job.companyId), 'imports');
}

/** The worker: imports queued files one at a time, at once when nudged, else every `everyMs`. */
export function startImportWorker(deps: () => Deps, log: Logger, everyMs = 5_000): Worker {
  return startWorker(
    'import',
    async (stopping) => {
      const job = await claim(deps().db, deps().now());
      if (!job) return false;
      try {
        await run(deps(), job, stopping);
      } catch (error) {
        log.error('import failed', { job: job.id, reason: error instanceof Error ? error.message : 'unknown' });
        await failed(deps(), job);
      }
      return true; // another may be waiting
    },
    everyMs,
    log,
  );
}
