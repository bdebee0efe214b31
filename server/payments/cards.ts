// The renter's card on file: the provider's saved card (customer and payment method), kept with the
// consent they gave on the payment page, with what the screen shows of it (last 4 digits, brand,
// expiry). The number and CVV are typed only on the provider's page: never seen here.
import { and, eq, isNull } from 'drizzle-orm';
import { CARD_BRANDS, type CardBrand, type CardOnFile } from '../../machines/validation';
import type { CardSeen } from '../../machines/journey';
import type { Db, Tx } from '../db/open';
import { bookings, savedCards } from '../db/schema';
import type { PaymentGateway } from './gateway';

export type SavedCard = CardOnFile & { cardToken: string };

export async function savedCardOf(db: Db | Tx, userId: string): Promise<SavedCard | null> {
  const [row] = await db.select().from(savedCards).where(eq(savedCards.userId, userId));
  return row ? { cardToken: row.cardToken, last4: row.last4, brand: row.brand, expiry: row.expiry } : null;
}

/** What the renter is shown of it: never the token. */
export const shownCard = ({ last4, brand, expiry }: CardOnFile): CardOnFile => ({ last4, brand, expiry });

/** Keeps the card just paid with (`cardToken` is the provider's) in place of any kept before. */
export async function keepCard(tx: Tx, userId: string, card: CardSeen, cardToken: string, now: Date) {
  const brand: CardBrand = (CARD_BRANDS as readonly string[]).includes(card.brand) ? (card.brand as CardBrand) : 'unknown';
  const kept = { cardToken, last4: card.last4, brand, expiry: card.expiry, savedAt: now };
  await tx.insert(savedCards).values({ userId, ...kept }).onConflictDoUpdate({ target: savedCards.userId, set: kept });
}

/**
 * Forgets the card on file, at the provider too (nothing can be charged to it any more), unless a
 * booking of the renter's paid with it is still open: its deposit, added days and charges after the
 * return need it, as agreed. 'inUse' then, and nothing changes.
 */
export async function forgetCard(db: Db, gateway: PaymentGateway, userId: string): Promise<'forgotten' | 'inUse'> {
  const saved = await savedCardOf(db, userId);
  if (!saved) return 'forgotten';
  const [open] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.renterId, userId),
        eq(bookings.completed, false),
        eq(bookings.cardToken, saved.cardToken),
        isNull(bookings.cancelledAt),
      ),
    )
    .limit(1);
  if (open) return 'inUse';
  await gateway.forgetCard(saved.cardToken);
  await db.delete(savedCards).where(eq(savedCards.userId, userId));
  return 'forgotten';
}
