// A deploy in the middle of rentals: bookings saved under the journey's schema version 3 (paid, out
// with the renter, back with a charge in dispute) and before the columns queries read (migration
// 0044 fills them in) carry on under the code now, through the counter, the company and the renter,
// each step saving them under the current version.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { JOURNEY_SCHEMA_VERSION, restoreJourney } from '../../machines/persistence';
import { bookings } from '../../server/db/schema';
import { factsOf } from '../../server/journey/bookings';
import { checkInAtCounter, contextOf, manager, pickUp, server, valueOf } from './helpers';
import { rentalsInFlight } from './rentals';

const FACTS = ['pickedUpAt', 'returnedAt', 'checkedOutAt', 'settledAt', 'cancelledAt', 'cardToken', 'paymentSessionId'] as const;
/** Migration 0044's statement that fills the columns in from the stored journeys, as it ran. */
const BACKFILL = readFileSync(join(import.meta.dirname, '../../server/db/migrations/0044_journey_facts.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((part) => part.trim())
  .find((part) => part.includes('UPDATE "bookings"'))!
  .replace(/;\s*$/, '');

describe('rentals in flight across the upgrade to schema version 4', () => {
  it('stored by the code before, they go on: the car handed over, returned and settled, the dispute decided', async () => {
    const { db } = (await server()).deps;
    const rentals = await rentalsInFlight();
    const ids = Object.values(rentals).map((r) => r.journey().bookingId);
    const rows = async () => db.select().from(bookings).where(inArray(bookings.id, ids));
    const facts = (row: typeof bookings.$inferSelect) => Object.fromEntries(FACTS.map((f) => [f, row[f]]));
    const today = new Map((await rows()).map((row) => [row.id, facts(row)]));

    // As the code before left them: schema 3, none of the columns.
    await db
      .update(bookings)
      .set({ journey: sql`jsonb_set(${bookings.journey}, '{version}', '3')`, ...Object.fromEntries(FACTS.map((f) => [f, null])) })
      .where(inArray(bookings.id, ids));
    for (const row of await rows()) expect((row.journey as { version: number }).version).toBe(3);
    // The migration fills the columns in as every save writes them.
    await db.execute(sql.raw(`${BACKFILL} WHERE "id" IN (${ids.map((id) => `'${id}'`).join(', ')})`));
    for (const row of await rows()) {
      expect(facts(row)).toEqual(today.get(row.id));
      expect(facts(row)).toEqual(facts({ ...row, ...factsOf(restoreJourney(row.journey).snapshot!) }));
    }

    // Out: back on its day, the counter checks it in, the renter accepts, the deposit is settled.
    const { paid, pickedUp, disputed } = rentals;
    await pickedUp.refresh();
    expect((await checkInAtCounter(pickedUp)).ok).toBe(true);
    expect((await pickedUp.step({ type: 'return.accept' })).ok).toBe(true);
    expect(contextOf(pickedUp.journey()).refund).toMatchObject({ captured: 0, due: 0 });
    // Paid: on its day the counter hands the car over and the renter confirms.
    await paid.refresh();
    const handedOver = await pickUp(paid);
    expect(handedOver.ok, JSON.stringify(handedOver.body)).toBe(true);
    expect(contextOf(paid.journey()).deposit).not.toBeNull();
    // In dispute: the company's manager waives the scratch, the fuel is taken from the deposit.
    await disputed.refresh();
    const decided = await (await manager()).api.decideDispute(disputed.journey().number, {
      line: 1,
      outcome: 'waived',
      note: 'The pickup photos show it',
      version: disputed.journey().version,
    });
    expect(decided.ok && decided.body.handover.state).toBe('settled');
    await disputed.refresh();
    const settled = contextOf(disputed.journey());
    const fuel = settled.deductions.find((d) => d.kind === 'fuel')!.amount;
    expect(settled.refund).toMatchObject({ captured: fuel, refunded: settled.deposit!.amount - fuel, due: 0 });
    expect(valueOf(disputed.journey())).toEqual({ signedIn: { carReturn: 'finalInvoice' } });

    // Each saved under the current version, with its columns.
    for (const row of await rows()) {
      expect((row.journey as { version: number }).version).toBe(JOURNEY_SCHEMA_VERSION);
      expect(facts(row)).toEqual(facts({ ...row, ...factsOf(restoreJourney(row.journey).snapshot!) }));
    }
    expect((await db.select().from(bookings).where(eq(bookings.id, paid.journey().bookingId)))[0]!.pickedUpAt).not.toBeNull();
  });

  it('no query reads inside a stored journey (its shape is the schema version’s): each reads the columns factsOf writes', () => {
    const root = join(import.meta.dirname, '../../server');
    const readers = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.startsWith('db/migrations'))
      .filter((file) => /#>>? *'?\{?snapshot|->'snapshot'|\{snapshot,context/.test(readFileSync(join(root, file), 'utf8')));
    expect(readers).toEqual([]);
  });
});
