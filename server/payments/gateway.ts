// Payments go through this interface. The sandbox below stands in for a real acquirer: it declines
// the documented test card, honours idempotency keys (a retried request charges once), and keeps
// only the last 4 digits, the amount and its reference — never the card number or CVV.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DECLINED_TEST_CARD, last4 } from '../../machines/cards';
import { JourneyFailure } from '../../machines/journey';
import type { Fils } from '../../machines/money';
import { digitsOf } from '../../machines/text';
import type { Db } from '../db/open';
import { gatewayOperations } from '../db/schema';

export interface CardDetails {
  number: string;
  expiry: string;
  cvv: string;
  name: string;
}

/**
 * A card typed now, or the token of a card the gateway already knows: with the CVV when the renter
 * typed it again for a card on file (the acquirer passes it to the card's bank; the sandbox keeps none).
 */
export type PaymentSource = { card: CardDetails } | { cardToken: string; cvv?: string };

export interface GatewayResult {
  reference: string;
  last4: string;
  cardToken: string;
}

export interface PaymentGateway {
  /** Takes the amount now. */
  charge(request: { source: PaymentSource; amount: Fils; idempotencyKey: string }): Promise<GatewayResult>;
  /** Reserves the amount on the card (a pre-authorisation) without taking it. */
  hold(request: { source: PaymentSource; amount: Fils; idempotencyKey: string }): Promise<GatewayResult>;
  /** Gives back part of a charge made to this card (a cancelled or shortened booking). */
  refund(request: { cardToken: string; amount: Fils; idempotencyKey: string }): Promise<GatewayResult>;
  /** Ends a hold: captures part of it, releases the rest. */
  settle(request: {
    holdReference: string;
    capture: Fils;
    idempotencyKey: string;
  }): Promise<{ reference: string; captured: Fils; released: Fils }>;
  /** What the gateway did under this idempotency key, if anything (acquirers answer this by the merchant's reference). */
  lookup(idempotencyKey: string): Promise<Pick<Operation, 'kind' | 'amount' | 'reference' | 'cardToken'> | null>;
}

export type OperationKind = 'charge' | 'hold' | 'capture' | 'release' | 'refund';

export interface Operation {
  idempotencyKey: string;
  kind: OperationKind;
  amount: Fils;
  last4: string;
  reference: string;
  cardToken: string;
}

/** Where the sandbox keeps its books: the database in the server, a Map in the fuzz test. */
export interface GatewayBook {
  byKey(key: string): Promise<Operation | undefined>;
  byReference(reference: string): Promise<Operation | undefined>;
  byToken(token: string): Promise<Operation | undefined>;
  /** Records an operation; false when its key was recorded meanwhile (a concurrent retry). */
  record(operation: Operation): Promise<boolean>;
}

export class IdempotencyMismatch extends Error {
  constructor() {
    super('idempotency key reused for a different operation');
  }
}

const newReference = (prefix: string) => `${prefix}_${randomBytes(9).toString('base64url')}`;

export function sandboxGateway(book: GatewayBook): PaymentGateway {
  /** Runs an operation once per key: a retry gets the first answer, a different request with the same key fails. */
  async function once(key: string, kind: OperationKind, amount: Fils, make: () => Promise<Operation>) {
    const previous = await book.byKey(key);
    if (previous) {
      if (previous.kind !== kind || previous.amount !== amount) throw new IdempotencyMismatch();
      return previous;
    }
    const operation = await make();
    if (await book.record(operation)) return operation;
    return (await book.byKey(key))!;
  }

  async function cardOf(source: PaymentSource) {
    if ('card' in source) {
      if (digitsOf(source.card.number) === DECLINED_TEST_CARD) throw new JourneyFailure('cardDeclined');
      return { last4: last4(source.card.number), cardToken: newReference('card') };
    }
    const known = await book.byToken(source.cardToken);
    if (!known) throw new JourneyFailure('cardDeclined');
    return { last4: known.last4, cardToken: known.cardToken };
  }

  const take = (kind: 'charge' | 'hold') =>
    async function ({ source, amount, idempotencyKey }: { source: PaymentSource; amount: Fils; idempotencyKey: string }) {
      if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`${kind} of ${amount}`);
      const op = await once(idempotencyKey, kind, amount, async () => ({
        idempotencyKey,
        kind,
        amount,
        ...(await cardOf(source)),
        reference: newReference(kind === 'charge' ? 'ch' : 'hold'),
      }));
      return { reference: op.reference, last4: op.last4, cardToken: op.cardToken };
    };

  return {
    charge: take('charge'),
    hold: take('hold'),
    async refund({ cardToken, amount, idempotencyKey }) {
      if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`refund of ${amount}`);
      const op = await once(idempotencyKey, 'refund', amount, async () => ({
        idempotencyKey,
        kind: 'refund',
        amount,
        ...(await cardOf({ cardToken })),
        reference: newReference('re'),
      }));
      return { reference: op.reference, last4: op.last4, cardToken: op.cardToken };
    },
    async settle({ holdReference, capture, idempotencyKey }) {
      const hold = await book.byReference(holdReference);
      if (!hold || hold.kind !== 'hold') throw new Error('unknown hold');
      const captured = Math.min(Math.max(0, capture), hold.amount);
      const op = await once(idempotencyKey, 'release', hold.amount - captured, async () => ({
        idempotencyKey,
        kind: 'release',
        amount: hold.amount - captured,
        last4: hold.last4,
        cardToken: hold.cardToken,
        reference: newReference('settle'),
      }));
      return { reference: op.reference, captured, released: op.amount };
    },
    async lookup(idempotencyKey) {
      const op = await book.byKey(idempotencyKey);
      return op ? { kind: op.kind, amount: op.amount, reference: op.reference, cardToken: op.cardToken } : null;
    },
  };
}

export function databaseBook(db: Db): GatewayBook {
  const one = async (where: ReturnType<typeof eq>) =>
    (await db.select().from(gatewayOperations).where(where).limit(1))[0] as Operation | undefined;
  return {
    byKey: (key) => one(eq(gatewayOperations.idempotencyKey, key)),
    byReference: (reference) => one(eq(gatewayOperations.reference, reference)),
    byToken: (token) => one(eq(gatewayOperations.cardToken, token)),
    async record(operation) {
      const rows = await db.insert(gatewayOperations).values(operation).onConflictDoNothing().returning();
      return rows.length > 0;
    },
  };
}

export function memoryBook(): GatewayBook & { operations: Operation[] } {
  const operations: Operation[] = [];
  return {
    operations,
    byKey: async (key) => operations.find((o) => o.idempotencyKey === key),
    byReference: async (reference) => operations.find((o) => o.reference === reference),
    byToken: async (token) => operations.find((o) => o.cardToken === token),
    async record(operation) {
      if (operations.some((o) => o.idempotencyKey === operation.idempotencyKey)) return false;
      operations.push(operation);
      return true;
    },
  };
}
