// The browser's shared state (the session, its notices, the unread count, the journey and a fine's
// machine, the live streams, the guarded history) tells its readers when it changes through this one
// helper: React's useSyncExternalStore, XState-style observers and the router all subscribe the same way.

export interface Listeners<T = void> {
  /** Adds a listener; returns what removes it (the shape useSyncExternalStore asks for). */
  subscribe(listener: (value: T) => void): () => void;
  /** Tells every listener, in the order they came. */
  emit(value: T): void;
}

export function listeners<T = void>(): Listeners<T> {
  const set = new Set<(value: T) => void>();
  return {
    subscribe(listener) {
      set.add(listener);
      return () => void set.delete(listener);
    },
    emit: (value) => set.forEach((listener) => listener(value)),
  };
}
