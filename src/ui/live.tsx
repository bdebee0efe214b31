// Screens hear the server's live changes: `useLive(['violations'], refetch)`. One stream per signed-in
// user for the whole page, however many components listen; closed when the last one stops listening
// or the user signs out (the hook then has no user to listen for).
import { useEffect, useEffectEvent } from 'react';
import type { LiveChange, LiveTopic } from '../client/live';
import { useSessionState } from './session';

export type { LiveChange, LiveTopic };

type Listener = (change: LiveChange) => void;

/** The open stream of each signed-in user (one, in practice) and who listens to it. */
const streams = new Map<string, { listeners: Set<Listener>; close: () => void }>();

/**
 * The stream's code comes with the first listener (someone signed in): a visitor's page does not
 * carry it. Closed before it has come, it is never opened.
 */
function open(listeners: Set<Listener>): () => void {
  let close: (() => void) | null = null;
  let closed = false;
  import('../client/live')
    .then(({ openLive }) => {
      if (!closed) close = openLive((change) => listeners.forEach((l) => l(change)));
    })
    .catch(() => undefined); // offline before the app is stored: no live changes until the next page
  return () => {
    closed = true;
    close?.();
  };
}

function listen(userId: string, listener: Listener): () => void {
  let stream = streams.get(userId);
  if (!stream) {
    const listeners = new Set<Listener>();
    stream = { listeners, close: open(listeners) };
    streams.set(userId, stream);
  }
  const current = stream;
  current.listeners.add(listener);
  return () => {
    current.listeners.delete(listener);
    if (current.listeners.size > 0) return;
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
