// The production server: `npm run build && npm start`. PORT (3000), HOST, DATA_DIR (./.data) and,
// for PostgreSQL, DATABASE_URL; see README. Also started in-process by the browser tests.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { readConfig, type Config } from './config';
import { openDatabase, type Database } from './db/open';
import { consoleLogger, makeDeps, uaePassFor, type Logger } from './deps';
import { createApp } from './app';
import { seed } from './seed';
import { serveApp } from './http/static';
import { startHousekeeping } from './housekeeping';
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
  const { locked } = await seed(db.db, config);
  if (locked.length > 0) log.info('sample managers locked: DEMO is off, and their passwords are published', { emails: locked });
  const deps = { ...(await makeDeps(config, db, log, now)), mailbox };
  const stopHousekeeping = await startHousekeeping(db.db, deps.now, log);
  if (!config.mail.smtpUrl) log.info('SMTP_URL is not set: e-mails (password reset links) wait in their queue, unsent');
  const app = createApp(deps);
  if (distDir) serveApp(app, distDir);

  const server = await new Promise<Server>((done) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => done(s as Server));
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${config.host}:${port}`;
  // The UAE PASS stand-in needs this server's address for its callback, so it starts after it.
  const origins = [url, `http://localhost:${port}`, ...(config.publicOrigin ? [config.publicOrigin] : [])];
  const { uaePass, local } = await uaePassFor(config, origins, config.uaePass.localPort !== undefined);
  deps.uaePass = uaePass;

  return {
    url,
    database: db,
    async close() {
      stopHousekeeping();
      // First the live streams: open, they would keep the server from closing.
      await deps.live.close();
      await deps.mail.stop();
      await deps.imports.stop();
      await new Promise<void>((done) => server.close(() => done()));
      await local?.close();
      if (!database) await db.close();
    },
  };
}

async function main() {
  const config = readConfig();
  const running = await startServer({ config, distDir: config.distDir });
  const engine = running.database.engine === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  consoleLogger.info(`Move car on ${running.url}`, { database: engine, demo: config.demo });
  const stop = async () => {
    await running.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
