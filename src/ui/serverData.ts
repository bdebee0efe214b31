import { startTransition, useCallback, useEffect, useState } from 'react';
import type { Answer } from '../client/api';
import { useLive, type LiveTopic } from './live';

/**
 * The answers a page was rendered with by the server (server/http/livePages.ts: Home's and Services'
 * cars), by the key their screen reads them under, from the page's `#seeds` block; so the first
 * render, which hydrates that HTML, shows the same. Until the first navigation only (`dropSeeds`):
 * a screen opened after that asks the server, as every screen does.
 */
let seeds: Record<string, unknown> | null | undefined;
export function seeded<T>(key: string): T | null {
  seeds ??= typeof document === 'undefined' ? null : (JSON.parse(document.getElementById('seeds')?.textContent ?? 'null') as typeof seeds);
  return (seeds?.[key] as T | undefined) ?? null;
}
/** The server's render sets them for the page it renders; the browser drops them when the page changes. */
export const setSeeds = (next: Record<string, unknown> | null) => void (seeds = next);
export const dropSeeds = () => setSeeds({});

/**
 * Something the server keeps, loaded for the screen: `data` is null while loading, `failed` when it
 * could not be read. It is read again when `key` changes, on `reload()`, and whenever the server
 * says live that one of `topics` changed (another manager's save, a renter's step).
 */
export function useServerData<T>(load: () => Promise<Answer<T>>, key: string, topics: LiveTopic[] = []) {
  const [state, setState] = useState<{ data: T | null; failed: boolean; key: string }>(() => ({ data: seeded<T>(key), failed: false, key }));
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
