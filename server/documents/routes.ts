// Identity documents: the renter sees their own; a company's manager or agent (checking the renter
// at the counter) those of renters who signed a contract with the company. Nobody else.
import { and, desc, eq, exists } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../deps';
import { bookings, contracts, documents } from '../db/schema';
import { requireRole } from '../auth/middleware';
import { validate } from '../http/validate';

export const documentRoutes = new Hono<AppEnv>()
  .get('/', requireRole('renter'), async (c) => {
    const rows = await c.var.deps.db
      .select({ id: documents.id, kind: documents.kind, contentType: documents.contentType, size: documents.size })
      .from(documents)
      .where(eq(documents.userId, c.var.user!.id))
      .orderBy(desc(documents.createdAt));
    return c.json({ documents: rows });
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
    const bytes = row && (await c.var.deps.documents.get(row.storageKey));
    if (!row || !bytes) return c.json({ error: 'notFound' as const }, 404);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': row.contentType,
      'Content-Disposition': `inline; filename="${row.kind}${row.contentType === 'application/pdf' ? '.pdf' : ''}"`,
      'Cache-Control': 'private, no-store',
      // Opened on its own, a document runs nothing.
      'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    });
  });
