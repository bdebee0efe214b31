// The renter's card on file: kept only when they ask, as the gateway's token with what the screen
// shows of it (last 4 digits, brand, expiry). Paying with it asks the CVV again; the number and CVV are
// never kept here or anywhere.
import { eq } from 'drizzle-orm';
import { cardBrand, expiryText, type CardInput, type CardOnFile } from '../../machines/validation';
import type { Db, Tx } from '../db/open';
import { savedCards } from '../db/schema';

export type SavedCard = CardOnFile & { cardToken: string };

export async function savedCardOf(db: Db | Tx, userId: string): Promise<SavedCard | null> {
  const [row] = await db.select().from(savedCards).where(eq(savedCards.userId, userId));
  return row ? { cardToken: row.cardToken, last4: row.last4, brand: row.brand, expiry: row.expiry } : null;
}

/** What the renter is shown of it: never the token. */
export const shownCard = ({ last4, brand, expiry }: CardOnFile): CardOnFile => ({ last4, brand, expiry });

/** The same card as the one the screen offered (the record may have changed in another tab). */
export const sameCard = (a: CardOnFile, b: CardOnFile) => a.last4 === b.last4 && a.brand === b.brand && a.expiry === b.expiry;

/** Keeps the card just paid with (`cardToken` is the gateway's) in place of any kept before. */
export async function keepCard(tx: Tx, userId: string, card: CardInput, token: { cardToken: string; last4: string }, now: Date) {
  const kept = {
    cardToken: token.cardToken,
    last4: token.last4,
    brand: cardBrand(card.number),
    // As the renter typed it (12/29, 1229, ١٢/٢٠٢٩), written MM/YY: the machine has already checked it.
    expiry: expiryText(card.expiry),
    savedAt: now,
  };
  await tx.insert(savedCards).values({ userId, ...kept }).onConflictDoUpdate({ target: savedCards.userId, set: kept });
}

export async function forgetCard(db: Db, userId: string) {
  await db.delete(savedCards).where(eq(savedCards.userId, userId));
}
