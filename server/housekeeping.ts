// Rows that only matter for a while, removed once they cannot matter any more: expired sessions, UAE
// PASS requests past their ten minutes, log-in failure counts that no longer count (unlocked and
// older than their window), clients' usage whose window has ended, password reset links an hour past
// their end (they count towards an account's links per hour until then), e-mails sent a day ago (a
// reset link's text need not outlive it), e-mails given up a month ago, push messages likewise, a
// scene's photos no Emergency report named within a day (the renter sent the photos and never the
// report), and the identity documents of an account whose e-mail is still not confirmed a day after
// they came (UNVERIFIED_DOCUMENTS_HOURS: nobody has shown the address is theirs; the renter uploads them
// again from Account once it is), e-mail confirmation links a day past their end (they count towards
// the links an hour until then), staff invitations a month past theirs (used, withdrawn or lapsed: the
// staff screen lists only those still open), and the file of an authority import finished a month
// ago (its report stays: what became of each row), and devices not signed in from for DEVICE_DAYS. Run at start and then every hour by each instance: the deletes are
// idempotent, so several instances doing it at once do no harm.
import { and, gte, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import { UNVERIFIED_DOCUMENTS_HOURS } from '../machines/validation';
import type { DocumentStore } from './documents/store';
import type { Db } from './db/open';
import {
  clientUsage,
  documents as identityDocuments,
  emailChanges,
  emailVerifications,
  importJobs,
  knownDevices,
  incidentPhotos,
  loginThrottle,
  mailOutbox,
  passwordResets,
  resetAsks,
  pushOutbox,
  sessions,
  staffInvitations,
  uaePassRequests,
  users,
} from './db/schema';
import { FAILURE_WINDOW_MS } from './auth/throttle';
import { DEVICE_DAYS } from './auth/devices';
import { endedBefore, REGISTRATION_ALLOWANCE } from './auth/usage';
import type { Logger } from './deps';
import { MAX_ATTEMPTS } from './mail/queue';
import { MAX_PUSH_ATTEMPTS } from './push/queue';

export const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000;
/** How long a scene's photo waits for the report that names it. */
export const UNREPORTED_PHOTO_MS = 24 * 60 * 60 * 1000;

/** Removes what has expired at `now`; returns how many rows of each. */
export async function housekeeping(db: Db, documents: Pick<DocumentStore, 'remove'>, now: Date) {
  const forgotten = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const HOUR = 60 * 60 * 1000;
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const DAY = 24 * HOUR;
  const [expiredSessions, staleRequests, staleCounts, staleUsage, staleLinks, oldMail, oldPushes, unreported, unverified, oldConfirmations, oldChanges, oldInvitations, oldFiles, oldAsks, oldDevices] = await Promise.all([
    db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id }),
    db.delete(uaePassRequests).where(lt(uaePassRequests.expiresAt, now)).returning({ state: uaePassRequests.state }),
    db
      .delete(loginThrottle)
      .where(and(lt(loginThrottle.lastFailureAt, forgotten), or(isNull(loginThrottle.lockedUntil), lt(loginThrottle.lockedUntil, now))))
      .returning({ key: loginThrottle.key }),
    db.delete(clientUsage).where(lt(clientUsage.windowStart, endedBefore(now, REGISTRATION_ALLOWANCE))).returning({ key: clientUsage.key }),
    db.delete(passwordResets).where(lt(passwordResets.expiresAt, ago(HOUR))).returning({ key: passwordResets.tokenHash }),
    db
      .delete(mailOutbox)
      .where(or(lt(mailOutbox.sentAt, ago(24 * HOUR)), and(gte(mailOutbox.attempts, MAX_ATTEMPTS), lt(mailOutbox.createdAt, ago(30 * 24 * HOUR)))))
      .returning({ id: mailOutbox.id }),
    db
      .delete(pushOutbox)
      .where(or(lt(pushOutbox.sentAt, ago(24 * HOUR)), and(gte(pushOutbox.attempts, MAX_PUSH_ATTEMPTS), lt(pushOutbox.createdAt, ago(30 * 24 * HOUR)))))
      .returning({ id: pushOutbox.id }),
    db
      .delete(incidentPhotos)
      .where(and(isNull(incidentPhotos.incidentId), lt(incidentPhotos.createdAt, ago(UNREPORTED_PHOTO_MS))))
      .returning({ storageKey: incidentPhotos.storageKey }),
    db
      .delete(identityDocuments)
      .where(
        and(
          lt(identityDocuments.createdAt, ago(UNVERIFIED_DOCUMENTS_HOURS * HOUR)),
          inArray(identityDocuments.userId, db.select({ id: users.id }).from(users).where(isNull(users.emailVerifiedAt))),
        ),
      )
      .returning({ storageKey: identityDocuments.storageKey }),
    db.delete(emailVerifications).where(lt(emailVerifications.expiresAt, ago(DAY))).returning({ key: emailVerifications.tokenHash }),
    db.delete(emailChanges).where(lt(emailChanges.expiresAt, ago(DAY))).returning({ key: emailChanges.tokenHash }),
    db.delete(staffInvitations).where(lt(staffInvitations.expiresAt, ago(30 * DAY))).returning({ id: staffInvitations.id }),
    db
      .update(importJobs)
      .set({ csv: '' })
      .where(and(inArray(importJobs.status, ['done', 'failed']), lt(importJobs.finishedAt, ago(30 * DAY)), ne(importJobs.csv, '')))
      .returning({ id: importJobs.id }),
    // Left by an instance without a mail server: a link asked a day ago is no use to anyone now.
    db.delete(resetAsks).where(lt(resetAsks.createdAt, ago(DAY))).returning({ id: resetAsks.id }),
    // A device not signed in from for its cookie's whole life: its cookie has lapsed too.
    db.delete(knownDevices).where(lt(knownDevices.lastSignInAt, ago(DEVICE_DAYS * DAY))).returning({ id: knownDevices.tokenHash }),
  ]);
  // The row first, then its bytes: a file left by a crash in between is only space, never a file shown.
  for (const { storageKey } of [...unreported, ...unverified]) await documents.remove(storageKey);
  return {
    sessions: expiredSessions.length,
    uaePassRequests: staleRequests.length,
    loginCounts: staleCounts.length,
    clientUsage: staleUsage.length,
    passwordResets: staleLinks.length,
    mail: oldMail.length,
    pushes: oldPushes.length,
    unreportedPhotos: unreported.length,
    unverifiedDocuments: unverified.length,
    emailConfirmations: oldConfirmations.length,
    emailChanges: oldChanges.length,
    staffInvitations: oldInvitations.length,
    importFiles: oldFiles.length,
    resetAsks: oldAsks.length,
    knownDevices: oldDevices.length,
  };
}

/** Housekeeping now (before the server answers) and every hour after, off the request path; returns how to stop it. */
export async function startHousekeeping(db: Db, documents: DocumentStore, now: () => Date, log: Logger): Promise<() => void> {
  const run = () =>
    housekeeping(db, documents, now()).then(
      (removed) => log.info('housekeeping', removed),
      (error: unknown) => log.error('housekeeping failed', { reason: error instanceof Error ? error.message : 'unknown' }),
    );
  await run();
  const timer = setInterval(() => void run(), HOUSEKEEPING_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
