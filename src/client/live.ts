// The server's live updates (GET /api/live, Server-Sent Events): a change names what to refetch. The
// session cookie goes with it (same origin); EventSource reconnects by itself and resends the last
// event id, so the server replays what was missed. Without EventSource (jsdom tests), nothing happens.
import type { LiveTopic } from '../../server/live/hub';

export type { LiveTopic };

export interface LiveChange {
  topic: LiveTopic;
  ref: string | null;
}

/** Every topic, checked by the compiler against the server's list (a missing or extra one fails). */
const TOPICS: Record<LiveTopic, true> = { journey: true, violations: true, contracts: true, notifications: true, imports: true, incidents: true, staff: true };

const isTopic = (value: unknown): value is LiveTopic => typeof value === 'string' && Object.hasOwn(TOPICS, value);

/** After the browser gives up on a stream (an answer that is not 200, e.g. during a deploy): tries again, slower each time. */
const RETRY_MS = [2_000, 5_000, 15_000, 30_000];

/**
 * Opens the stream; `onChange` hears each change. EventSource reconnects by itself after a dropped
 * connection, but not after a refused one: then it is opened again here, and every topic is said to
 * have changed (what happened meanwhile was not heard). Returns the function that closes it.
 */
export function openLive(onChange: (change: LiveChange) => void, url = '/api/live'): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  let source: EventSource;
  let retries = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const open = () => {
    source = new EventSource(url);
    source.addEventListener('open', () => {
      if (retries > 0) for (const topic of Object.keys(TOPICS) as LiveTopic[]) onChange({ topic, ref: null });
      retries = 0;
    });
    source.addEventListener('error', () => {
      if (source.readyState !== EventSource.CLOSED || closed) return;
      timer = setTimeout(open, RETRY_MS[Math.min(retries, RETRY_MS.length - 1)]);
      retries++;
    });
    source.addEventListener('change', listen);
  };
  const listen = (event: Event) => {
    let data: { topic?: unknown; ref?: unknown };
    try {
      data = JSON.parse((event as MessageEvent<string>).data) as typeof data;
    } catch {
      return;
    }
    if (isTopic(data.topic)) onChange({ topic: data.topic, ref: typeof data.ref === 'string' ? data.ref : null });
  };
  open();
  return () => {
    closed = true;
    clearTimeout(timer);
    source.close();
  };
}
