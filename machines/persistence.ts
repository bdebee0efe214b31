// A journey snapshot as it is stored (the server's database) and sent (the API's views): the
// machine's persisted snapshot under a schema version, upgraded from an older one (./journeyUpgrades.ts)
// and checked with zod on the way back in. Anything corrupt, foreign, from a version this code does
// not read or in the middle of a call is refused, never trusted.
import * as z from 'zod/mini';
import { CAR_CATEGORIES, FUELS, LOCATIONS, TRANSMISSIONS } from './fleet';
import { journeyMachine, type JourneySnapshot } from './journey';
import { COMPANY_CANCEL_REASONS, CONTRACT_VERSION, JOURNEY_ERRORS, PAYMENT_FAILURES, STEPS } from './journey-rules';
import { upgradeSnapshot } from './journeyUpgrades';
import { DEDUCTION_KINDS } from './money';
import { FUEL_LEVELS } from './validation';
import { DAMAGE_ITEMS } from './returns';

/**
 * Bump when the stored shape changes (a field added, renamed or removed, a state renamed), with the
 * upgrade from the version before (./journeyUpgrades.ts UPGRADES) and a fixture of what that version
 * stored (tests/fixtures/journeys).
 */
export const JOURNEY_SCHEMA_VERSION = 4;

export type RestoreProblem = 'corrupt' | 'foreign' | 'oldVersion';

// The schemas are built on first use, not as the module loads: every screen that drives the journey
// loads this module, a visitor's never restores a journey, and building them was most of the
// journey's start in the browser (its chunk took 40-56 ms to run at Lighthouse's 4x CPU; 9-10 ms
// without them).
let schemas: ReturnType<typeof buildSchemas> | undefined;
const built = () => (schemas ??= buildSchemas());

function buildSchemas() {
  const int = () => z.number().check(z.int());
  const fils = () => int().check(z.nonnegative());
  const time = () => z.number().check(z.refine(Number.isFinite));
  const text = () => z.string().check(z.maxLength(2000));

  const price = z.object({
    days: int().check(z.positive()),
    dailyRate: fils(),
    cost: fils(),
    fees: fils(),
    discount: z.optional(fils()),
    vat: fils(),
    total: fils(),
  });

  const renter = z.object({
    email: text(),
    fullName: text(),
    fullNameAr: z.optional(text()),
    phone: text(),
    emiratesId: z.optional(text()),
    address: z.optional(text()),
    verified: z.boolean(),
  });

  const problems = z.record(z.string(), z.string());

  /** A car's counted fact (its seats, its horsepower), when its company gave it. */
  const count = z.optional(int());

  /** The car's facts as the booking keeps them (machines/fleet.ts `Car`). */
  const carSchema = z.object({
    id: text(),
    company: text(),
    model: text(),
    category: z.enum(CAR_CATEGORIES),
    dailyRate: fils(),
    deposit: fils(),
    picture: z.enum(['sedan', 'suv', 'sports']),
    plate: text(),
    odometerKm: int().check(z.nonnegative()),
    tankLitres: z.number().check(z.positive()),
    photo: z.optional(z.array(z.object({ hash: z.string().check(z.regex(/^[0-9a-f]{64}$/)), width: int(), height: int() }))),
    specs: z.optional(
      z.object({
        year: count,
        seats: count,
        transmission: z.optional(z.enum(TRANSMISSIONS)),
        fuel: z.optional(z.enum(FUELS)),
        engine: z.optional(z.object({ en: text(), ar: text() })),
        horsepower: count,
        topSpeedKmh: count,
      }),
    ),
  });

  /** Everything the screens and the rules read from the context. */
  const journeyContextSchema = z.object({
    renter: z.nullable(renter),
    booking: z.object({
      carId: z.string().check(z.maxLength(40)),
      car: carSchema,
      pickupLocation: z.enum(LOCATIONS),
      dropoffLocation: z.enum(LOCATIONS),
      pickupAt: time(),
      dropoffAt: time(),
      offer: z.optional(z.enum(['winter', 'loyalty'])),
      upgradedFrom: z.optional(carSchema),
      movedFrom: z.optional(carSchema),
    }),
    termsAccepted: z.boolean(),
    identityVerified: z.boolean(),
    contract: z.nullable(z.object({ signedAt: time(), version: z.literal(CONTRACT_VERSION) })),
    payment: z.nullable(
      z.object({ last4: z.string().check(z.regex(/^\d{4}$/)), amount: fils(), paidAt: time(), reference: text(), cardToken: text() }),
    ),
    paymentSession: z.nullable(
      z.object({ sessionId: text(), url: text(), expiresAt: time(), challenge: z.boolean(), failure: z.nullable(z.enum(PAYMENT_FAILURES)) }),
    ),
    deposit: z.nullable(
      z.object({
        amount: fils(),
        reference: text(),
        heldAt: time(),
        captureBefore: z.optional(time()),
        extended: z.optional(z.boolean()),
        renewed: z.optional(z.object({ from: text(), at: time() })),
      }),
    ),
    checkout: z.nullable(
      z.object({
        odometerKm: int().check(z.nonnegative()),
        fuel: z.enum(FUEL_LEVELS),
        damage: text(),
        photos: z.array(z.uuid()).check(z.maxLength(20)),
        licenceExpiry: text(),
        agent: text(),
        at: time(),
        flag: z.nullable(z.object({ note: text(), at: time() })),
      }),
    ),
    pickedUpAt: z.nullable(time()),
    extensionQuote: z.nullable(z.object({ days: int().check(z.positive()), price })),
    extensions: z.array(z.object({ days: int().check(z.positive()), price, reference: text(), chargedAt: time() })),
    returnedAt: z.nullable(time()),
    checkin: z.nullable(
      z.object({
        odometerKm: int().check(z.nonnegative()),
        fuel: z.enum(FUEL_LEVELS),
        photos: z.array(z.uuid()).check(z.maxLength(20)),
        agent: text(),
        at: time(),
        unused: z.object({ days: int().check(z.nonnegative()), amount: fils() }),
        acceptedAt: z.nullable(time()),
      }),
    ),
    deductions: z.array(
      z.object({
        kind: z.enum(DEDUCTION_KINDS),
        amount: int().check(z.positive()),
        adminFee: fils(),
        item: z.optional(z.object({ reference: text(), at: time(), place: z.optional(text()) })),
        basis: z.optional(
          z.object({ unit: z.enum(['litre', 'hour', 'day']), count: z.number().check(z.positive()), price: fils(), vat: fils() }),
        ),
        damage: z.optional(z.object({ item: z.enum([...DAMAGE_ITEMS, 'other']), note: text(), photos: z.optional(z.array(text())) })),
        dispute: z.optional(
          z.object({
            reason: text(),
            at: time(),
            decision: z.nullable(z.object({ outcome: z.enum(['upheld', 'waived']), note: text(), by: text(), at: time() })),
          }),
        ),
      }),
    ),
    refund: z.nullable(
      z.object({
        refunded: fils(),
        captured: fils(),
        due: fils(),
        releaseBy: time(),
        settledAt: time(),
        reference: text(),
        early: z.optional(z.object({ amount: fils(), reference: text() })),
      }),
    ),
    completedAt: z.nullable(time()),
    cancellation: z.nullable(
      z.object({ at: time(), fee: fils(), refunded: fils(), reference: z.nullable(text()), noShow: z.optional(z.literal(true)), byCompany: z.optional(z.enum(COMPANY_CANCEL_REASONS)) }),
    ),
    changes: z.array(
      z.object({
        at: time(),
        trip: z.object({
          pickupLocation: z.enum(LOCATIONS),
          dropoffLocation: z.enum(LOCATIONS),
          pickupAt: time(),
          dropoffAt: time(),
        }),
        price,
        difference: int(),
        reference: z.nullable(text()),
      }),
    ),
    companyRefunds: z.array(z.object({ charge: text(), amount: int().check(z.positive()), reason: text(), by: text(), at: time(), reference: text() })),
    returnTo: z.nullable(z.enum(STEPS)),
    pending: z.nullable(text()),
    error: z.nullable(z.enum(JOURNEY_ERRORS)),
    fieldErrors: problems,
    profileErrors: problems,
  });

  const storedSchema = z.object({
    version: z.number(),
    snapshot: z.object({ status: z.literal('active'), value: z.unknown(), context: journeyContextSchema }),
  });
  return { storedSchema };
}

/** The journey as stored: the machine's persisted snapshot without child actors (their inputs are requests). */
export type StoredJourney = { version: number; snapshot: Record<string, unknown> };

export function serializeJourney(snapshot: JourneySnapshot): StoredJourney {
  const persisted = journeyMachine.getPersistedSnapshot(snapshot) as Record<string, unknown>;
  return { version: JOURNEY_SCHEMA_VERSION, snapshot: { ...persisted, children: {} } };
}

/** A call cannot be resumed from storage, so such moments are never stored. */
export const isSettled = (snapshot: JourneySnapshot) => !snapshot.hasTag('pending');

export type Restored = { snapshot: JourneySnapshot; problem: null } | { snapshot: null; problem: RestoreProblem };

/**
 * A stored journey, checked: its version (one this code reads, upgraded to the current one), its
 * shape, and a state the machine really has.
 */
export function restoreJourney(stored: unknown): Restored {
  const isObject = typeof stored === 'object' && stored !== null;
  if (!isObject || !('version' in stored) || !('snapshot' in stored)) return { snapshot: null, problem: 'foreign' };
  const upgraded = upgradeSnapshot(stored.version, stored.snapshot, JOURNEY_SCHEMA_VERSION);
  if (!upgraded) return { snapshot: null, problem: 'oldVersion' };
  const parsed = built().storedSchema.safeParse({ version: JOURNEY_SCHEMA_VERSION, snapshot: upgraded });
  if (!parsed.success) return { snapshot: null, problem: 'corrupt' };
  const context = parsed.data.snapshot.context;
  if (context.booking.car.id !== context.booking.carId) return { snapshot: null, problem: 'corrupt' };
  try {
    // Throws on a state value the machine does not have.
    const resolved = journeyMachine.resolveState({ value: parsed.data.snapshot.value as never, context: context as never });
    if (!isSettled(resolved)) return { snapshot: null, problem: 'corrupt' };
    return { snapshot: resolved, problem: null };
  } catch {
    return { snapshot: null, problem: 'corrupt' };
  }
}
