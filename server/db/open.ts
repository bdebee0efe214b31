// One query layer over two engines: PGlite (embedded, persisted under DATA_DIR, or in memory) by
// default, PostgreSQL when DATABASE_URL is set. Versioned migrations run at start, under an advisory
// lock so several instances starting together migrate once.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

// From the path string: under jsdom (the screen tests) the global URL is not Node's.
const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK = 727_001;

/** `url`: PostgreSQL; otherwise PGlite in `dataDir` (created if missing), or in memory without one. */
export async function openDatabase(options: { url?: string; dataDir?: string }): Promise<Database> {
  const database = options.url ? await openPostgres(options.url) : await openPglite(options.dataDir);
  await migrate(database);
  return database;
}

async function openPostgres(url: string): Promise<Database> {
  const { Pool } = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new Pool({ connectionString: url, max: 10 });
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  return { db, engine: 'postgres', close: () => pool.end() };
}

async function openPglite(dataDir?: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  let path: string | undefined;
  if (dataDir) {
    path = join(dataDir, 'pglite');
    mkdirSync(path, { recursive: true });
  }
  const client = new PGlite(path);
  await client.waitReady;
  const db = drizzle({ client, schema }) as unknown as Db;
  return { db, engine: 'pglite', close: () => client.close() };
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
