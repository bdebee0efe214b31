// One query layer over two engines: PGlite (embedded, persisted under DATA_DIR, or in memory) by
// default, PostgreSQL when DATABASE_URL is set. Versioned migrations run at start, under an advisory
// lock so several instances starting together migrate once. Each also listens for notifications
// (LISTEN/NOTIFY), which is how several instances tell each other about changes (server/live).
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { lockFolder, type FolderLock } from './folderLock';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /**
   * Calls `handler` with the payload of every NOTIFY on `channel` (from any connection, once its
   * transaction commits) until the returned function is called. Notifications sent while the
   * listening connection was down are lost: `reconnected` is told, so the listener can catch up.
   */
  listen(channel: string, handler: (payload: string) => void, options?: { reconnected?: () => void }): Promise<() => Promise<void>>;
  /**
   * Holds the advisory lock (INSTANCE_LOCK, `id`) for as long as this process's connection lives, for
   * other instances to see in pg_locks (`instanceAlive`): a process that dies, even by kill -9, drops
   * its connection and the lock with it. On PostgreSQL the listener's connection holds it (taken again
   * after a reconnection); PGlite is one process's alone (its folder is locked), so nothing to show.
   * While that connection is down the instance looks gone: a step of its own then in flight may be
   * undone by another's reconciler, and its save is refused (the intent is no longer open), never both.
   */
  holdInstance(id: number): Promise<void>;
  close(): Promise<void>;
}

/** The advisory lock space of the instances' locks (holdInstance). */
export const INSTANCE_LOCK = 727_003;

/** SQL: whether the instance `owner` (an integer column or value) still holds its lock, that is, still lives. */
export const instanceAlive = (owner: SQLWrapper) =>
  sql`exists (select from pg_locks where locktype = 'advisory' and granted and classid = ${INSTANCE_LOCK} and objid = ${owner}::int8::oid and objsubid = 2)`;

// From the path string: under jsdom (the screen tests) the global URL is not Node's.
const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK = 727_001;

/** `url`: PostgreSQL; otherwise PGlite in `dataDir` (created if missing), or in memory without one. */
export async function openDatabase(options: { url?: string; dataDir?: string }): Promise<Database> {
  const database = options.url ? await openPostgres(options.url) : await openPglite(options.dataDir);
  await migrate(database);
  return database;
}

/** How long closing waits for the pool's connections to have ended. */
const CLOSE_WAIT_MS = 10_000;

async function openPostgres(url: string): Promise<Database> {
  const { Pool } = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new Pool({ connectionString: url, max: 10 });
  let closing = false;
  // An idle connection the database ended (a restart, a failover, an administrator): the pool drops it
  // and opens another for the next query. Without a listener Node would treat it as an uncaught error
  // and stop the whole server.
  pool.on('error', (error) => {
    if (closing) return;
    console.error(JSON.stringify({ level: 'error', message: 'database connection lost; the pool opens another', reason: error.message }));
  });
  // pool.end() resolves once it has asked its connections to end, not once they have: closing waits for
  // them, so that nothing of this pool is left when the caller goes on (a test drops the database next).
  let connections = 0;
  let allEnded = () => {};
  pool.on('connect', () => void connections++);
  pool.on('remove', () => {
    if (--connections === 0) allEnded();
  });
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  const listener = await postgresListener(url);
  return {
    db,
    engine: 'postgres',
    listen: listener.listen,
    holdInstance: listener.holdInstance,
    async close() {
      closing = true;
      await listener.close();
      const ended = new Promise<void>((resolve) => (allEnded = resolve));
      await pool.end();
      // Bounded: a connection the database itself ended may never say so, and closing must not hang.
      if (connections > 0 && !(await Promise.race([ended.then(() => true), new Promise<false>((resolve) => setTimeout(resolve, CLOSE_WAIT_MS, false).unref())]))) {
        console.error(JSON.stringify({ level: 'error', message: 'database closed with connections still ending', connections }));
      }
    },
  };
}

type Handler = { notify: (payload: string) => void; reconnected?: () => void };

const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/**
 * LISTEN needs a connection of its own that stays open (a pooled one goes back to the pool and to
 * other queries): one per Database, opened on the first listen. When it drops (or cannot be opened)
 * it is opened again after a growing pause, listens to every channel again and says so.
 */
async function postgresListener(url: string) {
  const { Client } = (await import('pg')).default;
  interface Connection {
    client: InstanceType<typeof Client>;
    /** The channels LISTENed to on this connection. */
    listening: Set<string>;
    /** True once connected and listening; false if it failed (a reconnection is then on its way). */
    ready: Promise<boolean>;
  }
  const channels = new Map<string, Set<Handler>>();
  let current: Connection | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let closed = false;

  const quote = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

  /** The instance locks this connection is to hold (holdInstance). */
  const holds = new Set<number>();
  const takeHolds = async (connection: Connection) => {
    for (const id of holds) await connection.client.query('select pg_advisory_lock($1, $2)', [INSTANCE_LOCK, id]);
  };

  async function listenOn(connection: Connection, channel: string) {
    if (connection.listening.has(channel)) return;
    connection.listening.add(channel);
    await connection.client.query(`LISTEN ${quote(channel)}`);
  }

  function connect() {
    const client = new Client({ connectionString: url, keepAlive: true });
    const connection: Connection = { client, listening: new Set(), ready: Promise.resolve(false) };
    current = connection;
    client.on('notification', (message) => {
      for (const handler of channels.get(message.channel) ?? []) handler.notify(message.payload ?? '');
    });
    // Both may fire when the connection drops; the first one counts.
    client.on('error', (error) => lost(connection, error));
    client.on('end', () => lost(connection, new Error('connection ended')));
    connection.ready = (async () => {
      await client.connect();
      await takeHolds(connection);
      for (const channel of [...channels.keys()]) await listenOn(connection, channel);
    })().then(
      () => {
        failures = 0;
        // Whatever was notified while no connection listened is lost: the listeners catch up.
        for (const handlers of channels.values()) for (const handler of handlers) handler.reconnected?.();
        return true;
      },
      (error: Error) => {
        lost(connection, error);
        return false;
      },
    );
  }

  function lost(connection: Connection, error: Error) {
    if (closed || current !== connection) return;
    current = null;
    connection.client.end().catch(() => undefined);
    // The reason only: never the connection string (it holds the password).
    console.error(JSON.stringify({ level: 'error', message: 'database listener lost; reconnecting', reason: error.message }));
    retry = setTimeout(
      () => {
        retry = null;
        if (!closed) connect();
      },
      Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** failures++),
    );
    retry.unref();
  }

  return {
    async listen(channel: string, notify: (payload: string) => void, options: { reconnected?: () => void } = {}) {
      if (closed) throw new Error('database closed');
      const handler: Handler = { notify, reconnected: options.reconnected };
      const handlers = channels.get(channel) ?? new Set<Handler>();
      channels.set(channel, handlers);
      handlers.add(handler);
      if (!current && !retry) connect();
      const connection = current;
      // A failure here is a dropped connection: the reconnection listens to every channel again.
      if (connection && (await connection.ready)) await listenOn(connection, channel).catch(() => undefined);
      return async () => {
        handlers.delete(handler);
        if (handlers.size > 0 || channels.get(channel) !== handlers) return;
        channels.delete(channel);
        const open = current;
        if (open?.listening.delete(channel)) await open.client.query(`UNLISTEN ${quote(channel)}`).catch(() => undefined);
      };
    },
    async holdInstance(id: number) {
      if (closed) throw new Error('database closed');
      holds.add(id);
      if (!current && !retry) connect();
      const connection = current;
      // A failure here is a dropped connection: the reconnection takes every lock again.
      if (connection && (await connection.ready)) await connection.client.query('select pg_advisory_lock($1, $2)', [INSTANCE_LOCK, id]).catch(() => undefined);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const open = current;
      current = null;
      if (open) {
        await open.ready;
        await open.client.end().catch(() => undefined);
      }
    },
  };
}

async function openPglite(dataDir?: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  let path: string | undefined;
  let lock: FolderLock | null = null;
  if (dataDir) {
    path = join(dataDir, 'pglite');
    mkdirSync(path, { recursive: true });
    // Before PGlite reads a byte: a second process on the folder is refused, the first untouched.
    lock = await lockFolder(path);
  }
  // btree_gist: the bookings' exclusion constraint compares car ids inside a GiST index.
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const client = new PGlite(path, { extensions: { btree_gist } });
  try {
    await client.waitReady;
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const db = drizzle({ client, schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    // One in-process connection: nothing to reconnect, and every NOTIFY comes from this process.
    listen: async (channel, handler) => {
      const unlisten = await client.listen(channel, handler);
      return () => unlisten();
    },
    holdInstance: async () => undefined,
    async close() {
      await client.close();
      await lock?.release();
    },
  };
}

async function migrate(database: Database) {
  const { db, engine } = database;
  const run =
    engine === 'pglite'
      ? (await import('drizzle-orm/pglite/migrator')).migrate
      : (await import('drizzle-orm/node-postgres/migrator')).migrate;
  if (engine === 'pglite') return run(db as never, { migrationsFolder: MIGRATIONS });
  // One connection holds the lock while the migrator runs on the pool: other instances wait.
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await run(db as never, { migrationsFolder: MIGRATIONS });
  });
}
