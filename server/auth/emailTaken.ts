// When someone tries to register with an e-mail that has an account, or to move another account to it,
// the answer says it is taken (the accounts can book before their e-mail is confirmed, so a
// registration signs in at once, and a taken e-mail cannot: docs/decisions/email-taken.md). The owner
// is told by e-mail, at most once an hour, so probing an address does not go unseen.
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import type { Deps } from '../deps';
import { accountExistsMail } from '../mail/words';
import { queueMail } from '../mail/queue';
import { spend } from './usage';

const ONCE_AN_HOUR = { count: 1, bytes: Number.MAX_SAFE_INTEGER, windowMs: 60 * 60 * 1000 };

/** Queues the owner's notice of a try with their `email` (normalised), unless they had one this hour. */
export async function tellOwnerOfTry({ db, mail }: Pick<Deps, 'db' | 'mail'>, email: string, at: Date) {
  const [owner] = await db.select().from(users).where(eq(users.email, email));
  if (!owner || !(await spend(db, 'accountExists', owner.id, 0, ONCE_AN_HOUR, at)).ok) return;
  await queueMail(db, { to: owner.email, ...accountExistsMail(owner.language, owner.fullName) }, at);
  mail.nudge();
}
