// The production server: `npm run build && npm start`. PORT (3000), HOST, DATA_DIR (./.data) and,
// for PostgreSQL, DATABASE_URL; see README. Also started in-process by the browser tests.
import cluster from 'node:cluster';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { InvalidEnvironment, readConfig, type Config } from './config';
import { FolderInUse } from './db/folderLock';
import { openDatabase, type Database } from './db/open';
import { consoleLogger, makeDeps, stopWorkers, uaePassFor, type Logger } from './deps';
import { createApp } from './app';
import { seed } from './seed';
import { serveApp } from './http/static';
import { startHousekeeping } from './housekeeping';
import { reconcileAll } from './journey/intents';
import { applyStep } from './journey/service';
import type { LocalMailbox } from './mail/local';

export interface Running {
  url: string;
  database: Database;
  close(): Promise<void>;
}

export interface StartOptions {
  config: Config;
  /** The built app to serve; none for an API-only server (the jsdom tests). */
  distDir?: string;
  log?: Logger;
  /** Open the database elsewhere and share it (tests); by default from the config. */
  database?: Database;
  /** The server's clock; the wall clock by default (the browser tests run on a calendar of their own). */
  now?: () => Date;
  /** The local mail stand-in the e-mails go to (the browser tests), instead of SMTP_URL. */
  mailbox?: LocalMailbox;
}

/** Opens (or takes) the database, seeds it, and serves the API (and the built app, if given). */
export async function startServer({ config: given, distDir, log = consoleLogger, database, now, mailbox }: StartOptions): Promise<Running> {
  const config = mailbox ? { ...given, mail: { ...given.mail, smtpUrl: mailbox.url } } : given;
  const db = database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  const { locked, managerSkipped } = await seed(db.db, config);
  if (locked.length > 0) log.info('sample managers locked: DEMO is off, and their passwords are published', { emails: locked });
  if (managerSkipped) log.info('MANAGER_EMAIL names the sample company’s manager, and there is no sample company without DEMO: a company’s admin invites its managers (Staff)');
  const deps = { ...(await makeDeps(config, db, log, now)), mailbox };
  const stopHousekeeping = await startHousekeeping(db.db, deps.documents, deps.now, log);
  // Steps a stopped process left half done with the gateway are driven to an end before anyone is answered.
  await reconcileAll(deps, applyStep);
  if (!config.mail.smtpUrl) log.info('SMTP_URL is not set: e-mails (password reset links) wait in their queue, unsent');
  const app = createApp(deps);
  if (distDir) serveApp(app, distDir, deps);

  const server = await new Promise<Server>((done) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => done(s as Server));
  });
  const closeAfterAnswers = closingConnections(server);
  const port = (server.address() as AddressInfo).port;
  const url = `http://${config.host}:${port}`;
  // The local payment stand-in posts its webhooks to this process, where it listens.
  deps.paymentsStandIn?.deliverTo(`http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}/api/payments/webhook`);
  // The UAE PASS stand-in returns to the public origin's callback; it starts once this server listens.
  const { uaePass, local } = await uaePassFor(config, [config.publicOrigin], config.uaePass.localPort !== undefined);
  deps.uaePass = uaePass;

  return {
    url,
    database: db,
    async close() {
      stopHousekeeping();
      // No new connections from here on; idle keep-alive ones close now, the others once their
      // request is answered.
      const stopClosing = closeAfterAnswers();
      const closed = new Promise<void>((done) => server.close(() => done()));
      // Live streams never end by themselves: they end now (the page reconnects, to another process).
      await deps.live.close();
      // Requests in flight have DRAIN_MS to finish (they still have the database); then they are cut.
      const cut = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
      await closed;
      clearTimeout(cut);
      stopClosing();
      await stopWorkers(deps);
      await deps.paymentsStandIn?.close();
      await local?.close();
      if (!database) await db.close();
    },
  };
}

/**
 * Returns what makes every answer from then on close its connection, those in flight included, and
 * every connection that falls idle close too (that returns how to stop watching, once all are closed).
 * A browser's keep-alive connection, busy when the stop came, would otherwise carry its next requests
 * (the service worker's, the live stream reconnecting every 3 s) to the stopping process, which then
 * waited out the whole DRAIN_MS.
 */
function closingConnections(server: Server) {
  const inFlight = new Set<ServerResponse>();
  let stopping = false;
  // A stream whose headers are out cannot say so: its connection is closed once idle (close()).
  const closeAfter = (response: ServerResponse) => response.headersSent || response.setHeader('Connection', 'close');
  server.on('request', (_request, response: ServerResponse) => {
    if (stopping) return closeAfter(response);
    inFlight.add(response);
    response.once('close', () => inFlight.delete(response));
  });
  return () => {
    stopping = true;
    inFlight.forEach(closeAfter);
    // server.close() closes the connections idle then; these are the ones idle since (a live stream
    // ended, a connection the browser opened ahead and never used).
    const idle = setInterval(() => server.closeIdleConnections(), 200);
    return () => clearInterval(idle);
  };
}

/** How long a stopping server waits for the requests in flight (a platform gives ~30 s before SIGKILL). */
export const DRAIN_MS = 10_000;

/**
 * How many server processes to run: WEB_CONCURRENCY, unless what they would share cannot be shared —
 * then one, and why. PGlite is one process's database; the local UAE PASS stand-in keeps its sign-ins
 * in its process's memory.
 */
export function processCount(config: Config): { count: number; why?: string } {
  if (config.webConcurrency <= 1) return { count: 1 };
  if (!config.databaseUrl) {
    return { count: 1, why: `WEB_CONCURRENCY=${config.webConcurrency} needs DATABASE_URL: PGlite (the embedded database) is one process's. Running one process.` };
  }
  if (!config.payments.stripe) {
    return { count: 1, why: `WEB_CONCURRENCY=${config.webConcurrency} needs STRIPE_SECRET_KEY: the local payment stand-in keeps its books in one process. Running one process.` };
  }
  if (!config.uaePass.clientId && config.uaePass.localPort !== undefined) {
    return { count: 1, why: `WEB_CONCURRENCY=${config.webConcurrency} does not go with the local UAE PASS stand-in (UAEPASS_LOCAL_PORT): it keeps sign-ins in one process. Running one process.` };
  }
  return { count: config.webConcurrency };
}

/** One server process: serves until SIGTERM or SIGINT, then finishes what is in flight and exits. */
async function serveOne(config: Config, label: string) {
  // The handlers come first: a platform may stop the process the moment it says it is ready (and,
  // before them, SIGTERM would kill it outright). One that comes while starting stops it once started.
  let running: Running | null = null;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    consoleLogger.info('stopping: no new connections, finishing the requests in flight', { signal, process: label });
    if (!running) return;
    await running.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  running = await startServer({ config, distDir: config.distDir });
  if (stopping) {
    await running.close();
    process.exit(0);
  }
  const engine = running.database.engine === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  consoleLogger.info(`Move car on ${running.url}`, { database: engine, demo: config.demo, process: label });
}

/**
 * Several server processes on one port (node:cluster shares the listening socket, so both cores
 * serve). A process that dies is replaced; one that dies before it ever listened stops them all (a
 * bad configuration or an unreachable database would otherwise restart forever). SIGTERM reaches
 * every process, each drains, and the primary exits when the last has.
 */
function servePrimary(count: number) {
  let stopping = false;
  let failed = false;
  const listening = new Set<number>();
  const fork = () => cluster.fork();
  cluster.on('listening', (worker) => listening.add(worker.id));
  cluster.on('exit', (worker, code, signal) => {
    const workers = Object.values(cluster.workers ?? {});
    if (!stopping && !listening.has(worker.id)) {
      consoleLogger.error('a server process stopped before it served; stopping', { pid: worker.process.pid, code, signal });
      stopping = true;
      failed = true;
      for (const other of workers) other?.process.kill('SIGTERM');
    }
    if (stopping) {
      if (workers.length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    consoleLogger.error('a server process stopped; starting another', { pid: worker.process.pid, code, signal });
    fork();
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  for (let i = 0; i < count; i++) fork();
}

async function main() {
  const config = readConfig();
  if (cluster.isWorker) return serveOne(config, `worker ${cluster.worker!.id}`);
  const { count, why } = processCount(config);
  if (why) consoleLogger.info(why);
  if (count > 1) return servePrimary(count);
  return serveOne(config, 'single');
}

/** A start refused for a reason the operator can act on says only that, and exits 1. */
const refusal = (error: unknown) => error instanceof InvalidEnvironment || error instanceof FolderInUse;

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main().catch((error: unknown) => {
    if (!refusal(error)) throw error;
    consoleLogger.error((error as Error).message);
    process.exit(1);
  });
}
