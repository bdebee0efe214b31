// `npm start` as a process of its own: Node on the compiled server (tests/e2e/global-setup.ts builds
// it, as `npm run build` does), for the tests that restart, stop or multiply it.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { scratchCopy } from '../support/scratch';

export { freePort } from '../support/port';

export interface Production {
  child: ChildProcess;
  /** Everything it printed so far (its JSON log lines). */
  output(): string;
  /** Resolves with the exit code when it ends. */
  exited: Promise<number | null>;
}

const CLOCK_AHEAD = fileURLToPath(new URL('./clock-ahead.mjs', import.meta.url));

/**
 * Starts the production server on `port` with DEMO=1 and its data under `dataDir`; resolves once
 * `ready` processes said "Move car on" (one, or WEB_CONCURRENCY of them). With `CLOCK_AHEAD_MS` in
 * `env`, its clock reads that far ahead of the wall clock (./clock-ahead.mjs).
 */
export async function startProduction(
  port: number,
  dataDir: string,
  /** More variables; one set to undefined is left out (PUBLIC_ORIGIN, say). */
  env: Record<string, string | undefined> = {},
  ready = 1,
): Promise<Production> {
  const clock = env.CLOCK_AHEAD_MS ? ['--import', CLOCK_AHEAD] : [];
  const child = spawn(process.execPath, ['--enable-source-maps', ...clock, join(inject('serverDir'), 'main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DEMO: '1',
      DIST_DIR: inject('distDir'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      if (code === null) output += `\n(ended by ${signal})`;
      resolve(code);
    }),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 60_000);
    const check = () => {
      if (output.split('Move car on').length - 1 < ready) return;
      clearTimeout(timer);
      child.stdout!.off('data', check);
      resolve();
    };
    child.stdout!.on('data', check);
    void exited.then((code) => reject(new Error(`the server stopped (${code}):\n${output}`)));
  });
  return { child, output: () => output, exited };
}

/**
 * A data folder for a server, holding a copy of the run's migrated and seeded PGlite database
 * (tests/support/template.ts): a server started on it skips initdb and the migrations (ready in 1.4 s
 * and 2.2 s of CPU, against 3.6 s and 5.4 s on an empty folder, measured here). A first start on an
 * empty folder is production.e2e.ts's to test. The caller removes it.
 */
export const seededDataDir = (prefix: string) => scratchCopy(inject('pgliteTemplate'), prefix);

/** SIGTERM, as a platform stops it; resolves with the exit code. */
export function stop(server: Production): Promise<number | null> {
  server.child.kill('SIGTERM');
  return server.exited;
}

/** The PostgreSQL server the tests may create databases on (CI sets it); empty without one. */
export const postgresUrl = process.env.TEST_DATABASE_URL ?? '';

/** A database of its own on that server for `work` (given its URL), dropped after. */
export async function withDatabase<T>(prefix: string, work: (url: string) => Promise<T>): Promise<T> {
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  try {
    return await work(url.href);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
