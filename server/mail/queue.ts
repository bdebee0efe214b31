// Outbound e-mail: a message is a row of mail_outbox (server/outbox.ts), written in the transaction
// that decides it, and a worker on each instance sends what is due. Nothing waits on the mail server:
// a request only writes the row. A message the server refuses (or that cannot reach it) is tried again
// later, with a growing wait.
import { eq } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import type { Db, Tx } from '../db/open';
import { mailOutbox, type MailAttachment } from '../db/schema';
import type { Logger } from '../deps';
import { startWorker, type Worker } from '../worker';
import { claimDue, retryAfterMs } from '../outbox';
import { taxDocumentById, taxDocumentView } from '../invoices/store';
import { documentPdf } from '../invoices/pdf';
import { readDocument } from '../invoices/words';
import { signedAgreement } from '../agreements/store';
import { agreementPdf } from '../agreements/print';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Tax documents or a signed agreement to attach, each as a PDF in its language. */
  attachments?: MailAttachment[];
}

/** A file sent with a message. */
export interface Attachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** What a transport is given: the message with its files made. */
export type OutgoingMail = Omit<Mail, 'attachments'> & { attachments: Attachment[] };

/** Hands a message to a mail server; throws when it is refused or cannot be reached. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close?(): void;
}

/** nodemailer over SMTP at `url` (smtp://user:pass@host:587, smtps://… for TLS from the start). */
export function smtpTransport(url: string, from: string): MailTransport {
  const transport = createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}

/** Attempts after which a message is given up (the row stays, with its last error). */
export const MAX_ATTEMPTS = 8;

/** Queues `mail` in `tx` (the transaction that decided it): sent after it commits, not if it rolls back. */
export async function queueMail(tx: Db | Tx, mail: Mail, now: Date) {
  await tx.insert(mailOutbox).values({ ...mail, nextAttemptAt: now });
}

/** The PDFs of a message's documents (one that is gone is left out rather than holding the message). */
async function filesOf(db: Db, attachments: NonNullable<Mail['attachments']>): Promise<Attachment[]> {
  const files: Attachment[] = [];
  for (const attachment of attachments) {
    if ('agreement' in attachment) {
      const found = await signedAgreement(db, attachment.agreement, null, attachment.lang);
      if (found) files.push({ filename: `agreement-${found.number}.pdf`, contentType: 'application/pdf', content: await agreementPdf(found.reading) });
      continue;
    }
    const doc = await taxDocumentById(db, attachment.taxDocument);
    if (!doc) continue;
    const view = taxDocumentView(doc);
    files.push({ filename: `${view.number}.pdf`, contentType: 'application/pdf', content: await documentPdf(readDocument(view, attachment.lang)) });
  }
  return files;
}

/** Sends what is due now, a few at a time; returns how many were sent. */
export async function sendDue(
  db: Db,
  transport: MailTransport,
  now: Date,
  log: Logger,
  batch = 10,
): Promise<number> {
  const claimed = await claimDue(db, mailOutbox, now, MAX_ATTEMPTS, batch);
  let sent = 0;
  for (const row of claimed) {
    try {
      await transport.send({ to: row.to, subject: row.subject, text: row.text, html: row.html, attachments: await filesOf(db, row.attachments) });
      await db
        .update(mailOutbox)
        .set({ sentAt: new Date(), lastError: null })
        .where(eq(mailOutbox.id, row.id));
      sent++;
    } catch (error) {
      const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown';
      await db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(now.getTime() + retryAfterMs(row.attempts)), lastError: reason })
        .where(eq(mailOutbox.id, row.id));
      // The address stays out of the log (it is personal); the row's id finds it.
      log.error('mail not sent', {
        id: row.id,
        attempts: row.attempts,
        reason,
        givenUp: row.attempts >= MAX_ATTEMPTS,
      });
    }
  }
  return sent;
}

/** Nudged when a message is queued on this instance; stopped after the batch in hand. */
export type MailQueue = Worker;

/** The worker: sends what is due every `everyMs`, and at once when nudged. */
export function startMailQueue(
  db: Db,
  transport: MailTransport,
  now: () => Date,
  log: Logger,
  everyMs = 2_000,
  /** What makes mails to send first, in the same round (the reset links asked for, server/auth/reset.ts); true when more wait. */
  before: (now: Date) => Promise<boolean> = async () => false,
): MailQueue {
  // A full batch may mean more are waiting: look again at once.
  const worker = startWorker('mail queue', async () => (await before(now())) || (await sendDue(db, transport, now(), log)) === 10, everyMs, log);
  return {
    nudge: worker.nudge,
    async stop() {
      await worker.stop();
      transport.close?.();
    },
  };
}
