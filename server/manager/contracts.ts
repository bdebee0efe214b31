// Contracts a rental company keeps: their set-up and their violation transfer settings, saved over
// the version the manager started from (a save from an older one is a conflict, never a silent loss).
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { contractProblems, EMPTY_SETUP, type ContractSetup } from '../../machines/contract';
import { CAR_IDS } from '../../machines/fleet';
import { DEFAULT_SETTINGS, type TransferSettings } from '../../machines/transferSettings';
import type { Db } from '../db/open';
import { contracts } from '../db/schema';
import type { AppEnv } from '../deps';
import { requireRole } from '../auth/middleware';
import { jsonOnly } from '../http/security';
import { validate } from '../http/validate';
import { violationOfContract } from './violations';

export const setupSchema = z
  .object({
    confirmed: z.boolean(),
    policyAgreed: z.boolean(),
    carId: z.enum(CAR_IDS).nullable(),
    bookingLinked: z.boolean(),
    violationTransfer: z.boolean(),
  })
  .strict();

export const settingsSchema = z
  .object({ mode: z.enum(['automatic', 'manual']), notify: z.boolean(), consent: z.boolean() })
  .strict();

export type ContractRow = typeof contracts.$inferSelect;

/** The sample company's contracts, as the specification shows them. */
export const SAMPLE_COMPANY = 'Elite Auto Rentals';
export const SAMPLE_CONTRACTS = ['MC-2024-0412', 'MC-2024-0413'];

export async function ensureSampleContracts(db: Db) {
  await db
    .insert(contracts)
    .values(SAMPLE_CONTRACTS.map((code) => ({ code, company: SAMPLE_COMPANY, setup: EMPTY_SETUP, settings: DEFAULT_SETTINGS })))
    .onConflictDoNothing();
}

/** A stored row, read through the schemas: anything unreadable falls back to the defaults. */
export function contractView(row: ContractRow) {
  const setup = setupSchema.safeParse(row.setup);
  const settings = settingsSchema.safeParse(row.settings);
  return {
    code: row.code,
    company: row.company,
    setup: (setup.success ? setup.data : EMPTY_SETUP) as ContractSetup,
    settings: (settings.success ? settings.data : DEFAULT_SETTINGS) as TransferSettings,
    setupSavedAt: row.setupSavedAt?.getTime() ?? null,
    settingsSavedAt: row.settingsSavedAt?.getTime() ?? null,
    version: row.version,
  };
}
export type ContractView = ReturnType<typeof contractView>;

export async function contractRow(db: Db, code: string) {
  return (await db.select().from(contracts).where(eq(contracts.code, code)))[0] ?? null;
}

const byCode = z.object({ code: z.string().max(40) });

export const contractRoutes = new Hono<AppEnv>()
  .use(requireRole('manager'))
  // A manager sees and changes only their own company's contracts.
  .use('/:code/*', async (c, next) => {
    const row = await contractRow(c.var.deps.db, c.req.param('code') ?? '');
    if (!row || row.company !== c.var.user!.company) return c.json({ error: 'notFound' as const }, 404);
    await next();
  })
  .get('/:code', validate('param', byCode), async (c) => {
    const row = await contractRow(c.var.deps.db, c.req.valid('param').code);
    if (!row || row.company !== c.var.user!.company) return c.json({ error: 'notFound' as const }, 404);
    return c.json({ contract: contractView(row) });
  })
  .put(
    '/:code/setup',
    jsonOnly,
    validate('param', byCode),
    validate('json', z.object({ setup: setupSchema, version: z.number().int().positive() }).strict()),
    async (c) => {
      const { setup, version } = c.req.valid('json');
      const problems = contractProblems(setup);
      if (Object.keys(problems).length > 0) return c.json({ error: 'invalid' as const, fields: problems }, 400);
      const result = await save(c.var.deps.db, c.req.valid('param').code, version, { setup, setupSavedAt: c.var.deps.now() });
      if (!result.saved) return c.json({ error: 'conflict' as const, contract: result.contract }, 409);
      return c.json({ contract: result.contract }, 200);
    },
  )
  .put(
    '/:code/transfer-settings',
    jsonOnly,
    validate('param', byCode),
    validate('json', z.object({ settings: settingsSchema, version: z.number().int().positive() }).strict()),
    async (c) => {
      const { settings, version } = c.req.valid('json');
      const result = await save(c.var.deps.db, c.req.valid('param').code, version, {
        settings,
        settingsSavedAt: c.var.deps.now(),
      });
      if (!result.saved) return c.json({ error: 'conflict' as const, contract: result.contract }, 409);
      return c.json({ contract: result.contract }, 200);
    },
  )
  .get('/:code/violation', validate('param', byCode), async (c) => {
    return c.json({ violation: await violationOfContract(c.var.deps.db, c.req.valid('param').code) });
  });

/** Saves over `version`; when someone saved first, returns what is saved now instead. */
async function save(db: Db, code: string, version: number, values: Partial<typeof contracts.$inferInsert>) {
  const [row] = await db
    .update(contracts)
    .set({ ...values, version: version + 1 })
    .where(and(eq(contracts.code, code), eq(contracts.version, version)))
    .returning();
  if (row) return { saved: true as const, contract: contractView(row) };
  const current = (await contractRow(db, code))!;
  return { saved: false as const, contract: contractView(current) };
}
