// Demo shortcuts, mounted only when the server runs with DEMO=1 (npm run dev, the tests): a sample
// renter with a signed, paid, picked-up rental, and a new fine from "the authority" for a manager.
import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { carOf, depositFor } from '../../machines/fleet';
import { journeyMachine } from '../../machines/journey';
import { bookingPrice, CONTRACT_VERSION, defaultBooking, initialContext } from '../../machines/journey-rules';
import { DAY_MS } from '../../machines/money';
import type { Renter } from '../../machines/renter';
import { bookings, users } from '../db/schema';
import type { AppEnv, Deps } from '../deps';
import { publicUser, requireRole } from '../auth/middleware';
import { createSession, writeSessionCookie, type User } from '../auth/sessions';
import { jsonOnly } from '../http/security';
import { validate } from '../http/validate';
import { insertBooking, viewOf } from '../journey/bookings';
import { contractRow } from '../manager/contracts';
import { createViolation, SAMPLE_FINE, violationView } from '../manager/violations';
import { restoreJourney } from '../../machines/persistence';

const SAMPLE_CARD = { number: '4242424242424242', expiry: '12/30', cvv: '123', name: 'Ahmed Al Mansoori' };

/**
 * The specification's sample rental: 5 days of a BMW 7 Series at AED 2,000 (10,000 + VAT) with the
 * 5,000 deposit held, picked up two days ago. The charge and the hold go through the gateway, so the
 * rest of the journey (extension, return, settlement) works on it as on any rental.
 */
async function sampleJourney(deps: Deps, user: User, renter: Renter) {
  const now = deps.now().getTime();
  const booking = defaultBooking(now - 2 * DAY_MS, 'bmw-7');
  const key = `demo:${user.id}`;
  const hold = await deps.gateway.hold({ source: { card: SAMPLE_CARD }, amount: depositFor('bmw-7'), idempotencyKey: `${key}:hold` });
  const total = bookingPrice(booking).total;
  const charge = await deps.gateway.charge({ source: { cardToken: hold.cardToken }, amount: total, idempotencyKey: `${key}:charge` });
  const paidAt = booking.pickupAt - DAY_MS;
  return journeyMachine.resolveState({
    value: { signedIn: { carPickup: { onRent: 'driving' } } },
    context: {
      ...initialContext(now),
      renter,
      booking,
      termsAccepted: true,
      identityVerified: true,
      contract: { signedAt: paidAt, version: CONTRACT_VERSION },
      payment: { last4: charge.last4, amount: total, paidAt, reference: charge.reference, cardToken: charge.cardToken },
      deposit: { amount: depositFor('bmw-7'), reference: hold.reference, heldAt: paidAt },
      pickedUpAt: booking.pickupAt,
    },
  });
}

export const demoRoutes = new Hono<AppEnv>()
  // Only with DEMO=1: otherwise these addresses do not exist.
  .use(async (c, next) => (c.var.deps.config.demo ? next() : c.json({ error: 'notFound' as const }, 404)))
  .post('/sample-rental', jsonOnly, validate('json', z.object({}).strict()), async (c) => {
    const deps = c.var.deps;
    // A new sample renter each time, so reviewers never share one rental.
    const email = `sample-${randomBytes(4).toString('hex')}@demo.movecar.ae`;
    const renter: Renter = {
      email,
      fullName: 'Ahmed Al Mansoori',
      fullNameAr: 'أحمد المنصوري',
      phone: '+971501234567',
      verified: true,
    };
    const [user] = await deps.db
      .insert(users)
      .values({ email, role: 'renter', fullName: renter.fullName, fullNameAr: renter.fullNameAr, phone: renter.phone, verified: true })
      .returning();
    const snapshot = await sampleJourney(deps, user!, renter);
    const row = await insertBooking(deps.db, user!.id, snapshot, deps.now());
    const { token, expiresAt } = await createSession(deps.db, user!.id, deps.now());
    writeSessionCookie(c, token, expiresAt, deps.config.production);
    return c.json({ user: publicUser(user!), journey: viewOf(row, snapshot) }, 201);
  })
  .post(
    '/fines',
    requireRole('manager'),
    jsonOnly,
    validate('json', z.object({ contract: z.string().max(40) }).strict()),
    async (c) => {
      const deps = c.var.deps;
      const contract = await contractRow(deps.db, c.req.valid('json').contract);
      if (!contract || contract.company !== c.var.user!.company) return c.json({ error: 'notFound' as const }, 404);
      // The fine is for the car of the rental most recently under way (paid, not yet completed).
      const recent = await deps.db
        .select()
        .from(bookings)
        .where(eq(bookings.completed, false))
        .orderBy(desc(bookings.updatedAt))
        .limit(20);
      const booking = recent.find((b) => restoreJourney(b.journey).snapshot?.context.payment);
      if (!booking) return c.json({ error: 'noRental' as const }, 409);
      const row = await createViolation(deps, booking, contract.code, SAMPLE_FINE, deps.now());
      deps.log.info('demo fine created', { contract: contract.code, car: carOf(booking.carId as never).plate });
      return c.json({ violation: violationView(row) }, 201);
    },
  );
