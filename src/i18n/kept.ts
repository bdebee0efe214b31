// Chunks a render waits for with React's `use()`: a screen's code (app/routes.tsx) and a catalog's
// words (./locale.tsx). Here, the lowest layer both of them import.

type Tracked<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/** How to forget each failed load kept now (see `forgetFailures`). */
const failures = new Set<() => void>();

/**
 * One promise per key, the same on every render: `use()` suspends on it once, and once it has
 * settled it carries its outcome the way `use()` reads it, so a render after that (a page hydrated
 * with its chunks loaded) neither suspends nor flashes a fallback.
 *
 * A load that failed is kept as failed, so that the next render throws it to the error boundary
 * (app/LoadBoundary.tsx) instead of starting another. That matters since Chromium 156: a dynamic
 * import that could not be fetched is no longer remembered as failed by the browser (the HTML
 * standard dropped that), so a new `import()` fetches again, and a render that made a new promise
 * each time suspended, failed and rendered again without end — a blank screen, never the message.
 */
export function keptLoads<K, T>(load: (key: K) => Promise<T>): (key: K) => Promise<T> {
  const kept = new Map<K, Tracked<T>>();
  return (key) => {
    let promise = kept.get(key);
    if (!promise) {
      const made: Tracked<T> = load(key);
      made.then(
        (value) => Object.assign(made, { status: 'fulfilled', value }),
        (reason: unknown) => {
          Object.assign(made, { status: 'rejected', reason });
          failures.add(() => kept.get(key) === made && kept.delete(key));
        },
      );
      kept.set(key, (promise = made));
    }
    return promise;
  };
}

/**
 * Forgets every load that failed, so that the next render that needs one fetches it again. The
 * error boundary calls it once it shows the failure: going elsewhere and back, or the network coming
 * back, then tries again.
 */
export function forgetFailures() {
  for (const forget of failures) forget();
  failures.clear();
}
