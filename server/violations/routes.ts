// Traffic violations over HTTP: the renter's fines and Salik crossings, and the steps on one fine.
// Renter and manager each send only their own events; paying from the deposit takes the fine with
// its admin fee off the booking's deposit in the same transaction, through the journey's machine; a
// card payment writes its intent first (server/journey/intents.ts).
import { and, desc, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { createActor } from 'xstate';
import { z } from 'zod';
import { JourneyFailure } from '../../machines/journey';
import { actsAs } from '../../machines/roles';
import { deductionsInvoice } from '../../machines/taxDocuments';
import { restoreViolation, violationMachine, type ViolationEvent } from '../../machines/violation';
import { requireRole } from '../auth/middleware';
import { managersOf } from '../companies/managers';
import type { Tx } from '../db/open';
import { authorityRecords, bookings, contracts, users, violations } from '../db/schema';
import type { AppEnv } from '../deps';
import { jsonOnly } from '../http/security';
import { validate } from '../http/validate';
import { issueDocuments } from '../invoices/store';
import { completeIntent, openIntent } from '../journey/intents';
import { applyStep, StaleRecord } from '../journey/service';
import { pushTo } from '../live/hub';
import { tellManagers, tellRenter } from './service';
import { salikView, saveViolation, violationView, type ViolationRow } from './store';

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

export const violationRoutes = new Hono<AppEnv>()
  // The renter's fines and Salik crossings, on every booking they have, newest first.
  .get('/', requireRole('renter'), async (c) => {
    const { db } = c.var.deps;
    const own = await db.select({ id: bookings.id, number: bookings.number }).from(bookings).where(eq(bookings.renterId, c.var.user!.id));
    const numbers = new Map(own.map((b) => [b.id, b.number]));
    if (own.length === 0) return c.json({ violations: [], salik: [] });
    const ids = [...numbers.keys()];
    const [fines, crossings] = await Promise.all([
      db.select().from(violations).where(inArray(violations.bookingId, ids)).orderBy(desc(violations.createdAt)),
      db
        .select()
        .from(authorityRecords)
        .where(and(inArray(authorityRecords.bookingId, ids), eq(authorityRecords.kind, 'salik')))
        .orderBy(desc(authorityRecords.occurredAt)),
    ]);
    return c.json({
      violations: fines.map((row) => violationView(row, numbers.get(row.bookingId))),
      salik: crossings.map((row) => salikView(row, numbers.get(row.bookingId!) ?? '')),
    });
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
        .select({ violation: violations, booking: bookings, contract: contracts })
        .from(violations)
        .innerJoin(bookings, eq(bookings.id, violations.bookingId))
        .innerJoin(contracts, eq(contracts.code, violations.contractCode))
        .where(eq(violations.id, c.req.valid('param').id));
      const visible =
        found && (user.role === 'renter' ? found.booking.renterId === user.id : found.contract.companyId === user.companyId);
      if (!found || !visible) return c.json({ error: 'notFound' as const }, 404);
      if (MANAGER_EVENTS.has(sent.type) !== actsAs(user.role, 'manager')) return c.json({ error: 'forbidden' as const }, 403);
      const row = found.violation;
      const current = () => violationView(row, found.booking.number);
      if (row.version !== version) return c.json({ error: 'conflict' as const, violation: current() }, 409);
      const snapshot = restoreViolation(row.state);
      if (!snapshot) return c.json({ error: 'conflict' as const, violation: current() }, 409);

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
        return c.json({ error: 'refused' as const, violation: current() }, 409);
      }
      const charge = snapshot.context.charge;
      // A card payment writes its intent before the gateway is called and completes it with its save
      // (server/journey/intents.ts): a process stopped in between leaves it for the reconciler.
      const key = `violation:${row.id}:${row.version}`;
      const byCard = event.type === 'violation.payByCard';
      if (event.type === 'violation.payByCard') {
        const step = { key, bookingId: found.booking.id, violationId: row.id, version: row.version, event };
        if (!(await deps.db.transaction((tx) => openIntent(tx, step, deps.now())))) {
          actor.stop();
          return c.json({ error: 'conflict' as const, violation: current() }, 409);
        }
        try {
          await deps.gateway.charge({
            source: { card: { number: event.number, expiry: '', cvv: '', name: '' } },
            amount: charge.amount,
            idempotencyKey: `${key}:charge`,
          });
        } catch (error) {
          actor.stop();
          // No answer (the gateway unreachable): part of it may have happened; the intent stays open.
          if (!(error instanceof JourneyFailure)) throw error;
          await deps.db.transaction((tx) => completeIntent(tx, key, deps.now()));
          return c.json({ error: 'cardDeclined' as const, violation: current() }, 402);
        }
      }
      actor.send(event);
      const next = actor.getSnapshot();
      const state = actor.getPersistedSnapshot();
      actor.stop();
      const managers = await managersOf(deps.db, found.contract.companyId);
      // Everything the step changes, and who hears of it, commits together.
      const alongside = async (tx: Tx) => {
        const saved = await saveViolation(tx, row, state);
        if (byCard && !(await completeIntent(tx, key, new Date(at)))) throw new StaleRecord();
        // A fine paid by card is a charge of the company's: its tax invoice (the fine passed on, the admin fee).
        if (byCard) {
          const fine = snapshot.context.fine;
          const [renter] = await tx.select({ name: users.fullName }).from(users).where(eq(users.id, found.booking.renterId));
          const paid = { ...charge, item: { reference: fine.reference ?? fine.code, at: fine.date } };
          const supplies = deductionsInvoice(`fine:${row.id}`, at, [paid]);
          await issueDocuments(tx, { booking: found.booking, renterName: renter?.name ?? '', companyId: found.contract.companyId }, supplies, new Date(at));
        }
        await tellRenter(tx, new Date(at), found.booking.renterId, next, snapshot);
        await tellManagers(tx, new Date(at), found.contract.code, managers, next, snapshot);
        await pushTo(tx, [found.booking.renterId, ...managers], 'violations', row.id);
        return saved;
      };

      try {
        if (event.type !== 'violation.payFromDeposit') {
          const saved = await deps.db.transaction(alongside);
          return c.json({ violation: violationView(saved, found.booking.number) }, 200);
        }
        // The deposit pays: the journey's machine must take the deduction, in the same transaction.
        const [renter] = await deps.db.select().from(users).where(eq(users.id, found.booking.renterId));
        const deduction = {
          ...charge,
          item: {
            reference: snapshot.context.fine.reference ?? snapshot.context.fine.code,
            at: snapshot.context.fine.date,
            ...(snapshot.context.fine.location ? { place: snapshot.context.fine.location } : {}),
          },
        };
        // The booking may have moved on since it was read (a Salik crossing, another window): decide again on it.
        for (let attempt = 0, booking = found.booking; attempt < 3; attempt++) {
          let saved: ViolationRow | undefined;
          const step = await applyStep(deps, renter!, booking, { type: 'deposit.deduct', deduction }, booking.version, async (tx) => {
            saved = await alongside(tx);
            // The renter's other screens show the deposit as it is now.
            await pushTo(tx, [found.booking.renterId], 'journey');
          });
          if (step.status === 200 && saved) return c.json({ violation: violationView(saved, found.booking.number), journey: step.body.journey }, 200);
          if (step.status !== 409 || step.body.error !== 'conflict') break;
          const [fresh] = await deps.db.select().from(violations).where(eq(violations.id, row.id));
          if (fresh?.version !== row.version) return c.json({ error: 'conflict' as const, violation: violationView(fresh ?? row, found.booking.number) }, 409);
          const [again] = await deps.db.select().from(bookings).where(eq(bookings.id, found.booking.id));
          if (!again) break;
          booking = again;
        }
        return c.json({ error: 'noDeposit' as const, violation: current() }, 409);
      } catch (error) {
        if (error instanceof StaleRecord) return c.json({ error: 'conflict' as const, violation: current() }, 409);
        throw error;
      }
    },
  );
