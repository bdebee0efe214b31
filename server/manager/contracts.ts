// A rental company's contracts: made when a renter signs for one of its cars, then kept by the
// company's managers (car linked from its fleet, booking linked, violation transfer, transfer settings).
// Every save is over the version the manager started from: a save from an older one is a conflict
// that returns what is saved now, never a silent loss. A manager sees only their own company's.
import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  CONTRACT_STATUSES,
  contractActive,
  isClosed,
  contractProblems,
  EMPTY_SETUP,
  type ContractSetup,
  type ContractStatus,
  type RenterConfirmations,
} from '../../machines/contract';
import type { Car } from '../../machines/fleet';
import { CAR_ID } from '../../machines/journey-rules';
import { carById, companyCars } from '../cars/records';
import type { JourneySnapshot } from '../../machines/journey';
import { restoreJourney } from '../../machines/persistence';
import { DEFAULT_SETTINGS, type TransferSettings } from '../../machines/transferSettings';
import type { Db, Tx } from '../db/open';
import { bookings, cars, companies, contracts, documents, users } from '../db/schema';
import { clausesOf } from '../../machines/company';
import type { AppEnv } from '../deps';
import { requireRole } from '../auth/middleware';
import { jsonOnly } from '../http/security';
import { validate } from '../http/validate';
import type { BookingRow } from '../journey/bookings';
import { pushTo } from '../live/hub';
import { notify } from '../notifications/store';
import { violationsOfContract } from './violationRecords';

export const setupSchema = z
  .object({ carId: z.string().regex(CAR_ID).nullable(), bookingLinked: z.boolean(), violationTransfer: z.boolean() })
  .strict();

export const settingsSchema = z
  .object({ mode: z.enum(['automatic', 'manual']), notify: z.boolean(), consent: z.boolean() })
  .strict();

const storedSetup = z.object({ bookingLinked: z.boolean(), violationTransfer: z.boolean() });

export type ContractRow = typeof contracts.$inferSelect;
type CarRow = typeof cars.$inferSelect;

/** The specification's two sample contracts (an S-Class each), for the demo company. */
export const SAMPLE_CONTRACTS = ['MC-2024-0412', 'MC-2024-0413'];
export const SAMPLE_COMPANY = 'elite-auto';

export async function ensureSampleContracts(db: Db) {
  await db
    .insert(contracts)
    .values(
      SAMPLE_CONTRACTS.map((code) => ({
        code,
        companyId: SAMPLE_COMPANY,
        carId: 's-class',
        setup: { bookingLinked: false, violationTransfer: false },
        settings: DEFAULT_SETTINGS,
      })),
    )
    .onConflictDoNothing();
}

/** `MC-YYYY-NNNNNN`: the year it was signed and a random part (unique in the table). */
const contractCode = (now: Date) => `MC-${now.getUTCFullYear()}-${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

/** The renter signed for a car: the car's company gets the contract, in the step's transaction. */
export async function openContract(tx: Db | Tx, booking: BookingRow, car: Car, now: Date) {
  // The company's own clauses as the renter signs them: its printed agreement keeps these.
  const [company] = await tx.select({ en: companies.clausesEn, ar: companies.clausesAr }).from(companies).where(eq(companies.id, car.company));
  const clauses = { en: clausesOf(company?.en ?? ''), ar: clausesOf(company?.ar ?? '') };
  for (let attempt = 0; attempt < 8; attempt++) {
    const [row] = await tx
      .insert(contracts)
      .values({
        code: contractCode(now),
        companyId: car.company,
        bookingId: booking.id,
        carId: car.id,
        setup: { bookingLinked: false, violationTransfer: false },
        settings: DEFAULT_SETTINGS,
        clauses,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (row) {
      // The company's managers see the new contract in their open list.
      await pushTo(tx, await managersOf(tx, row.companyId), 'contracts', row.code);
      return row;
    }
    // The booking already has its contract (a repeated step): keep that one.
    const [existing] = await tx.select().from(contracts).where(eq(contracts.bookingId, booking.id));
    if (existing) return existing;
  }
  throw new Error('no free contract number');
}

/** The company's managers: who hears about what happens to its contracts and fines. */
export async function managersOf(db: Db | Tx, companyId: string, roles: ('manager' | 'agent')[] = ['manager']) {
  // An admin may do what a manager may (machines/roles.ts), so hears what managers hear.
  const wanted = roles.includes('manager') ? [...roles, 'admin' as const] : roles;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.role, wanted), isNull(users.revokedAt)));
  return rows.map((r) => r.id);
}

/** What the renter confirmed, from their journey (nothing when there is no booking or it cannot be read). */
function confirmationsOf(snapshot: JourneySnapshot | null): RenterConfirmations & { signedAt: number | null } {
  const c = snapshot?.context;
  return { confirmed: !!c?.contract, policyAgreed: !!c?.termsAccepted, signedAt: c?.contract?.signedAt ?? null };
}

const statusOf = (row: ContractRow, booking: BookingRow | null, snapshot: JourneySnapshot | null): ContractStatus =>
  snapshot?.context.cancellation ? 'cancelled' : booking?.completed ? 'completed' : row.activatedAt ? 'active' : 'pending';

/** A stored row with its booking, read through the schemas: anything unreadable falls back to the defaults. */
export function contractView(row: ContractRow, booking: BookingRow | null, renterName: string | null = null, car: CarRow | null = null) {
  const setup = storedSetup.safeParse(row.setup);
  const settings = settingsSchema.safeParse(row.settings);
  const snapshot = booking ? restoreJourney(booking.journey).snapshot : null;
  return {
    code: row.code,
    companyId: row.companyId,
    status: statusOf(row, booking, snapshot),
    setup: {
      ...(setup.success ? setup.data : EMPTY_SETUP),
      carId: row.carId ?? null,
    } as ContractSetup,
    /** The car the contract is for, as its record says now. */
    car: car ? { model: car.model, plate: car.plate } : null,
    settings: (settings.success ? settings.data : DEFAULT_SETTINGS) as TransferSettings,
    booking: booking
      ? {
          /** Its id, to ask for its tax documents. */
          id: booking.id,
          number: booking.number,
          carId: booking.carId,
          renterName,
          start: booking.periodStart?.getTime() ?? null,
          end: booking.periodEnd?.getTime() ?? null,
        }
      : null,
    renter: confirmationsOf(snapshot),
    activatedAt: row.activatedAt?.getTime() ?? null,
    setupSavedAt: row.setupSavedAt?.getTime() ?? null,
    settingsSavedAt: row.settingsSavedAt?.getTime() ?? null,
    createdAt: row.createdAt.getTime(),
    version: row.version,
  };
}
export type ContractView = ReturnType<typeof contractView>;

/** A contract of `companyId` (anyone else's is not found), with its booking and renter. */
export async function companyContract(db: Db | Tx, companyId: string, code: string) {
  const [found] = await db
    .select({ contract: contracts, booking: bookings, renterName: users.fullName, car: cars })
    .from(contracts)
    .leftJoin(bookings, eq(bookings.id, contracts.bookingId))
    .leftJoin(users, eq(users.id, bookings.renterId))
    .leftJoin(cars, eq(cars.id, contracts.carId))
    .where(and(eq(contracts.code, code), eq(contracts.companyId, companyId)));
  return found ?? null;
}

const viewFound = (found: NonNullable<Awaited<ReturnType<typeof companyContract>>>) =>
  contractView(found.contract, found.booking, found.renterName, found.car);

/**
 * The company's cars free for the contract's rental period: not linked to another contract whose
 * booking overlaps it. A contract without a booking has no period yet: every car is free.
 */
export async function freeCars(db: Db | Tx, contract: ContractRow, booking: BookingRow | null): Promise<Car[]> {
  const { companyId, code } = contract;
  const fleet = await companyCars(db, companyId);
  if (!booking?.periodStart || !booking.periodEnd) return fleet;
  const busy = await db
    .select({ carId: sql<string>`coalesce(${contracts.carId}, ${bookings.carId})` })
    .from(contracts)
    .innerJoin(bookings, eq(bookings.id, contracts.bookingId))
    .where(
      and(
        eq(contracts.companyId, companyId),
        ne(contracts.code, code),
        lt(bookings.periodStart, booking.periodEnd),
        gt(bookings.periodEnd, booking.periodStart),
      ),
    );
  const taken = new Set(busy.map((b) => b.carId));
  // The contract's own car stays its choice (the booking chose it; refusing double bookings when a
  // booking is made is the booking issue's work, not done yet).
  return fleet.filter((car) => car.id === contract.carId || !taken.has(car.id));
}

// The booking's journey says whether it was cancelled (statusOf reads the same field).
const CANCELLED = sql`coalesce(${bookings.journey} #> '{snapshot,context,cancellation}', 'null'::jsonb) <> 'null'::jsonb`;
const OPEN = and(sql`coalesce(${bookings.completed}, false) = false`, sql`not (${CANCELLED})`)!;
const STATUS_WHERE: Record<ContractStatus, SQL> = {
  cancelled: CANCELLED,
  completed: and(sql`coalesce(${bookings.completed}, false) = true`, sql`not (${CANCELLED})`)!,
  active: and(OPEN, isNotNull(contracts.activatedAt))!,
  pending: and(OPEN, isNull(contracts.activatedAt))!,
};

export const PAGE_SIZE = 10;
/** Advisory lock class for linking cars, per company. */
const CAR_LOCK = 727_003;
const likeText = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

const listQuery = z.object({
  q: z.string().trim().max(40).optional(),
  status: z.enum(CONTRACT_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
const byCode = z.object({ code: z.string().max(40) });
const version = z.number().int().positive();

export const contractRoutes = new Hono<AppEnv>()
  .use(requireRole('manager'))
  // The company's contracts, newest first: search by contract or booking number, filter by status.
  .get('/', validate('query', listQuery), async (c) => {
    const { db } = c.var.deps;
    const { q, status, page } = c.req.valid('query');
    const where = and(
      eq(contracts.companyId, c.var.user!.companyId ?? ''),
      q ? or(ilike(contracts.code, likeText(q)), ilike(bookings.number, likeText(q))) : undefined,
      status ? STATUS_WHERE[status] : undefined,
    );
    const base = () =>
      db
        .select({ contract: contracts, booking: bookings, renterName: users.fullName, car: cars })
        .from(contracts)
        .leftJoin(bookings, eq(bookings.id, contracts.bookingId))
        .leftJoin(users, eq(users.id, bookings.renterId))
        .leftJoin(cars, eq(cars.id, contracts.carId));
    const [rows, [total]] = await Promise.all([
      base()
        .where(where)
        .orderBy(desc(contracts.createdAt), desc(contracts.code))
        .limit(PAGE_SIZE)
        .offset((page - 1) * PAGE_SIZE),
      db
        .select({ n: count() })
        .from(contracts)
        .leftJoin(bookings, eq(bookings.id, contracts.bookingId))
        .where(where),
    ]);
    return c.json({ contracts: rows.map((r) => contractView(r.contract, r.booking, r.renterName, r.car)), total: total?.n ?? 0, page, pageSize: PAGE_SIZE });
  })
  // The most recent contract (the seed's /transfer-logic opens it).
  .get('/latest', async (c) => {
    const [row] = await c.var.deps.db
      .select({ code: contracts.code })
      .from(contracts)
      .where(eq(contracts.companyId, c.var.user!.companyId ?? ''))
      .orderBy(desc(contracts.createdAt), desc(contracts.code))
      .limit(1);
    return c.json({ code: row?.code ?? null });
  })
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
    validate('json', z.object({ setup: setupSchema, version }).strict()),
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
      const renter = view.renter;
      // Active only as saved: the confirmations are the renter's, the car and the link the company's.
      const activatedAt = contractActive(setup, renter) ? (found.contract.activatedAt ?? now()) : null;
      const result = await save(
        db,
        found,
        from,
        {
          carId: setup.carId,
          setup: { bookingLinked: setup.bookingLinked, violationTransfer: setup.violationTransfer },
          activatedAt,
          setupSavedAt: now(),
        },
        async (tx) => {
          // A car changes hands under the company's lock: two saves cannot both take it for one period.
          if (!setup.carId || setup.carId === found.contract.carId) return null;
          await tx.execute(sql`select pg_advisory_xact_lock(${CAR_LOCK}, hashtext(${found.contract.companyId}))`);
          if ((await freeCars(tx, found.contract, found.booking)).some((car) => car.id === setup.carId)) return null;
          return (await companyCars(tx, found.contract.companyId)).some((car) => car.id === setup.carId) ? 'carTaken' : 'notInFleet';
        },
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
    validate('json', z.object({ settings: settingsSchema, version }).strict()),
    async (c) => {
      const { db, now } = c.var.deps;
      const { settings, version: from } = c.req.valid('json');
      const found = await companyContract(db, c.var.user!.companyId ?? '', c.req.valid('param').code);
      if (!found) return c.json({ error: 'notFound' as const }, 404);
      const result = await save(db, found, from, { settings, settingsSavedAt: now() });
      if (!result.saved && result.contract) return c.json({ error: 'conflict' as const, contract: result.contract }, 409);
      return c.json({ contract: result.contract }, 200);
    },
  );

/**
 * Saves over `version`; when someone saved first, returns what is saved now instead. `check` runs in
 * the transaction first and may refuse (a field's problem). Other managers' screens hear of a save.
 */
async function save(
  db: Db,
  found: NonNullable<Awaited<ReturnType<typeof companyContract>>>,
  version: number,
  values: Partial<typeof contracts.$inferInsert>,
  check: (tx: Tx) => Promise<string | null> = async () => null,
) {
  const { code, companyId } = found.contract;
  const outcome = await db.transaction(async (tx) => {
    const refused = await check(tx);
    if (refused) return { refused };
    const [saved] = await tx
      .update(contracts)
      .set({ ...values, version: version + 1 })
      .where(and(eq(contracts.code, code), eq(contracts.version, version)))
      .returning();
    if (saved) await pushTo(tx, await managersOf(tx, companyId), 'contracts', code);
    return { saved };
  });
  if ('refused' in outcome) return { saved: false as const, refused: outcome.refused, contract: null };
  if (outcome.saved) return { saved: true as const, refused: null, contract: viewFound((await companyContract(db, companyId, code))!) };
  const current = (await companyContract(db, companyId, code))!;
  return { saved: false as const, refused: null, contract: viewFound(current) };
}
