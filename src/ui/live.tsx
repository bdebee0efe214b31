// Screens hear the server's live changes: `useLive(['violations'], refetch)`. One stream per signed-in
// user for the whole page, however many components listen; closed when the last one stops listening
// or the user signs out (the hook then has no user to listen for).
import { useEffect, useEffectEvent } from 'react';
import type { LiveChange, LiveTopic } from '../client/live';
import { listeners as newListeners, type Listeners } from '../client/listeners';
import { useSessionState } from './session';

export type { LiveChange, LiveTopic };

/** The open stream of each signed-in user (one, in practice), who listens to it and how many do. */
const streams = new Map<string, { listeners: Listeners<LiveChange>; count: number; close: () => void }>();

/**
 * The stream's code comes with the first listener (someone signed in): a visitor's page does not
 * carry it. Closed before it has come, it is never opened.
 */
function open(listeners: Listeners<LiveChange>): () => void {
  let close: (() => void) | null = null;
  let closed = false;
  import('../client/live')
    .then(({ openLive }) => {
      if (!closed) close = openLive(listeners.emit);
    })
    .catch(() => undefined); // offline before the app is stored: no live changes until the next page
  return () => {
    closed = true;
    close?.();
  };
}

function listen(userId: string, listener: (change: LiveChange) => void): () => void {
  let stream = streams.get(userId);
  if (!stream) {
    const listeners = newListeners<LiveChange>();
    stream = { listeners, count: 0, close: open(listeners) };
    streams.set(userId, stream);
  }
  const current = stream;
  const stop = current.listeners.subscribe(listener);
  current.count++;
  let listening = true;
  return () => {
    if (!listening) return;
    listening = false;
    stop();
    if (--current.count > 0) return;
    current.close();
    if (streams.get(userId) === current) streams.delete(userId);
  };
}

/** Calls `onChange` for each live change of one of `topics` while a user is signed in. */
export function useLive(topics: LiveTopic[], onChange: (change: LiveChange) => void) {
  const userId = useSessionState().user?.id ?? null;
  const heard = useEffectEvent((change: LiveChange) => {
    if (topics.includes(change.topic)) onChange(change);
  });
  useEffect(() => (userId ? listen(userId, (change) => heard(change)) : undefined), [userId]);
}
