// Live updates: a change a user should see on open screens is a live_events row and a NOTIFY in the
// same transaction, so it is announced only if it commits. Every server instance listens on one
// channel and, for the users with a stream open on it, reads their rows past what each stream has
// seen: the rows (not the notifications) are the truth, so notifications may arrive late, coalesced
// or twice and a stream still gets every event once, in order. A reconnecting stream resumes from
// its last event id (EventSource's Last-Event-ID).
import { and, asc, eq, gt, lt, max, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../db/open';
import { liveEvents } from '../db/schema';
import type { Logger } from '../deps';

/** What a screen refetches; `ref` names the record when there is one (a violation id, a contract code). */
export type LiveTopic = 'journey' | 'violations' | 'contracts' | 'notifications' | 'imports' | 'incidents' | 'staff';
/**
 * What the streams themselves hear besides: `session`, a session of the user ended (signed out, or
 * signed out everywhere), so each of their streams, on any instance, checks its own at once.
 */
export type StreamTopic = LiveTopic | 'session';

export interface LiveEvent {
  id: number;
  topic: StreamTopic;
  ref: string | null;
}

const CHANNEL = 'movecar_live';
/** Held by every pushing transaction from its insert to its commit (see pushTo). */
const PUSH_LOCK = 727_002;
const KEEP = '1 day';
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const RETRY_MS = 1000;
const BATCH = 500;

/**
 * Tells `userIds` that `topic` (`ref`) changed, when `db`'s transaction commits (at once outside one).
 * Call it last in the transaction: it takes a lock that every pushing transaction waits on until the
 * one holding it ends. That lock is what keeps event ids in commit order, so a stream that has seen
 * id N can never later be missing a smaller id committed after it.
 */
export async function pushTo(db: Db | Tx, userIds: string[], topic: StreamTopic, ref?: string): Promise<void> {
  const users = [...new Set(userIds)];
  if (users.length === 0) return;
  // One statement, so it is atomic even outside a transaction; the lock is taken before any id is drawn.
  await db.execute(sql`
    with locked as (select pg_advisory_xact_lock(${PUSH_LOCK})),
    added as (
      insert into ${liveEvents} (user_id, topic, ref)
      select u, ${topic}, ${ref ?? null}
      from unnest(array[${sql.join(users.map((u) => sql`${u}`), sql`, `)}]::uuid[]) as u
      where exists (select from locked)
      returning id, user_id
    )
    select pg_notify(${CHANNEL}, json_build_object('user', user_id, 'id', id)::text) from added`);
}

export interface LiveHub {
  /**
   * Sends the user's events to `send`, in order, from after `after` (a stream resuming), or from now
   * (`null`: then `ready` is told the id the stream starts after, for it to resume from). `closed` is
   * called if the hub closes first. Returns the unsubscribe function.
   */
  subscribe(
    userId: string,
    after: number | null,
    send: (event: LiveEvent) => void,
    options?: { ready?: (lastId: number) => void; closed?: () => void },
  ): () => void;
  close(): Promise<void>;
}

interface Subscriber {
  /** The last event id sent; null until the start is known. */
  last: number | null;
  send: (event: LiveEvent) => void;
  ready?: (lastId: number) => void;
  closed?: () => void;
}

/** A user's streams on this instance, and their reader: one query at a time per user. */
interface UserStreams {
  subscribers: Set<Subscriber>;
  reading: boolean;
  /** Something happened while reading: read again. */
  again: boolean;
}

export async function createLiveHub(database: Database, log: Logger): Promise<LiveHub> {
  const { db } = database;
  const users = new Map<string, UserStreams>();
  const running = new Set<Promise<unknown>>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let closed = false;

  const track = (work: Promise<unknown>) => {
    running.add(work);
    void work.finally(() => running.delete(work));
  };

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!closed) run();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  /** Brings every stream of the user up to date; if a read is under way, it reads again after. */
  async function read(userId: string) {
    const streams = users.get(userId);
    if (!streams || closed) return;
    if (streams.reading) {
      streams.again = true;
      return;
    }
    streams.reading = true;
    try {
      do {
        streams.again = false;
        await catchUp(userId, streams);
      } while (streams.again && !closed);
    } catch (error) {
      log.error('live: reading events failed', { reason: (error as Error).message });
      later(RETRY_MS, () => track(read(userId)));
    } finally {
      streams.reading = false;
      if (streams.subscribers.size === 0 && users.get(userId) === streams) users.delete(userId);
    }
  }

  async function catchUp(userId: string, streams: UserStreams) {
    const starting = [...streams.subscribers].filter((s) => s.last === null);
    if (starting.length > 0) {
      const [row] = await db
        .select({ last: max(liveEvents.id) })
        .from(liveEvents)
        .where(eq(liveEvents.userId, userId));
      for (const s of starting) {
        s.last = Number(row?.last ?? 0);
        s.ready?.(s.last);
      }
    }
    for (;;) {
      const positions = [...streams.subscribers].flatMap((s) => (s.last === null ? [] : [s.last]));
      if (positions.length === 0 || closed) return;
      const rows = await db
        .select({ id: liveEvents.id, topic: liveEvents.topic, ref: liveEvents.ref })
        .from(liveEvents)
        .where(and(eq(liveEvents.userId, userId), gt(liveEvents.id, Math.min(...positions))))
        .orderBy(asc(liveEvents.id))
        .limit(BATCH);
      for (const row of rows) {
        const event = { id: Number(row.id), topic: row.topic as StreamTopic, ref: row.ref };
        for (const s of streams.subscribers) {
          if (s.last === null || event.id <= s.last) continue;
          s.last = event.id;
          s.send(event);
        }
      }
      if (rows.length < BATCH) return;
    }
  }

  function notified(payload: string) {
    let message: { user?: unknown; id?: unknown };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      return;
    }
    if (typeof message.user !== 'string') return;
    const streams = users.get(message.user);
    if (!streams) return;
    // Already sent to every stream (a notification repeated or overtaken by a read): nothing to read.
    const id = Number(message.id);
    if ([...streams.subscribers].every((s) => s.last !== null && s.last >= id)) return;
    track(read(message.user));
  }

  function sweep() {
    track(
      db
        .delete(liveEvents)
        .where(lt(liveEvents.createdAt, sql`now() - ${KEEP}::interval`))
        .catch((error: Error) => log.error('live: deleting old events failed', { reason: error.message })),
    );
  }

  const unlisten = await database.listen(CHANNEL, notified, {
    // Notifications were lost while the database connection was down: read for every user.
    reconnected: () => users.forEach((_, userId) => track(read(userId))),
  });
  sweep();
  const sweeper = setInterval(sweep, SWEEP_EVERY_MS);
  sweeper.unref();

  return {
    subscribe(userId, after, send, { ready, closed: onClosed } = {}) {
      if (closed) {
        onClosed?.();
        return () => undefined;
      }
      const streams = users.get(userId) ?? { subscribers: new Set(), reading: false, again: false };
      users.set(userId, streams);
      const subscriber: Subscriber = { last: after, send, ready, closed: onClosed };
      streams.subscribers.add(subscriber);
      track(read(userId));
      return () => {
        streams.subscribers.delete(subscriber);
        if (streams.subscribers.size === 0 && !streams.reading && users.get(userId) === streams) users.delete(userId);
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(sweeper);
      timers.forEach(clearTimeout);
      for (const streams of users.values()) for (const s of streams.subscribers) s.closed?.();
      users.clear();
      await unlisten().catch(() => undefined);
      await Promise.allSettled([...running]);
    },
  };
}
