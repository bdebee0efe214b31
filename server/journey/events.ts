// The journey events a renter's browser may send, checked with zod. Times (`at`) are the server's
// own clock and amounts are the machine's: no client event carries either. Events only the server
// sends (a deduction from the deposit) or that belong to sign-in are not in this list at all.
import { z } from 'zod';
import { LOCATIONS } from '../../machines/fleet';
import type { JourneyEvent } from '../../machines/journey';
import { CAR_ID, MAX_EXTENSION_DAYS, STEPS } from '../../machines/journey-rules';
import { checkFlagNote } from '../../machines/validation';
import { checkReason } from '../../machines/returns';
import { instant, version } from '../http/validate';

const field = (max = 200) => z.string().max(max);
const bare = <T extends string>(type: T) => z.object({ type: z.literal(type) }).strict();

/** Where and when; the machine's tripProblems judges the times against the server's clock. */
export const tripSchema = z
  .object({
    pickupLocation: z.enum(LOCATIONS),
    dropoffLocation: z.enum(LOCATIONS),
    pickupAt: instant(),
    dropoffAt: instant(),
  })
  .strict();

export const clientEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('xstate.route'), to: z.enum(STEPS.map((s) => `#${s}` as const)) }).strict(),
  bare('contract.acceptTerms'),
  bare('contract.verifyIdentity'),
  z.object({ type: z.literal('contract.sign'), signature: field() }).strict(),
  bare('contract.proceed'),
  // To the provider's page; the card is typed only there. `consent`: the machine refuses without it, by field.
  // `language`: the page's, for the provider's page to open in it.
  z.object({ type: z.literal('payment.submit'), consent: z.boolean(), language: z.enum(['en', 'ar']).optional() }).strict(),
  bare('payment.proceed'),
  bare('pickup.confirm'),
  // What differs, said in words: an empty note is no flag (machines/validation.ts checkFlagNote).
  z.object({ type: z.literal('pickup.flag'), note: field(1000).refine((note) => checkFlagNote(note) === null) }).strict(),
  z.object({ type: z.literal('rental.extend'), days: z.number().int().min(1).max(MAX_EXTENSION_DAYS) }).strict(),
  bare('rental.confirmExtension'),
  bare('rental.cancelExtension'),
  bare('return.start'),
  // Which line (its place among the deductions) and why: the machine checks the line and the reason.
  z.object({ type: z.literal('return.dispute'), line: z.number().int().nonnegative().max(100), reason: field(500).refine((r) => checkReason(r) === null) }).strict(),
  bare('return.accept'),
  bare('return.finish'),
  z.object({ type: z.literal('booking.start'), carId: z.string().regex(CAR_ID), trip: tripSchema.optional() }).strict(),
  z.object({ type: z.literal('booking.modify'), trip: tripSchema }).strict(),
  bare('booking.cancel'),
  z
    .object({
      type: z.literal('account.update'),
      profile: z.object({ fullName: field(), phone: field(40), email: field(254), address: field(400) }).strict(),
    })
    .strict(),
]);

export type ClientEvent = z.infer<typeof clientEventSchema>;

// `currentPassword`: the proof an account.update that changes the e-mail needs (server/auth/proof.ts);
// checked beside the step, never part of the machine's event.
export const eventBodySchema = z.object({ event: clientEventSchema, version: version(), currentPassword: z.string().max(200).optional() }).strict();

type StampableType = Exclude<ClientEvent['type'], 'booking.start'>;
/** The machine's event of a client event's type. */
type MachineEvent<T extends StampableType> = Extract<JourneyEvent, { type: T }>;
/** The client events whose machine event records a time: the server's clock stamps them. */
type StampedType = { [T in StampableType]: MachineEvent<T> extends { at: number } ? T : never }[StampableType];

/**
 * Which they are, checked by the types: a client event whose machine event gains an `at` must be listed
 * here (a missing one, or one listed that has none, does not compile).
 */
const STAMPED: Record<StampedType, true> = {
  'contract.sign': true,
  'payment.submit': true,
  'pickup.confirm': true,
  'pickup.flag': true,
  'rental.confirmExtension': true,
  'return.dispute': true,
  'return.accept': true,
  'return.finish': true,
  'booking.modify': true,
  'booking.cancel': true,
};

/**
 * The wire's events and the machine's agree: each client event, with the server's time where its
 * machine event records one, is that machine event (a field added to one side only does not compile).
 */
type Agrees<T extends StampableType> =
  (Extract<ClientEvent, { type: T }> & (T extends StampedType ? { at: number } : unknown)) extends MachineEvent<T> ? true : false;
const agree: { [T in StampableType]: Agrees<T> }[StampableType] extends true ? true : never = true;
void agree;

/**
 * The machine's event: the client's, stamped with the server's time where the step records one.
 * A booking's start names a car the server reads first (server/cars/store.ts `startEvent`).
 */
export function stamp(event: Exclude<ClientEvent, { type: 'booking.start' }>, at: number): JourneyEvent {
  return (Object.hasOwn(STAMPED, event.type) ? { ...event, at } : event) as JourneyEvent;
}
