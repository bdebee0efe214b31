// Identity documents: the renter sees their own and replaces them (from Account: after the ones of an
// account whose e-mail was never confirmed were deleted, server/housekeeping.ts, or when one expires);
// a company's manager or agent (checking the renter at the counter) sees those of renters who signed a
// contract with the company; an agent kept to some branches, only for a handover at one of them.
// Nobody else.
import { and, desc, eq, exists, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { DOCUMENT_FIELDS, DOCUMENT_MAX_BYTES, documentsProblems, type DocumentField } from '../../machines/validation';
import type { AppEnv } from '../deps';
import type { Db } from '../db/open';
import { bookings, contracts, documents } from '../db/schema';
import { requireRole } from '../auth/middleware';
import { overAllowance, REGISTRATION_ALLOWANCE } from '../auth/usage';
import { clientAddress, limitBody } from '../http/security';
import { upload, validate } from '../http/validate';
import { bytesOf, describeUpload, documentRows } from './store';
import { restoreJourney } from '../../machines/persistence';
import type { User } from '../auth/sessions';
import { placesOf, reachesHandover } from '../branches/store';

/** The renter's documents, newest first (what the Account lists). */
const documentsOf = (db: Db, userId: string) =>
  db
    .select({ id: documents.id, kind: documents.kind, contentType: documents.contentType, size: documents.size })
    .from(documents)
    .where(eq(documents.userId, userId))
    .orderBy(desc(documents.createdAt));

/**
 * Whether the renter's documents are within the person's branches: always for the renter and for
 * the unrestricted; for an agent kept to some branches, when a booking of the renter's with the
 * company has its handover at one of them (as the counter's own list shows it).
 */
async function reachable(db: Db, user: User, renterId: string) {
  const places = user.role === 'renter' ? null : await placesOf(db, user);
  if (!places) return true;
  const rows = await db
    .select({ journey: bookings.journey })
    .from(bookings)
    .innerJoin(contracts, eq(contracts.bookingId, bookings.id))
    .where(and(eq(bookings.renterId, renterId), eq(contracts.companyId, user.companyId ?? '')));
  return rows.some(({ journey }) => {
    const snapshot = restoreJourney(journey).snapshot;
    return snapshot !== null && reachesHandover(places, snapshot.context);
  });
}

/** The three documents at their largest, and the form around them. */
export const DOCUMENTS_BODY_MAX = 3 * DOCUMENT_MAX_BYTES + 64 * 1024;

const documentsForm = z.object({ emiratesIdFile: upload.optional(), emiratesIdBackFile: upload.optional(), licenceFile: upload.optional() });
const FIELDS = Object.keys(DOCUMENT_FIELDS) as DocumentField[];

export const documentRoutes = new Hono<AppEnv>()
  .get('/', requireRole('renter'), async (c) => c.json({ documents: await documentsOf(c.var.deps.db, c.var.user!.id) }))
  // New documents, each replacing the one of its kind: checked by content as at registration, within the
  // disk's floor and the registration's allowance per client and per account (an hour's uploads).
  .post('/', requireRole('renter'), limitBody(DOCUMENTS_BODY_MAX), validate('form', documentsForm), async (c) => {
    const deps = c.var.deps;
    const user = c.var.user!;
    const form = c.req.valid('form');
    // An empty file is no file: not given.
    const read = await Promise.all(
      FIELDS.map(async (field) => ({ field, kind: DOCUMENT_FIELDS[field], file: form[field], bytes: await bytesOf(form[field]) })),
    );
    const given = read.flatMap((g) => (g.bytes && g.file ? [{ ...g, bytes: g.bytes, info: describeUpload(g.file, g.bytes)! }] : []));
    const problems = documentsProblems(Object.fromEntries(given.map((g) => [g.field, g.info])));
    if (Object.keys(problems).length > 0) return c.json({ error: 'invalid' as const, fields: problems }, 400);
    const size = given.reduce((sum, g) => sum + g.bytes.byteLength, 0);
    if (!(await deps.documents.room(size))) return c.json({ error: 'storageFull' as const }, 507);
    const now = deps.now();
    const refused = await overAllowance(c, deps.db, 'documents', size, [
      [clientAddress(c, deps.config.trustProxy), REGISTRATION_ALLOWANCE],
      [`account:${user.id}`, REGISTRATION_ALLOWANCE],
    ], now);
    if (refused) return refused;
    const keys = await Promise.all(given.map((g) => deps.documents.put(g.bytes)));
    let replaced: { storageKey: string }[];
    try {
      replaced = await deps.db.transaction(async (tx) => {
        const old = await tx
          .delete(documents)
          .where(and(eq(documents.userId, user.id), inArray(documents.kind, given.map((g) => g.kind))))
          .returning({ storageKey: documents.storageKey });
        await tx.insert(documents).values(documentRows(user.id, given, keys, now));
        return old;
      });
    } catch (error) {
      await Promise.all(keys.map((k) => deps.documents.remove(k)));
      throw error;
    }
    // The rows first, then the old bytes: a file left by a crash in between is only space.
    await Promise.all(replaced.map((d) => deps.documents.remove(d.storageKey)));
    return c.json({ documents: await documentsOf(deps.db, user.id) }, 201);
  })
  .get('/:id', requireRole('renter', 'manager', 'agent'), validate('param', z.object({ id: z.uuid() })), async (c) => {
    const user = c.var.user!;
    const id = c.req.valid('param').id;
    const db = c.var.deps.db;
    const theirs =
      user.role === 'renter'
        ? eq(documents.userId, user.id)
        : exists(
            db
              .select({ one: contracts.code })
              .from(contracts)
              .innerJoin(bookings, eq(bookings.id, contracts.bookingId))
              .where(and(eq(bookings.renterId, documents.userId), eq(contracts.companyId, user.companyId ?? ''))),
          );
    const [row] = await db.select().from(documents).where(and(eq(documents.id, id), theirs));
    const bytes = row && (await reachable(db, user, row.userId)) && (await c.var.deps.documents.get(row.storageKey));
    if (!row || !bytes) return c.json({ error: 'notFound' as const }, 404);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': row.contentType,
      'Content-Disposition': `inline; filename="${row.kind}${row.contentType === 'application/pdf' ? '.pdf' : ''}"`,
      'Cache-Control': 'private, no-store',
      // Opened on its own, a document runs nothing.
      'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    });
  });
