// The real server, in-process, for tests: the Hono app over a database of its own (a copy of the
// PGlite template, or a fresh database on PostgreSQL for that half of the server tests), with the
// hashing cost lowered for speed (never in production) and the demo shortcuts on.
import { startLocalMailbox, type LocalMailbox } from '../../server/mail/local';
import { startLocalPushService, type LocalPushService } from '../../server/push/local';
import { cpSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { readConfig, type Config } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/open';
import { makeDeps, stopWorkers, uaePassFor, type Deps, type Logger } from '../../server/deps';
import { createApp } from '../../server/app';
import { seed } from '../../server/seed';
import { scratchDir } from './scratch';

export const ORIGIN = 'http://movecar.test';

/** A logger that keeps every line, to search for secrets afterwards. */
export function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const keep = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    void lines.push(JSON.stringify({ level, message, ...fields }));
  return { lines, info: keep('info'), error: keep('error') };
}

export interface TestServer {
  app: ReturnType<typeof createApp>;
  deps: Deps;
  config: Config;
  database: Database;
  dataDir: string;
  log: ReturnType<typeof recordingLogger>;
  /** The local mail server the app sends to, when asked for (`{ mail: true }`). */
  mailbox: LocalMailbox | null;
  /** The local push service stand-in, when the test asked for it (its origin is one the server may send to). */
  pushService: LocalPushService | null;
  /** Stops the database and opens it again, as a restarted server does; the app is made anew. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

type Engine = 'pglite' | 'postgres';

/** Which engine this test project runs on (the server tests run once on each). */
export function engine(): Engine {
  return (inject('postgresUrl' as never) as string | undefined) ? 'postgres' : 'pglite';
}

async function openTestDatabase(
  dataDir: string,
): Promise<{ database: Database; drop: () => Promise<void>; reopen: () => Promise<Database> }> {
  const postgres = inject('postgresUrl' as never) as string | undefined;
  if (postgres) {
    const { default: pg } = await import('pg');
    const name = `movecar_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgres });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(postgres);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.href });
    return {
      database,
      reopen: () => openDatabase({ url: url.href }),
      drop: async () => {
        const again = new pg.Client({ connectionString: postgres });
        await again.connect();
        try {
          // FORCE ends the database's sessions, but may not end an autovacuum worker that is the
          // server's own (42501, seen once in CI after a test that wrote many rows): it soon finishes.
          for (let attempt = 1; ; attempt++) {
            try {
              await again.query(`drop database if exists ${name} with (force)`);
              break;
            } catch (error) {
              if ((error as { code?: string }).code !== '42501' || attempt === 40) throw error;
              await new Promise((resolve) => setTimeout(resolve, 250));
            }
          }
        } finally {
          await again.end();
        }
      },
    };
  }
  cpSync(inject('pgliteTemplate'), dataDir, { recursive: true });
  return {
    database: await openDatabase({ dataDir }),
    drop: async () => undefined,
    reopen: () => openDatabase({ dataDir }),
  };
}

export async function startTestServer(
  overrides: Partial<Config> = {},
  { uaePass = false, mail = false, noShows = false, push = false }: { uaePass?: boolean; mail?: boolean; noShows?: boolean; push?: boolean } = {},
): Promise<TestServer> {
  // The tests move their clock forward to hand cars over (travelTo): the no-show job stays off unless
  // a test is about it, so a booking of another test is never cancelled under it.
  const withWorkers = async (deps: Deps) => {
    if (!noShows) await deps.noShows.stop();
    return deps;
  };
  const dataDir = scratchDir('movecar-test-');
  const mailbox = mail ? await startLocalMailbox() : null;
  const pushService = push ? await startLocalPushService() : null;
  const config: Config = {
    ...readConfig({
      DEMO: '1',
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: ORIGIN,
      ...(mailbox ? { SMTP_URL: mailbox.url } : {}),
      ...(pushService ? { PUSH_SERVICES: pushService.origin } : {}),
    }),
    scryptCost: 1024,
    throttleDelayMs: 0,
    ...overrides,
  };
  const { database, drop, reopen } = await openTestDatabase(dataDir);
  await seed(database.db, config);
  const log = recordingLogger();
  const deps = await withWorkers(await makeDeps(config, database, log));
  // The payment stand-in's webhooks reach this file's app in-process (its origin is not one that listens).
  deps.paymentsStandIn?.deliverTo(async (request) => server.app.fetch(request));
  // The local UAE PASS stand-in, as `npm run dev` has it, when a test needs the button.
  const local = uaePass ? await uaePassFor(config, [ORIGIN], true) : null;
  if (local) deps.uaePass = local.uaePass;
  const server: TestServer = {
    app: createApp(deps),
    deps,
    config,
    database,
    dataDir,
    log,
    mailbox,
    pushService,
    async restart() {
      await server.deps.live.close();
      await stopWorkers(server.deps);
      await server.database.close();
      server.database = await reopen();
      // The provider is not restarted with us: the same stand-in, its books and cards as they were.
      const standIn = server.deps.paymentsStandIn;
      server.deps = { ...(await withWorkers(await makeDeps(config, server.database, log, undefined, standIn))), uaePass: server.deps.uaePass };
      server.app = createApp(server.deps);
    },
    async close() {
      await local?.local?.close();
      await server.deps.live.close();
      await stopWorkers(server.deps);
      await server.deps.paymentsStandIn?.close();
      await mailbox?.close();
      await pushService?.close();
      await server.database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** Node's own FormData and File (under jsdom the globals are jsdom's, which Node's fetch cannot send). */
const NodeFormData = (await new Response('', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }).formData())
  .constructor as typeof FormData;
const { File: NodeFile } = await import('node:buffer');

async function nodeBody(body: BodyInit | null | undefined): Promise<BodyInit | null | undefined> {
  if (!body || typeof body !== 'object' || !('entries' in body) || body instanceof URLSearchParams) return body;
  const form = new NodeFormData();
  for (const [key, value] of (body as FormData).entries()) {
    if (typeof value === 'string') form.append(key, value);
    else {
      const bytes = await new Promise<ArrayBuffer>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as ArrayBuffer);
        reader.onerror = () => reject(reader.error);
        reader.readAsArrayBuffer(value);
      }).catch(() => value.arrayBuffer());
      form.append(key, new NodeFile([new Uint8Array(bytes)], value.name, { type: value.type }) as unknown as Blob, value.name);
    }
  }
  return form;
}

/**
 * The network's delay for one request (a string body as sent; a form's is ''): ms, or a promise the
 * request waits for (held until a test has seen it under way).
 */
export type Latency = (request: { method: string; path: string; body: string }) => number | Promise<void>;

/**
 * A browser of its own against the server: keeps its cookies (as a browser would keep the
 * HttpOnly session cookie) and sends the page's Origin. `fetch` is what the app's API client uses.
 */
export function browserFor(server: Pick<TestServer, 'app'>, { origin = ORIGIN, latency }: { origin?: string; latency?: Latency } = {}) {
  const jar = new Map<string, string>();
  let dropNext: ((body: string) => boolean) | null = null;
  const fetcher = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = typeof init.body === 'string' ? init.body : '';
    // A network's delay, so a busy state can be seen as a person would see it.
    const delay = latency?.({ method: init.method ?? 'GET', path: new URL(url, origin).pathname, body }) ?? 0;
    if (typeof delay !== 'number') await delay;
    else if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    if (dropNext?.(body)) {
      dropNext = null;
      throw new TypeError('Failed to fetch'); // what a browser's fetch says when the connection drops
    }
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    if (!headers.has('origin')) headers.set('origin', origin);
    const response = await server.app.request(new URL(url, origin).href, {
      ...init,
      headers,
      body: await nodeBody(init.body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = pair!.split('=');
      const expired = attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired) jar.delete(name!.trim());
      else jar.set(name!.trim(), value.join('='));
    }
    return response;
  };
  return {
    fetch: fetcher as typeof fetch,
    jar,
    /** The next request whose body matches never reaches the server, as when the connection drops. */
    dropNextRequest: (matches: (body: string) => boolean) => void (dropNext = matches),
  };
}
