// A rental company's contracts as stored: made when a renter signs for one of its cars (in the step's
// transaction), read as the managers' screens show them, listed, and saved over the version the
// manager started from (an older version is a conflict that returns what is saved now, never a
// silent loss). Only a company's own are found. HTTP is ./routes.ts.
import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, ilike, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { EMPTY_SETUP, type ContractSetup, type ContractStatus, type RenterConfirmations } from '../../machines/contract';
import type { Car } from '../../machines/fleet';
import { CAR_ID } from '../../machines/journey-rules';
import type { JourneySnapshot } from '../../machines/journey';
import { restoreJourney } from '../../machines/persistence';
import { DEFAULT_SETTINGS, type TransferSettings } from '../../machines/transferSettings';
import { clausesOf } from '../../machines/company';
import { companyCars } from '../cars/store';
import { managersOf } from '../companies/managers';
import type { Db, Tx } from '../db/open';
import { bookings, cars, companies, contracts, users } from '../db/schema';
import type { BookingRow } from '../journey/bookings';
import { pushTo } from '../live/hub';

export const setupSchema = z
  .object({ carId: z.string().regex(CAR_ID).nullable(), bookingLinked: z.boolean(), violationTransfer: z.boolean() })
  .strict();

export const settingsSchema = z
  .object({ mode: z.enum(['automatic', 'manual']), notify: z.boolean(), consent: z.boolean() })
  .strict();

const storedSetup = z.object({ bookingLinked: z.boolean(), violationTransfer: z.boolean() });

export type ContractRow = typeof contracts.$inferSelect;
type CarRow = typeof cars.$inferSelect;

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

export type FoundContract = NonNullable<Awaited<ReturnType<typeof companyContract>>>;

/** Contracts with what their view shows: the booking, the renter's name and the car as its record says now. */
const withParties = (db: Db | Tx) =>
  db
    .select({ contract: contracts, booking: bookings, renterName: users.fullName, car: cars })
    .from(contracts)
    .leftJoin(bookings, eq(bookings.id, contracts.bookingId))
    .leftJoin(users, eq(users.id, bookings.renterId))
    .leftJoin(cars, eq(cars.id, contracts.carId));

/** A contract of `companyId` (anyone else's is not found), with its booking and renter. */
export async function companyContract(db: Db | Tx, companyId: string, code: string) {
  const [found] = await withParties(db).where(and(eq(contracts.code, code), eq(contracts.companyId, companyId)));
  return found ?? null;
}

/** A found contract as the managers' screens show it. */
export const viewFound = (found: FoundContract) =>
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

// Whether the booking was cancelled (its journey's cancellation, as statusOf reads it, kept as a column).
const CANCELLED = sql`${bookings.cancelledAt} is not null`;
const OPEN = and(sql`coalesce(${bookings.completed}, false) = false`, sql`not (${CANCELLED})`)!;
const STATUS_WHERE: Record<ContractStatus, SQL> = {
  cancelled: CANCELLED,
  completed: and(sql`coalesce(${bookings.completed}, false) = true`, sql`not (${CANCELLED})`)!,
  active: and(OPEN, isNotNull(contracts.activatedAt))!,
  pending: and(OPEN, isNull(contracts.activatedAt))!,
};

export const PAGE_SIZE = 10;
const likeText = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

/** A page of the company's contracts, newest first: searched by contract or booking number, filtered by status. */
export async function listContracts(db: Db, companyId: string, { q, status, page }: { q?: string; status?: ContractStatus; page: number }) {
  const where = and(
    eq(contracts.companyId, companyId),
    q ? or(ilike(contracts.code, likeText(q)), ilike(bookings.number, likeText(q))) : undefined,
    status ? STATUS_WHERE[status] : undefined,
  );
  const [rows, [total]] = await Promise.all([
    withParties(db)
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
  return { contracts: rows.map((r) => contractView(r.contract, r.booking, r.renterName, r.car)), total: total?.n ?? 0, page, pageSize: PAGE_SIZE };
}

/** The company's most recent contract's code (the seed's /transfer-logic opens it), or null. */
export async function latestContractCode(db: Db, companyId: string) {
  const [row] = await db
    .select({ code: contracts.code })
    .from(contracts)
    .where(eq(contracts.companyId, companyId))
    .orderBy(desc(contracts.createdAt), desc(contracts.code))
    .limit(1);
  return row?.code ?? null;
}

/** Advisory lock class for linking cars, per company. */
const CAR_LOCK = 727_003;

/**
 * Why `carId` cannot be the contract's car now, or null when it can (or is already its car). Run in
 * the save's transaction: the company's lock keeps two saves from both taking one car for one period.
 */
export async function carRefusal(tx: Tx, found: FoundContract, carId: string | null) {
  if (!carId || carId === found.contract.carId) return null;
  await tx.execute(sql`select pg_advisory_xact_lock(${CAR_LOCK}, hashtext(${found.contract.companyId}))`);
  if ((await freeCars(tx, found.contract, found.booking)).some((car) => car.id === carId)) return null;
  return (await companyCars(tx, found.contract.companyId)).some((car) => car.id === carId) ? 'carTaken' : 'notInFleet';
}

/**
 * Saves over `version`; when someone saved first, returns what is saved now instead. `check` runs in
 * the transaction first and may refuse (a field's problem). Other managers' screens hear of a save.
 */
export async function saveContract(
  db: Db,
  found: FoundContract,
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
