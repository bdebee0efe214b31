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
const TOPICS: Record<LiveTopic, true> = { journey: true, violations: true, contracts: true, notifications: true, imports: true };

const isTopic = (value: unknown): value is LiveTopic => typeof value === 'string' && Object.hasOwn(TOPICS, value);

/** Opens the stream; `onChange` hears each change. Returns the function that closes it. */
export function openLive(onChange: (change: LiveChange) => void, url = '/api/live'): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const source = new EventSource(url);
  source.addEventListener('change', (event) => {
    let data: { topic?: unknown; ref?: unknown };
    try {
      data = JSON.parse((event as MessageEvent<string>).data) as typeof data;
    } catch {
      return;
    }
    if (isTopic(data.topic)) onChange({ topic: data.topic, ref: typeof data.ref === 'string' ? data.ref : null });
  });
  return () => source.close();
}
