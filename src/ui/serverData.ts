import { startTransition, useCallback, useEffect, useState } from 'react';
import type { Answer } from '../client/api';
import { useLive, type LiveTopic } from './live';

/**
 * Something the server keeps, loaded for the screen: `data` is null while loading, `failed` when it
 * could not be read. It is read again when `key` changes, on `reload()`, and whenever the server
 * says live that one of `topics` changed (another manager's save, a renter's step).
 */
export function useServerData<T>(load: () => Promise<Answer<T>>, key: string, topics: LiveTopic[] = []) {
  const [state, setState] = useState<{ data: T | null; failed: boolean; key: string }>({ data: null, failed: false, key });
  const [asked, setAsked] = useState(0);
  const reload = useCallback(() => setAsked((n) => n + 1), []);
  useLive(topics, reload);
  useEffect(() => {
    let current = true;
    // The answer is drawn as a transition: a list of cars renders in slices a phone can answer a
    // tap between, instead of in one long task.
    const settle = (next: (s: typeof state) => typeof state) =>
      current && startTransition(() => setState(next));
    load().then(
      (result) => settle(() => ({ data: result.ok ? result.body : null, failed: !result.ok, key })),
      () => settle((s) => ({ ...s, failed: true, key })),
    );
    return () => {
      current = false;
    };
    // `load` is a new function each render; `key` says what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, asked]);
  // What was loaded for another key is not shown for this one; a failed refresh keeps what is shown.
  const data = state.key === key ? state.data : null;
  return {
    data,
    failed: state.key === key && state.failed && data === null,
    reload,
    replace: (next: T) => setState({ data: next, failed: false, key }),
  };
}
