// Live updates: what pushTo announces reaches the user's open stream (GET /api/live) once its
// transaction commits, never another user's, never a rolled-back one; a stream that reconnects with
// Last-Event-ID gets exactly what it missed; on PostgreSQL, a push on one instance reaches a stream
// on another (LISTEN/NOTIFY).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../server/auth/sessions';
import { openDatabase, type Db } from '../../server/db/open';
import { users } from '../../server/db/schema';
import { createLiveHub, pushTo, type LiveEvent } from '../../server/live/hub';
import { STREAM_LIMITS } from '../../server/config';
import { engine, recordingLogger, startTestServer, type TestServer } from '../support/server';
import { browser, email, server } from './helpers';

interface Change {
  id: number;
  topic: string;
  ref: string | null;
}

/** A user made in the database, signed in in a browser of their own (as after logging in). */
async function signedIn(db: Db, s?: TestServer) {
  const [user] = await db.insert(users).values({ email: email('live'), role: 'renter', fullName: 'Live Tester' }).returning();
  const { token } = await createSession(db, user!.id, new Date());
  const b = await browser(s);
  b.tab.jar.set(SESSION_COOKIE, token);
  return { ...b, user: user! };
}

const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

/** Reads the SSE stream: the change events as they come, and the last id the stream gave. */
async function stream(b: Awaited<ReturnType<typeof browser>>, lastEventId?: number, headers: Record<string, string> = {}) {
  const response = await b.request('/api/live', { headers: { ...headers, ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }) } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const changes: Change[] = [];
  const waiting: Array<() => void> = [];
  let text = '';
  let lastId: number | null = null;
  let retry: number | null = null;
  const pump = (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      text += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = text.indexOf('\n\n')) >= 0) {
        const block = text.slice(0, end);
        text = text.slice(end + 2);
        const fields = new Map<string, string>();
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) continue;
          const at = line.indexOf(': ');
          fields.set(line.slice(0, at), line.slice(at + 2));
        }
        if (fields.has('retry')) retry = Number(fields.get('retry'));
        if (fields.has('id')) lastId = Number(fields.get('id'));
        if (fields.get('event') === 'change') {
          const data = JSON.parse(fields.get('data')!) as { topic: string; ref: string | null };
          changes.push({ id: lastId!, ...data });
        }
        waiting.splice(0).forEach((wake) => wake());
      }
    }
  })();
  const close = async () => {
    await reader.cancel().catch(() => undefined);
    await pump;
  };
  open.push(close);
  const until = async (ready: () => boolean, ms: number) => {
    const deadline = Date.now() + ms;
    while (!ready()) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise<void>((wake) => {
        const timer = setTimeout(wake, left);
        waiting.push(() => {
          clearTimeout(timer);
          wake();
        });
      });
    }
    return true;
  };
  return {
    changes,
    /** The next `n` changes after those already taken, within `ms`. */
    async take(n: number, ms = 1000) {
      if (!(await until(() => changes.length >= n, ms))) throw new Error(`${changes.length} of ${n} changes in ${ms} ms`);
      return changes.splice(0, n);
    },
    /** Resolves once the stream has said where it starts (its first id, or the replay). */
    async started() {
      if (!(await until(() => lastId !== null, 1000))) throw new Error('the stream never said where it starts');
    },
    lastId: () => lastId,
    retry: () => retry,
    /** Whether the server ended the stream within `ms`. */
    ended: (ms: number) => Promise.race([pump.then(() => true), new Promise<boolean>((done) => setTimeout(() => done(false), ms))]),
    close,
  };
}

describe('live updates (GET /api/live)', () => {
  it('signed out: 401', async () => {
    const b = await browser();
    const response = await b.request('/api/live');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'unauthenticated' });
  });

  it('a committed push reaches the stream within a second; a rolled-back one never does', async () => {
    const { db } = (await server()).deps;
    const mariam = await signedIn(db);
    const live = await stream(mariam);
    await live.started();
    expect(live.retry()).toBe(3000);

    await expect(
      db.transaction(async (tx) => {
        await pushTo(tx, [mariam.user.id], 'violations', 'rolled-back');
        tx.rollback();
      }),
    ).rejects.toThrow();
    const sent = Date.now();
    await db.transaction(async (tx) => {
      await pushTo(tx, [mariam.user.id], 'contracts', 'MC-1');
    });
    const [change] = await live.take(1);
    expect(Date.now() - sent).toBeLessThan(1000);
    expect(change).toMatchObject({ topic: 'contracts', ref: 'MC-1' });
    // Nothing else came, the rolled-back push included (it came before the committed one, if at all).
    await pushTo(db, [mariam.user.id], 'journey');
    expect((await live.take(1)).map((c) => c.topic)).toEqual(['journey']);
    expect(live.changes).toEqual([]);
  });

  it('a user never receives another user’s events; one push reaches several users and all their tabs', async () => {
    const { db } = (await server()).deps;
    const [a, b] = [await signedIn(db), await signedIn(db)];
    const [aLive, aOtherTab, bLive] = [await stream(a), await stream(a), await stream(b)];
    await Promise.all([aLive.started(), aOtherTab.started(), bLive.started()]);

    await pushTo(db, [b.user.id], 'violations', 'for-b');
    await pushTo(db, [a.user.id], 'violations', 'for-a');
    await pushTo(db, [a.user.id, b.user.id, a.user.id], 'imports');

    expect((await aLive.take(2)).map((c) => c.ref)).toEqual(['for-a', null]);
    expect((await aOtherTab.take(2)).map((c) => c.ref)).toEqual(['for-a', null]);
    expect((await bLive.take(2)).map((c) => c.ref)).toEqual(['for-b', null]);
    await pushTo(db, [a.user.id], 'journey', 'end');
    await aLive.take(1);
    await bLive.close();
    expect([...aLive.changes, ...bLive.changes]).toEqual([]);
  });

  it('signing out ends that session\'s streams at once; another session\'s stream of the same user stays', async () => {
    const { db } = (await server()).deps;
    const mariam = await signedIn(db);
    const phone = await browser();
    phone.tab.jar.set(SESSION_COOKIE, (await createSession(db, mariam.user.id, new Date())).token);
    const here = await stream(mariam);
    const there = await stream(phone);
    await Promise.all([here.started(), there.started()]);
    expect((await mariam.api.logOut()).ok).toBe(true);
    // Well before the 25 s heartbeat that would otherwise notice.
    expect(await here.ended(2000)).toBe(true);
    expect(await there.ended(500)).toBe(false);
    await pushTo(db, [mariam.user.id], 'journey');
    expect((await there.take(1)).map((c) => c.topic)).toEqual(['journey']);
  });

  it(`one session holds at most ${STREAM_LIMITS.perSession} streams: one more ends the oldest`, async () => {
    const { db } = (await server()).deps;
    const mariam = await signedIn(db);
    const streams = [];
    for (let i = 0; i <= STREAM_LIMITS.perSession; i++) {
      const opened = await stream(mariam);
      await opened.started();
      streams.push(opened);
    }
    expect(await streams[0]!.ended(1000)).toBe(true);
    for (const other of streams.slice(1)) expect(await other.ended(50)).toBe(false);
  });

  it(`one user holds at most ${STREAM_LIMITS.perUser} streams, whatever their sessions: one more ends the oldest`, async () => {
    const s = await server();
    const mariam = await signedIn(s.deps.db);
    // The same person in two more browsers (two more log-ins).
    const again = async () => {
      const b = await browser();
      b.tab.jar.set(SESSION_COOKIE, (await createSession(s.deps.db, mariam.user.id, new Date())).token);
      return b;
    };
    const tabs = [mariam, await again(), await again()];
    const streams = [];
    for (let i = 0; i <= STREAM_LIMITS.perUser; i++) {
      const opened = await stream(tabs[Math.floor(i / STREAM_LIMITS.perSession)]!);
      await opened.started();
      streams.push(opened);
    }
    expect(await streams[0]!.ended(1000)).toBe(true);
    for (const other of streams.slice(1)) expect(await other.ended(50)).toBe(false);
  });

  it('one client address holds at most so many streams, whoever opens them; another address is not held', async () => {
    const s = await startTestServer({ trustProxy: true, streamLimits: { ...STREAM_LIMITS, perAddress: 3 } });
    try {
      const from = (address: string) => ({ 'x-forwarded-for': address });
      const people = await Promise.all([1, 2, 3, 4].map(() => signedIn(s.deps.db, s)));
      const streams = [];
      for (const person of people) {
        const opened = await stream(person, undefined, from('203.0.113.7'));
        await opened.started();
        streams.push(opened);
      }
      expect(await streams[0]!.ended(1000)).toBe(true);
      for (const other of streams.slice(1)) expect(await other.ended(50)).toBe(false);
      const elsewhere = await stream(people[0]!, undefined, from('198.51.100.20'));
      await elsewhere.started();
      for (const other of streams.slice(1)) expect(await other.ended(50)).toBe(false);
    } finally {
      await Promise.all(open.splice(0).map((close) => close()));
      await s.close();
    }
  });

  it('reconnecting with Last-Event-ID replays exactly the missed events, in order', async () => {
    const { db } = (await server()).deps;
    const mariam = await signedIn(db);
    const first = await stream(mariam);
    await first.started();
    await pushTo(db, [mariam.user.id], 'journey', 'seen');
    const [seen] = await first.take(1);
    await first.close();

    for (const ref of ['missed-1', 'missed-2', 'missed-3']) await pushTo(db, [mariam.user.id], 'notifications', ref);
    const again = await stream(mariam, seen!.id);
    const replayed = await again.take(3);
    expect(replayed.map((c) => c.ref)).toEqual(['missed-1', 'missed-2', 'missed-3']);
    expect(replayed.map((c) => c.id)).toEqual([...replayed.map((c) => c.id)].sort((x, y) => x - y));
    expect(replayed[0]!.id).toBeGreaterThan(seen!.id);
    // Then live again, with nothing repeated.
    await pushTo(db, [mariam.user.id], 'journey', 'live');
    expect((await again.take(1)).map((c) => c.ref)).toEqual(['live']);
    expect(again.changes).toEqual([]);
  });

  it('a stream that drops before any change resumes from where it started (its first id)', async () => {
    const { db } = (await server()).deps;
    const mariam = await signedIn(db);
    await pushTo(db, [mariam.user.id], 'journey', 'before');
    const first = await stream(mariam);
    await first.started();
    const start = first.lastId()!;
    await first.close();
    expect(first.changes).toEqual([]);

    await pushTo(db, [mariam.user.id], 'journey', 'while-away');
    const again = await stream(mariam, start);
    expect((await again.take(1)).map((c) => c.ref)).toEqual(['while-away']);
  });
});

describe.skipIf(engine() !== 'postgres')('live updates across instances (PostgreSQL)', () => {
  it('a closed database has no connection left: dropping it right after ends nobody (no error escapes)', async () => {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: inject('postgresUrl' as never) as string });
    await admin.connect();
    const name = `movecar_close_${randomBytes(6).toString('hex')}`;
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(inject('postgresUrl' as never) as string);
      url.pathname = `/${name}`;
      const database = await openDatabase({ url: url.href });
      await Promise.all(Array.from({ length: 9 }, () => database.db.execute(sql`select pg_sleep(0.01)`)));
      await database.close();
      const left = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      expect(left.rows[0].n).toBe(0);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  it('connections the database ends while idle (a restart, a failover) are replaced: the server answers the next request', async () => {
    const s = await server();
    const mariam = await signedIn(s.deps.db);
    // Several connections open, then back in the pool, idle.
    await Promise.all(Array.from({ length: 5 }, () => s.deps.db.execute(sql`select pg_sleep(0.05)`)));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const result = (await s.deps.db.execute(
        sql`select count(pg_terminate_backend(pid))::int as ended from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and state = 'idle' and query not ilike 'listen %'`,
      )) as unknown as { rows: [{ ended: number }] };
      const { ended } = result.rows[0];
      expect(ended).toBeGreaterThan(0);
      await vi.waitFor(() => expect(errors.mock.calls.flat().join('\n')).toMatch(/database connection lost/));
      const session = await mariam.api.session();
      expect(session.ok && session.body.user?.email).toBe(mariam.user.email);
    } finally {
      errors.mockRestore();
    }
  });

  it('a push through instance A reaches a subscriber on instance B', async () => {
    const { default: pg } = await import('pg');
    const admin = inject('postgresUrl' as never) as string;
    const name = `movecar_live_${randomBytes(6).toString('hex')}`;
    const run = async (query: string) => {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(query);
      await client.end();
    };
    await run(`create database ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const [a, b] = [await openDatabase({ url: url.href }), await openDatabase({ url: url.href })];
    const log = recordingLogger();
    const [hubA, hubB] = [await createLiveHub(a, log), await createLiveHub(b, log)];
    try {
      const [user] = await a.db.insert(users).values({ email: email('live'), role: 'renter', fullName: 'Live Tester' }).returning();
      const received: LiveEvent[] = [];
      let started: (id: number) => void = () => {};
      const ready = new Promise<number>((resolve) => (started = resolve));
      const unsubscribe = hubB.subscribe(user!.id, null, (event) => received.push(event), { ready: started });
      await ready;

      const sent = Date.now();
      await a.db.transaction(async (tx) => pushTo(tx, [user!.id], 'violations', 'V-1'));
      while (received.length === 0 && Date.now() - sent < 1000) await new Promise((r) => setTimeout(r, 10));
      expect(received).toMatchObject([{ topic: 'violations', ref: 'V-1' }]);

      // The listening connections drop (a restart, a failover): they come back, and what was pushed
      // while nobody listened still arrives, once. The log says so without the connection string.
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        await a.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'`,
        );
        await pushTo(a.db, [user!.id], 'violations', 'V-2');
        const pushed = Date.now();
        while (received.length < 2 && Date.now() - pushed < 5000) await new Promise((r) => setTimeout(r, 20));
        expect(received.map((e) => e.ref)).toEqual(['V-1', 'V-2']);
        const logged = errors.mock.calls.flat().join('\n');
        expect(logged).toMatch(/database listener lost/);
        expect(logged).not.toContain(url.password);
        await pushTo(a.db, [user!.id], 'violations', 'V-3');
        while (received.length < 3 && Date.now() - pushed < 5000) await new Promise((r) => setTimeout(r, 20));
        expect(received.map((e) => e.ref)).toEqual(['V-1', 'V-2', 'V-3']);
      } finally {
        errors.mockRestore();
      }
      unsubscribe();
      expect(log.lines.filter((l) => l.includes('"error"'))).toEqual([]);
    } finally {
      await hubA.close();
      await hubB.close();
      await a.close();
      await b.close();
      await run(`drop database if exists ${name} with (force)`);
    }
  });
});
