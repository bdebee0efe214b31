// GET /api/live: the signed-in user's live updates as Server-Sent Events (`event: change`, `id:` the
// event's id, `data: {"topic","ref"}`); the screens refetch what the topic names. EventSource
// reconnects by itself and sends the last id it saw (Last-Event-ID): the stream resumes from there.
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../deps';
import { requireRole } from '../auth/middleware';
import { validateSession } from '../auth/sessions';
import { clientAddress } from '../http/security';

/** Under the 30 s or so after which proxies and load balancers close a quiet connection. */
const HEARTBEAT_MS = 25_000;
const RETRY_MS = 3000;

/*
 * Streams open on this instance are counted per session, per user and per client address
 * (config.streamLimits). Past one, the oldest of that kind ends (a tab closed without the connection
 * noticing, say): one account held 1,800 streams in 30 s through new sessions, and 60 accounts' took
 * the server's connections from everyone else.
 */

interface Held {
  end: () => void;
  keys: string[];
}
const held = new Map<string, Held[]>();

/** Counts a stream against each of its keys (key → at most); returns how to take it off again. */
function hold(limits: [string, number][], end: () => void): () => void {
  const stream: Held = { end, keys: limits.map(([key]) => key) };
  const release = (one: Held) => {
    for (const key of one.keys) {
      const list = held.get(key);
      const at = list?.indexOf(one) ?? -1;
      if (at >= 0) list!.splice(at, 1);
      if (list?.length === 0) held.delete(key);
    }
  };
  for (const [key, most] of limits) {
    const list = held.get(key) ?? [];
    held.set(key, list);
    list.push(stream);
    while (list.length > most) {
      const oldest = list[0]!;
      release(oldest);
      oldest.end();
    }
  }
  return () => release(stream);
}

/** The id to resume after, if the header holds one (anything else starts from now). */
function resumeAfter(header: string | undefined): number | null {
  if (!header || !/^\d{1,15}$/.test(header.trim())) return null;
  return Number(header.trim());
}

export const liveRoutes = new Hono<AppEnv>().get('/', requireRole('renter', 'manager', 'agent', 'admin', 'operator'), (c) => {
  const { db, live, now } = c.var.deps;
  const user = c.var.user!;
  const token = c.var.sessionToken;
  const after = resumeAfter(c.req.header('last-event-id'));
  // Tells a reverse proxy (nginx) not to buffer the stream.
  c.header('X-Accel-Buffering', 'no');
  const response = streamSSE(c, async (stream) => {
    let ended = false;
    let wake = () => {};
    const end = () => {
      ended = true;
      wake();
    };
    stream.onAbort(end);
    const { trustProxy, streamLimits } = c.var.deps.config;
    const address = clientAddress(c, trustProxy);
    const limits: [string, number][] = [[`user ${user.id}`, streamLimits.perUser]];
    if (token) limits.push([`session ${token}`, streamLimits.perSession]);
    if (address) limits.push([`address ${address}`, streamLimits.perAddress]);
    const release = hold(limits, end);
    // Still signed in? (A failed check keeps the stream: the database may be back by the next one.)
    const signedOut = async () =>
      !token || (await validateSession(db, token, now(), { renew: false }).catch(() => undefined)) === null;
    // One write at a time, in the order the events came.
    let writing = Promise.resolve();
    const write = (text: string) => (writing = writing.then(() => stream.write(text).then(() => undefined)));

    write(`retry: ${RETRY_MS}\n\n`);
    const unsubscribe = live.subscribe(
      user.id,
      after,
      (event) =>
        // A session of this user ended (signing out, on any instance): is it this stream's?
        event.topic === 'session'
          ? void signedOut().then((out) => out && end())
          : write(`event: change\nid: ${event.id}\ndata: ${JSON.stringify({ topic: event.topic, ref: event.ref })}\n\n`),
      // An id without data sets the browser's Last-Event-ID and fires no event: a stream that drops
      // before its first change still resumes from where it started.
      { ready: (lastId) => write(`id: ${lastId}\n\n`), closed: end },
    );
    try {
      while (!ended) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, HEARTBEAT_MS);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        if (ended) break;
        // Expired since: the stream ends, and EventSource's reconnection gets 401.
        if (await signedOut()) break;
        await write(': heartbeat\n\n');
      }
    } finally {
      release();
      unsubscribe();
      await writing;
    }
  });
  // streamSSE says no-cache; like every API answer, a user's stream is not to be stored at all.
  response.headers.set('Cache-Control', 'no-store');
  return response;
});
