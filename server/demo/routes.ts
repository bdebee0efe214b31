// Demo shortcuts, mounted only when the server runs with DEMO=1 (npm run dev, the tests): a sample
// renter with a signed, paid, picked-up rental (its contract with the car's company). Fines come in
// through the authority import, as in production.
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import { FLEET } from '../../machines/sampleFleet';
import { carById } from '../cars/store';
import { journeyMachine, openJourney } from '../../machines/journey';
import { bookingPrice, CONTRACT_VERSION, defaultBooking, initialContext, type Booking } from '../../machines/journey-rules';
import { DAY_MS } from '../../machines/money';
import type { Renter } from '../../machines/renter';
import { users } from '../db/schema';
import type { AppEnv, Deps } from '../deps';
import { publicUser } from '../auth/middleware';
import { createSession, writeSessionCookie } from '../auth/sessions';
import { jsonOnly } from '../http/security';
import { validate } from '../http/validate';
import { insertBooking, saveJourney, viewOf } from '../journey/bookings';
import { completeIntent, openIntent } from '../journey/intents';
import { StaleRecord } from '../journey/service';
import { openContract } from '../contracts/store';


/**
 * The specification's sample rental: 5 days of a BMW 7 Series at AED 2,000 (10,000 + VAT) with the
 * 5,000 deposit held, picked up two days ago. The charge and the hold go through the gateway, so the
 * rest of the journey (extension, return, settlement) works on it as on any rental.
 */
async function sampleBooking(deps: Deps, now: number) {
  // The specification's figures, with what the car's record shows renters (its facts, its photo).
  const record = await carById(deps.db, 'bmw-7');
  return defaultBooking(now - 2 * DAY_MS, {
    ...FLEET['bmw-7'],
    ...(record?.specs ? { specs: record.specs } : {}),
    ...(record?.photo ? { photo: record.photo } : {}),
  });
}

/** The sample rental once the gateway has held the deposit and charged the rental under `key`. */
async function paidSample(deps: Deps, key: string, renter: Renter, booking: Booking, now: number) {
  const { deposit } = booking.car;
  const cardToken = await deps.gateway.testCard(renter.email, `${key}:card`);
  const hold = await deps.gateway.hold({ cardToken, amount: deposit, idempotencyKey: `${key}:hold` });
  const total = bookingPrice(booking).total;
  const charge = await deps.gateway.charge({ cardToken, amount: total, idempotencyKey: `${key}:charge` });
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
      deposit: { amount: deposit, reference: hold.reference, heldAt: booking.pickupAt, captureBefore: hold.captureBefore, extended: hold.extended },
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
    const now = deps.now();
    const booking = await sampleBooking(deps, now.getTime());
    // As any payment (server/journey/intents.ts): the account, its booking (a sample: it does not take
    // the BMW from the search) and the payment's intent first; a process stopped before the rental is
    // saved leaves the intent to the reconciler, which gives the money back.
    const { user, row, key } = await deps.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email, role: 'renter', fullName: renter.fullName, fullNameAr: renter.fullNameAr, phone: renter.phone, verified: true })
        .returning();
      const { pickupLocation, dropoffLocation, pickupAt, dropoffAt } = booking;
      const trip = { pickupLocation, dropoffLocation, pickupAt, dropoffAt };
      const row = await insertBooking(tx, user!.id, openJourney(renter, booking.car, now.getTime(), trip), now, true);
      // Keyed as a payment step is: the booking and the version it was decided on.
      const key = `${row.id}:${row.version}`;
      await openIntent(tx, { key, bookingId: row.id, version: row.version, event: { type: 'demo.sampleRental', at: now.getTime() } }, now, deps.instance);
      return { user: user!, row, key };
    });
    const snapshot = await paidSample(deps, key, renter, booking, now.getTime());
    const saved = await deps.db.transaction(async (tx) => {
      const next = await saveJourney(tx, row, snapshot, deps.now());
      if (!next || !(await completeIntent(tx, key, deps.now()))) throw new StaleRecord();
      await openContract(tx, next, snapshot.context.booking.car, deps.now());
      return next;
    });
    const at = deps.now();
    const { token, expiresAt } = await createSession(deps.db, user.id, at);
    writeSessionCookie(c, token, expiresAt, at, deps.config.production);
    return c.json({ user: publicUser(user), journey: viewOf(saved, snapshot) }, 201);
  })
  // The e-mails the local mail stand-in caught for one address (development and the browser tests:
  // they follow a reset link as a person would). Only when that stand-in runs, never with SMTP_URL.
  .get('/mail', validate('query', z.object({ to: z.string().email() }).strict()), async (c) => {
    const box = c.var.deps.mailbox;
    if (!box) return c.json({ error: 'notFound' as const }, 404);
    const to = c.req.valid('query').to.toLowerCase();
    const messages = box.messages.filter((m) => m.to.toLowerCase() === to).map(({ subject, text, lang, dir }) => ({ subject, text, lang, dir }));
    return c.json({ messages });
  });
