// Traffic violations on a booking, run by the violation machine on the server. The contract's
// transfer settings at arrival decide the fine's path; renter and manager each send only their own
// events; paying from the deposit takes the fine with its admin fee off the booking's deposit in the
// same transaction.
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { createActor } from 'xstate';
import { z } from 'zod';
import { aed } from '../../machines/money';
import { restoreViolation, violationMachine, type Fine, type ViolationEvent } from '../../machines/violation';
import type { Db, Tx } from '../db/open';
import { bookings, users, violations } from '../db/schema';
import type { AppEnv, Deps } from '../deps';
import { requireRole } from '../auth/middleware';
import { jsonOnly } from '../http/security';
import { validate } from '../http/validate';
import { latestBooking, type BookingRow } from '../journey/bookings';
import { applyStep, StaleRecord } from '../journey/service';
import { contractRow, contractView, SAMPLE_CONTRACTS } from './contracts';

type ViolationRow = typeof violations.$inferSelect;

/** The fine the authority sends for the sample rental's car (demo: it arrives the first time anyone looks). */
export const SAMPLE_FINE: Fine = {
  type: { en: 'Speeding (over 20 km/h above the limit)', ar: 'تجاوز السرعة (أكثر من 20 كم/س فوق الحد)' },
  code: 'DXB-SP-2041',
  date: Date.UTC(2026, 10, 13, 5, 42),
  amount: aed(500),
  blackPoints: 4,
};

export const violationView = (row: ViolationRow) => ({
  id: row.id,
  contractCode: row.contractCode,
  version: row.version,
  state: row.state as Record<string, unknown>,
});
export type ViolationView = ReturnType<typeof violationView>;

/** The most recent violation matching `where` (a contract's, or a booking's). */
async function latestViolation(db: Db, where: SQL) {
  const [row] = await db.select().from(violations).where(where).orderBy(desc(violations.createdAt)).limit(1);
  return row ?? null;
}

export async function violationOfContract(db: Db, code: string) {
  const row = await latestViolation(db, eq(violations.contractCode, code));
  return row ? violationView(row) : null;
}

/** A fine arrives for a booking, under the contract's settings of this moment. */
export async function createViolation(
  { db, inspect }: Pick<Deps, 'db' | 'inspect'>,
  booking: BookingRow,
  contractCode: string,
  fine: Fine,
  now: Date,
) {
  const contract = contractView((await contractRow(db, contractCode))!);
  const actor = createActor(violationMachine, {
    inspect,
    input: {
      fine,
      settings: contract.settings,
      transferEnabled: contract.setup.violationTransfer,
      arrivedAt: now.getTime(),
    },
  }).start();
  const [row] = await db
    .insert(violations)
    .values({ bookingId: booking.id, contractCode, state: actor.getPersistedSnapshot() })
    .returning();
  actor.stop();
  return row!;
}

const text = z.string().max(1000);
const renterEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('violation.accept') }).strict(),
  z.object({ type: z.literal('violation.decline'), reason: text }).strict(),
  z.object({ type: z.literal('violation.payFromDeposit') }).strict(),
  z.object({ type: z.literal('violation.payByCard'), number: z.string().max(40) }).strict(),
  z.object({ type: z.literal('violation.dispute'), reason: text }).strict(),
]);
const managerEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('violation.transfer') }).strict(),
  z.object({ type: z.literal('violation.resolve'), outcome: z.enum(['upheld', 'cancelled']) }).strict(),
]);
const eventBody = z.object({ event: z.union([renterEvent, managerEvent]), version: z.number().int().positive() }).strict();
const MANAGER_EVENTS = new Set(['violation.transfer', 'violation.resolve']);

/** Saves a violation over the version it was read at; a stale version means someone acted first. */
async function saveViolation(tx: Db | Tx, row: ViolationRow, state: unknown) {
  const [saved] = await tx
    .update(violations)
    .set({ state, version: row.version + 1 })
    .where(and(eq(violations.id, row.id), eq(violations.version, row.version)))
    .returning();
  if (!saved) throw new StaleRecord();
  return saved;
}

export const violationRoutes = new Hono<AppEnv>()
  .get('/current', requireRole('renter'), async (c) => {
    const { db, config, now } = c.var.deps;
    const booking = await latestBooking(db, c.var.user!.id);
    if (!booking) return c.json({ violation: null });
    let row = await latestViolation(db, eq(violations.bookingId, booking.id));
    // Demo: the sample fine reaches the renter's booking the first time they look.
    if (!row && config.demo) row = await createViolation(c.var.deps, booking, SAMPLE_CONTRACTS[0]!, SAMPLE_FINE, now());
    return c.json({ violation: row ? violationView(row) : null });
  })
  .post(
    '/:id/events',
    requireRole('renter', 'manager'),
    jsonOnly,
    validate('param', z.object({ id: z.uuid() })),
    validate('json', eventBody),
    async (c) => {
      const deps = c.var.deps;
      const user = c.var.user!;
      const { event: sent, version } = c.req.valid('json');
      const [found] = await deps.db
        .select({ violation: violations, booking: bookings })
        .from(violations)
        .innerJoin(bookings, eq(bookings.id, violations.bookingId))
        .where(eq(violations.id, c.req.valid('param').id));
      const contract = found && (await contractRow(deps.db, found.violation.contractCode));
      const visible =
        found && (user.role === 'renter' ? found.booking.renterId === user.id : contract?.company === user.company);
      if (!found || !visible) return c.json({ error: 'notFound' as const }, 404);
      if (MANAGER_EVENTS.has(sent.type) !== (user.role === 'manager')) return c.json({ error: 'forbidden' as const }, 403);
      const row = found.violation;
      if (row.version !== version) return c.json({ error: 'conflict' as const, violation: violationView(row) }, 409);
      const snapshot = restoreViolation(row.state);
      if (!snapshot) return c.json({ error: 'conflict' as const, violation: violationView(row) }, 409);

      const at = deps.now().getTime();
      const event = (
        sent.type === 'violation.transfer' || sent.type === 'violation.payFromDeposit' || sent.type === 'violation.payByCard'
          ? { ...sent, at }
          : sent
      ) as ViolationEvent;
      const actor = createActor(violationMachine, {
        snapshot: violationMachine.getPersistedSnapshot(snapshot) as never,
        input: undefined as never,
        inspect: deps.inspect,
      }).start();
      if (!actor.getSnapshot().can(event)) {
        actor.stop();
        return c.json({ error: 'refused' as const, violation: violationView(row) }, 409);
      }
      const charge = snapshot.context.charge;
      if (event.type === 'violation.payByCard') {
        try {
          await deps.gateway.charge({
            source: { card: { number: event.number, expiry: '', cvv: '', name: '' } },
            amount: charge.amount,
            idempotencyKey: `violation:${row.id}:${row.version}`,
          });
        } catch {
          actor.stop();
          return c.json({ error: 'cardDeclined' as const, violation: violationView(row) }, 402);
        }
      }
      actor.send(event);
      const state = actor.getPersistedSnapshot();
      actor.stop();

      try {
        if (event.type !== 'violation.payFromDeposit') {
          return c.json({ violation: violationView(await saveViolation(deps.db, row, state)) }, 200);
        }
        // The deposit pays: the journey's machine must take the deduction, in the same transaction.
        const [renter] = await deps.db.select().from(users).where(eq(users.id, found.booking.renterId));
        let saved: ViolationRow | undefined;
        const step = await applyStep(
          deps,
          renter!,
          found.booking,
          { type: 'deposit.deduct', deduction: charge },
          found.booking.version,
          async (tx) => void (saved = await saveViolation(tx, row, state)),
        );
        if (step.status !== 200 || !saved) return c.json({ error: 'noDeposit' as const, violation: violationView(row) }, 409);
        return c.json({ violation: violationView(saved), journey: step.body.journey }, 200);
      } catch (error) {
        if (error instanceof StaleRecord) return c.json({ error: 'conflict' as const, violation: violationView(row) }, 409);
        throw error;
      }
    },
  );

