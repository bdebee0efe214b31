// The company's contracts over HTTP, for its managers: the list, one contract with the cars free for
// its period, its fines and the renter's documents, and the two saves (the car and links; the
// transfer settings). A manager sees only their own company's; the data is ./store.ts.
import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { CONTRACT_STATUSES, contractActive, contractProblems, isClosed } from '../../machines/contract';
import { requireRole } from '../auth/middleware';
import { carById } from '../cars/store';
import { documents } from '../db/schema';
import type { AppEnv } from '../deps';
import { jsonOnly } from '../http/security';
import { validate, version } from '../http/validate';
import { violationsOfContract } from '../violations/store';
import { notify } from '../notifications/store';
import {
  carRefusal,
  companyContract,
  freeCars,
  latestContractCode,
  listContracts,
  saveContract,
  settingsSchema,
  setupSchema,
  viewFound,
} from './store';

const listQuery = z.object({
  q: z.string().trim().max(40).optional(),
  status: z.enum(CONTRACT_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
const byCode = z.object({ code: z.string().max(40) });

export const contractRoutes = new Hono<AppEnv>()
  .use(requireRole('manager'))
  .get('/', validate('query', listQuery), async (c) =>
    c.json(await listContracts(c.var.deps.db, c.var.user!.companyId ?? '', c.req.valid('query'))),
  )
  .get('/latest', async (c) => c.json({ code: await latestContractCode(c.var.deps.db, c.var.user!.companyId ?? '') }))
  .get('/:code', validate('param', byCode), async (c) => {
    const { db } = c.var.deps;
    const found = await companyContract(db, c.var.user!.companyId ?? '', c.req.valid('param').code);
    if (!found) return c.json({ error: 'notFound' as const }, 404);
    const [cars, violations, renterDocuments] = await Promise.all([
      freeCars(db, found.contract, found.booking),
      violationsOfContract(db, found.contract.code),
      found.booking
        ? db
            .select({ id: documents.id, kind: documents.kind })
            .from(documents)
            .where(eq(documents.userId, found.booking.renterId))
            .orderBy(desc(documents.createdAt))
        : [],
    ]);
    return c.json({ contract: viewFound(found), freeCars: cars, violations, documents: renterDocuments });
  })
  .put(
    '/:code/setup',
    jsonOnly,
    validate('param', byCode),
    validate('json', z.object({ setup: setupSchema, version: version() }).strict()),
    async (c) => {
      const { db, now } = c.var.deps;
      const user = c.var.user!;
      const { setup, version: from } = c.req.valid('json');
      const found = await companyContract(db, user.companyId ?? '', c.req.valid('param').code);
      if (!found) return c.json({ error: 'notFound' as const }, 404);
      const view = viewFound(found);
      // A cancelled or finished rental's contract is a record: it is not activated after the fact.
      if (isClosed(view.status)) return c.json({ error: 'closed' as const, contract: view }, 409);
      const problems: Record<string, string> = { ...contractProblems(setup, found.booking !== null) };
      if (Object.keys(problems).length > 0) return c.json({ error: 'invalid' as const, fields: problems }, 400);
      // Active only as saved: the confirmations are the renter's, the car and the link the company's.
      const activatedAt = contractActive(setup, view.renter) ? (found.contract.activatedAt ?? now()) : null;
      const result = await saveContract(
        db,
        found,
        from,
        {
          carId: setup.carId,
          setup: { bookingLinked: setup.bookingLinked, violationTransfer: setup.violationTransfer },
          activatedAt,
          setupSavedAt: now(),
        },
        (tx) => carRefusal(tx, found, setup.carId),
      );
      if (result.refused) return c.json({ error: 'invalid' as const, fields: { carId: result.refused } }, 400);
      if (!result.saved) return c.json({ error: 'conflict' as const, contract: result.contract }, 409);
      // The renter hears that their contract is active (the first time it becomes so).
      if (activatedAt && !found.contract.activatedAt && found.booking) {
        await notify(db, now(), found.booking.renterId, 'contractActive', { number: found.contract.code, model: (await carById(db, setup.carId!))?.model ?? '' }, 'rentalContract');
      }
      return c.json({ contract: result.contract }, 200);
    },
  )
  .put(
    '/:code/transfer-settings',
    jsonOnly,
    validate('param', byCode),
    validate('json', z.object({ settings: settingsSchema, version: version() }).strict()),
    async (c) => {
      const { db, now } = c.var.deps;
      const { settings, version: from } = c.req.valid('json');
      const found = await companyContract(db, c.var.user!.companyId ?? '', c.req.valid('param').code);
      if (!found) return c.json({ error: 'notFound' as const }, 404);
      const result = await saveContract(db, found, from, { settings, settingsSavedAt: now() });
      if (!result.saved && result.contract) return c.json({ error: 'conflict' as const, contract: result.contract }, 409);
      return c.json({ contract: result.contract }, 200);
    },
  );
