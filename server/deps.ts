// What the API's handlers are given: the database, the settings, the clock, the live updates hub and
// the outside world's services (payments, document storage, UAE PASS), each chosen by configuration
// where the app starts.
import type { InspectionEvent } from 'xstate';
import type { Config } from './config';
import type { Database, Db } from './db/open';
import type { DocumentStore } from './documents/store';
import type { PaymentGateway } from './payments/gateway';
import type { StandInProvider } from './payments/standin/server';
import type { UaePass } from './auth/uaePass';
import type { User } from './auth/sessions';
import type { LiveHub } from './live/hub';
import type { MailQueue } from './mail/queue';
import type { Worker } from './worker';
import type { LocalMailbox } from './mail/local';
import type { Hashing } from './auth/passwords';

export interface Deps {
  db: Db;
  config: Config;
  now: () => Date;
  gateway: PaymentGateway;
  /** The local payment provider, when no Stripe keys are set: its webhooks go where `deliverTo` says; whoever started the server closes it. */
  paymentsStandIn: StandInProvider | null;
  documents: DocumentStore;
  uaePass: UaePass | null;
  log: Logger;
  /** Password work (scrypt) within the cores' means: beyond them, 429 at once (HashingBusy). */
  hashing: Hashing;
  /** The outbound e-mail worker: nudged when a message is queued; stopped with the server. */
  mail: MailQueue;
  /** The local mail stand-in, when the e-mails go to it (development, tests): what it caught. */
  mailbox?: LocalMailbox | null;
  /** Web Push (server/push): the worker that sends what is queued, and the public key devices subscribe with. */
  push: Worker & { publicKey: string };
  /** The authority files' import worker (server/imports/jobs.ts): nudged when a file is queued; stopped with the server. */
  imports: Worker;
  /** Drives journey steps left half done with the gateway to an end (server/journey/intents.ts); stopped with the server. */
  reconciler: Worker;
  /** Tells renters their pickup is near (server/journey/reminders.ts); stopped with the server. */
  reminders: Worker;
  /** Cancels the bookings nobody came for (server/journey/noShows.ts); stopped with the server. */
  noShows: Worker;
  /** Takes in the provider's webhooks queued, and closes the provider's pages left past their time (server/payments/events.ts). */
  payments: Worker;
  /** The signed-in users' open streams on this instance (server/live); closed with the server. */
  live: LiveHub;
  /**
   * This process among the instances (a random number, its advisory lock held while it lives): the
   * owner of the money steps it opens, so that another instance, or the next start, ends at once a
   * step whose owner is gone (server/journey/intents.ts).
   */
  instance: number;
  /** Sees every machine the server runs (the tests' coverage of transitions taken on the server). */
  inspect?: (event: InspectionEvent) => void;
}

/** Structured lines for the operator; never a request body, a password, a card or a token. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export const consoleLogger: Logger = {
  info: (message, fields) => console.log(JSON.stringify({ level: 'info', message, ...fields })),
  error: (message, fields) => console.error(JSON.stringify({ level: 'error', message, ...fields })),
};

export type AppEnv = { Variables: { deps: Deps; user: User | null; sessionToken: string | null } };

/**
 * The deps for a server on `database`: the sandbox gateway on the same database, documents under
 * DATA_DIR, a live updates hub listening on it (whoever makes the deps closes `deps.live`).
 */
export async function makeDeps(
  config: Config,
  database: Database,
  log: Logger = consoleLogger,
  now: () => Date = () => new Date(),
  /** The local payment stand-in of a server made anew over the same books (a restart in the tests). */
  standIn?: StandInProvider | null,
): Promise<Deps> {
  const { join } = await import('node:path');
  const { randomInt } = await import('node:crypto');
  const { paymentsFor, standInGateway } = await import('./payments/setup');
  const { fileDocumentStore } = await import('./documents/store');
  const { createLiveHub } = await import('./live/hub');
  const { smtpTransport, startMailQueue } = await import('./mail/queue');
  const { hashingGate } = await import('./auth/passwords');
  const { RESET_ASKS_BATCH, turnResetAsks } = await import('./auth/reset');
  const { startImportWorker } = await import('./imports/jobs');
  const { startReconciler } = await import('./journey/intents');
  const { startReminders } = await import('./journey/reminders');
  const { startNoShows } = await import('./journey/noShows');
  const { startPaymentEvents } = await import('./payments/events');
  const { vapidKeys } = await import('./push/keys');
  const { startPushQueue, webPushTransport } = await import('./push/queue');
  const { OUTBOX_CHANNEL } = await import('./worker');
  const { applyStep } = await import('./journey/service');
  const { db } = database;
  const keys = await vapidKeys(db, config);
  const payments = standIn ? { gateway: standInGateway(standIn), standIn } : await paymentsFor(config, now, log);
  // No mail server configured: messages wait in the queue (the operator is told at start).
  const mail = config.mail.smtpUrl
    ? startMailQueue(db, smtpTransport(config.mail.smtpUrl, config.mail.from), now, log, config.outboxTickMs, async (at) => (await turnResetAsks(db, config.publicOrigin, at)) === RESET_ASKS_BATCH)
    : { nudge() {}, async stop() {} };
  const push = startPushQueue(db, webPushTransport(keys), now, log, config.outboxTickMs);
  // A notice's e-mail and pushes, queued in its transaction on any instance, go out on its commit.
  const unlisten = await database.listen(OUTBOX_CHANNEL, () => {
    mail.nudge();
    push.nudge();
  });
  const instance = randomInt(1, 2 ** 31 - 1);
  await database.holdInstance(instance);
  const deps: Deps = {
    db,
    instance,
    config,
    now,
    gateway: payments.gateway,
    paymentsStandIn: payments.standIn,
    documents: fileDocumentStore(join(config.dataDir, 'uploads'), config.diskFloorBytes),
    uaePass: null,
    log,
    hashing: hashingGate(config.hashing),
    live: await createLiveHub(database, log),
    // The channel's listener is the two queues'; it ends with the mail queue, which stopWorkers stops
    // beside the push queue.
    mail: {
      nudge: mail.nudge,
      stop: async () => {
        await unlisten().catch(() => undefined); // the database may be gone already (it failed under the server)
        await mail.stop();
      },
    },
    push: { ...push, publicKey: keys.publicKey },
    imports: startImportWorker(() => deps, log),
    reconciler: startReconciler(() => deps, applyStep, log),
    reminders: startReminders(() => deps, log),
    noShows: startNoShows(() => deps, log),
    payments: startPaymentEvents(() => deps, log),
  };
  return deps;
}

/** Stops this instance's background work (each after the round in hand): mail, push, imports, reconciler, reminders, no-shows. */
export async function stopWorkers(deps: Deps) {
  await Promise.all([deps.mail.stop(), deps.push.stop()]);
  await Promise.all([deps.imports.stop(), deps.reconciler.stop(), deps.reminders.stop(), deps.noShows.stop(), deps.payments.stop()]);
}

/**
 * UAE PASS as configured, or (no client configured and a local port given) the local stand-in,
 * accepting sign-ins that come back to any of `origins`.
 */
export async function uaePassFor(config: Config, origins: string[], useLocal: boolean) {
  const { openIdUaePass } = await import('./auth/uaePass');
  if (config.uaePass.clientId || !useLocal) return { uaePass: openIdUaePass(config.uaePass), local: null };
  // Imported only when asked for: oidc-provider is a development dependency.
  const { LOCAL_CLIENT, startLocalProvider } = await import('./oidc/localProvider');
  const local = await startLocalProvider(
    config.uaePass.localPort ?? 0,
    origins.map((o) => `${o}/api/auth/uaepass/callback`),
  );
  const settings = { ...config.uaePass, issuer: local.issuer, clientId: LOCAL_CLIENT.id, clientSecret: LOCAL_CLIENT.secret };
  return { uaePass: openIdUaePass(settings), local };
}
