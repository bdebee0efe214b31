// Asking before the renter or manager leaves a screen with unsaved edits. React Router's useBlocker
// works only in its data router, which costs every page about 19 KB of gzip JavaScript more than the
// declarative router the app uses; so the app's history is wrapped instead: a navigation that would
// leave the screen while a guard is up is held until the screen's dialog says leave or stay.
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import type { UNSAFE_createBrowserHistory } from 'react-router-dom';
import { listeners } from '../client/listeners';

type History = ReturnType<typeof UNSAFE_createBrowserHistory>;
type Update = Parameters<Parameters<History['listen']>[0]>[0];
type Listener = (update: Update) => void;

/** A history (browser or memory) whose navigations a screen can hold, for React Router's HistoryRouter. */
export interface GuardedHistory extends History {
  /** Up while a screen has edits to lose: leaving it (another path) waits for `leave` or `stay`. */
  guard(up: boolean): void;
  /** Whether a navigation is waiting for the answer. */
  held(): boolean;
  /** Called when `held` changes; returns how to stop. */
  watch(onChange: () => void): () => void;
  /** Goes where the held navigation went. */
  leave(): void;
  /** Drops the held navigation: the screen stays as it is. */
  stay(): void;
}

export function guardHistory(inner: History): GuardedHistory {
  const updates = listeners<Update>();
  const watchers = listeners();
  let up = false;
  let pending: (() => void) | null = null;
  // A held back or forward, redone once the renter said leave: not held again.
  let letThrough = false;
  // The step that undoes a held back or forward: the app never saw the address move.
  let undoing = false;
  let shown = inner.location.pathname;

  const hold = (go: () => void) => {
    pending = go;
    watchers.emit();
  };
  const leaves = (pathname: string) => {
    if (letThrough) {
      letThrough = false;
      return false;
    }
    return up && pathname !== shown;
  };
  const pathnameOf = (to: Parameters<History['push']>[0]) => inner.encodeLocation(to).pathname;

  // The inner history takes one listener: this one, which passes updates on to the app's.
  let subscribed = false;
  const subscribe = () => {
    if (subscribed) return;
    subscribed = true;
    inner.listen((update) => {
      if (undoing) {
        undoing = false; // the step back (or forward) that undid a held one: nothing moved
        return;
      }
      // Back or forward has already moved the address: move it back, and hold the move.
      if (update.action === 'POP' && update.delta && leaves(update.location.pathname)) {
        const { delta } = update;
        undoing = true;
        inner.go(-delta);
        hold(() => {
          letThrough = true;
          inner.go(delta);
        });
        return;
      }
      shown = update.location.pathname;
      updates.emit(update);
    });
  };

  const guarded: GuardedHistory = Object.create(inner);
  return Object.assign(guarded, {
    listen(listener: Listener) {
      subscribe();
      return updates.subscribe(listener);
    },
    push(...args: Parameters<History['push']>) {
      if (leaves(pathnameOf(args[0]))) hold(() => inner.push(...args));
      else inner.push(...args);
    },
    replace(...args: Parameters<History['replace']>) {
      if (leaves(pathnameOf(args[0]))) hold(() => inner.replace(...args));
      else inner.replace(...args);
    },
    guard(on: boolean) {
      up = on;
    },
    held: () => pending !== null,
    watch: (onChange: () => void) => watchers.subscribe(onChange),
    leave() {
      const go = pending;
      pending = null;
      watchers.emit();
      go?.();
    },
    stay() {
      pending = null;
      watchers.emit();
    },
  });
}

/** The app's guarded history; none where nothing can be left (the build's prerender). */
export const LeavingContext = createContext<GuardedHistory | null>(null);

const never = () => () => undefined;

/**
 * While `unsaved`, leaving this screen for another path is held: `held` is true and the screen asks,
 * then calls `leave` or `stay`. Closing or reloading the tab is the browser's own question (beforeunload).
 */
export function useLeaveGuard(unsaved: boolean) {
  const history = useContext(LeavingContext);
  useEffect(() => {
    if (!history) return;
    history.guard(unsaved);
    return () => history.guard(false);
  }, [history, unsaved]);
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  const held = useSyncExternalStore(
    history ? history.watch : never,
    () => history?.held() ?? false,
    () => false,
  );
  return { held, leave: () => history?.leave(), stay: () => history?.stay() };
}
