import type { Answer, Api, ImportJobView, ImportReport } from '../../src/client/api';

/**
 * Sends an authority file as the manager's screen does, and waits as the screen does (the company's
 * latest import) until the worker has gone through it: the job as it ended, and its report.
 */
export async function importAndWait(api: Api, csv: string): Promise<Answer<{ job: ImportJobView; report: ImportReport }>> {
  const queued = await api.importAuthorityFile(csv);
  if (!queued.ok) return queued;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const latest = await api.latestImport();
    const job = latest.ok ? latest.body.job : null;
    if (job?.id === queued.body.job.id && job.report) return { ok: true, body: { job, report: job.report } };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`import ${queued.body.job.id} did not end in 30 s`);
}
