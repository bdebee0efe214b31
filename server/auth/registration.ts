// A new renter's account, made in one go: the identity documents' files are stored first, then one
// transaction writes the account, its documents' rows, its first booking (the car the visitor chose,
// or the default car's first free rental) and the e-mail that confirms the address. If anything fails
// the files go again, so no document is left without its account. HTTP is ./routes.ts.
import type { Trip } from '../../machines/booking';
import type { CarId } from '../../machines/fleet';
import { latinDigits, normaliseName } from '../../machines/text';
import { checkEmiratesId, normaliseUaeMobile } from '../../machines/validation';
import { bookableCars, defaultCar } from '../cars/store';
import { documents, users } from '../db/schema';
import type { Deps } from '../deps';
import { documentRows, type StoredFile } from '../documents/store';
import { bookableTrip } from '../journey/availability';
import { openBooking } from '../journey/bookings';
import { queueVerification } from './verify';

export interface NewRenter {
  /** Normalised already (the account's key). */
  email: string;
  passwordHash: string;
  fullName: string;
  phone: string;
  emiratesId: string;
  emiratesIdExpiry: string;
  licenceExpiry: string;
  language: 'en' | 'ar';
  /** The car a visitor chose before registering, and where and when for. */
  choice?: { carId: CarId; trip?: Trip };
  /** The three documents, checked by their content. */
  files: StoredFile[];
}

/** The new account, or null when the e-mail became taken meanwhile (nothing of it kept). */
export async function createRenter(deps: Deps, renter: NewRenter) {
  const keys = await Promise.all(renter.files.map((d) => deps.documents.put(d.bytes)));
  const forget = () => Promise.all(keys.map((k) => deps.documents.remove(k)));
  try {
    const user = await deps.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email: renter.email,
          role: 'renter',
          passwordHash: renter.passwordHash,
          fullName: normaliseName(renter.fullName),
          phone: normaliseUaeMobile(renter.phone) ?? renter.phone,
          emiratesId: checkEmiratesId(renter.emiratesId).value ?? null,
          emiratesIdExpiry: latinDigits(renter.emiratesIdExpiry).trim(),
          licenceExpiry: latinDigits(renter.licenceExpiry).trim(),
          language: renter.language,
        })
        .onConflictDoNothing({ target: users.email })
        .returning();
      if (!created) return null;
      await tx.insert(documents).values(documentRows(created.id, renter.files, keys, deps.now()));
      // The visitor's choice when it can still be booked; otherwise the default car's first free rental.
      const { choice } = renter;
      const trip = choice?.trip && (await bookableTrip(tx, choice.carId, choice.trip, deps.now()));
      const car = (choice && (await bookableCars(tx, choice.carId))[0]) || (await defaultCar(tx));
      await openBooking(tx, created, car, deps.now(), (car.id === choice?.carId && trip) || undefined);
      // The link that shows the e-mail is theirs (until then nothing links to the account by it).
      await queueVerification(tx, deps, created, renter.email, created.language);
      return created;
    });
    deps.mail.nudge();
    if (!user) await forget();
    return user;
  } catch (error) {
    await forget();
    throw error;
  }
}
