// Where authority records come in: the manager's upload (signed in, JSON holding the file's text) and
// the feed endpoint an authority's system calls with the company's API key (text/csv, no session).
import { and, desc, eq, isNull } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { authorityRecords } from '../db/schema';
import type { AppEnv } from '../deps';
import { requireRole } from '../auth/middleware';
import { clientAddress, jsonOnly, limitBody } from '../http/security';
import { overAllowance } from '../auth/usage';
import { validate } from '../http/validate';
import { companyByKey } from '../companies/store';
import { findImport, queueImport } from './jobs';

const MAX_FILE = 1024 * 1024;
/** An import's body: the file, as JSON text or as text/csv. */
export const IMPORT_BODY_MAX = MAX_FILE + 4096;
const tooLarge = limitBody(IMPORT_BODY_MAX);

/**
 * An import costs a worker's time: each company, and each client address, has an allowance per hour
 * (deps.config.importAllowance); past it, 429 with when to come back. Counted before the file is read.
 */
async function overImportAllowance(c: Context<AppEnv>, companyId: string, bytes: number) {
  const { db, config, now } = c.var.deps;
  const whos = [`company ${companyId}`, clientAddress(c, config.trustProxy)];
  return overAllowance(c, db, 'import', bytes, whos.map((who) => [who, config.importAllowance]), now());
}

export const importRoutes = new Hono<AppEnv>()
  .use(requireRole('manager'))
  // Checked here, imported by the worker: 202 with the job, whose progress the manager's screen follows.
  .post('/', tooLarge, jsonOnly, validate('json', z.object({ csv: z.string().min(1).max(MAX_FILE) }).strict()), async (c) => {
    const { csv } = c.req.valid('json');
    const refused = await overImportAllowance(c, c.var.user!.companyId!, csv.length);
    if (refused) return refused;
    const { problem, job } = await queueImport(c.var.deps, c.var.user!.companyId!, csv);
    if (problem) return c.json({ error: 'invalid' as const, fields: { csv: problem } }, 400);
    return c.json({ job: job! }, 202);
  })
  // The company's latest import (whoever sent it: a manager or the authority's system), or none.
  .get('/latest', async (c) => c.json({ job: await findImport(c.var.deps.db, c.var.user!.companyId!) }))
  // What came in that no booking of the company had at that time.
  .get('/unmatched', async (c) => {
    const rows = await c.var.deps.db
      .select()
      .from(authorityRecords)
      .where(and(eq(authorityRecords.companyId, c.var.user!.companyId!), isNull(authorityRecords.bookingId)))
      .orderBy(desc(authorityRecords.occurredAt))
      .limit(100);
    return c.json({
      unmatched: rows.map((r) => ({ id: r.id, kind: r.kind, reference: r.reference, plate: r.plate, at: r.occurredAt.getTime(), location: r.location, amount: r.amount })),
    });
  });

/** The company whose API key the request carries (`Authorization: Bearer <key>`), or null. */
async function keyHolder(c: Context<AppEnv>) {
  const key = /^Bearer (mck_[A-Za-z0-9_-]{20,80})$/.exec(c.req.header('authorization') ?? '')?.[1];
  return key ? companyByKey(c.var.deps.db, key, c.var.deps.now()) : null;
}

/**
 * The authority's systems, with the company's API key: the file as text/csv, answered 202 with the
 * job and where to ask how it went (`Location`).
 */
export const feedRoutes = new Hono<AppEnv>()
  .post('/authority', tooLarge, async (c) => {
    const company = await keyHolder(c);
    if (!company) return c.json({ error: 'unauthenticated' as const }, 401);
    if (!(c.req.header('content-type') ?? '').startsWith('text/csv')) return c.json({ error: 'contentType' as const }, 415);
    const csv = await c.req.text();
    const refused = await overImportAllowance(c, company.id, csv.length);
    if (refused) return refused;
    const { problem, job } = await queueImport(c.var.deps, company.id, csv);
    if (problem) return c.json({ error: 'invalid' as const, fields: { csv: problem } }, 400);
    c.header('Location', `/api/feeds/authority/${job!.id}`);
    return c.json({ job: job! }, 202);
  })
  .get('/authority/:id', validate('param', z.object({ id: z.string().uuid() })), async (c) => {
    const company = await keyHolder(c);
    if (!company) return c.json({ error: 'unauthenticated' as const }, 401);
    const job = await findImport(c.var.deps.db, company.id, c.req.valid('param').id);
    return job ? c.json({ job }, 200) : c.json({ error: 'notFound' as const }, 404);
  });
