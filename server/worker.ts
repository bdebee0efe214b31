// The shape of this instance's background workers (the mail queue, authority imports): one round at a
// time, at once when nudged and every `everyMs` otherwise, again at once while a round says more may
// be waiting; stopping waits for the round in hand.
import type { Logger } from './deps';

/**
 * Said (NOTIFY) by a transaction that queued e-mails or pushes (a notice, server/notifications/store.ts):
 * delivered on its commit to every instance, whose mail and push queues then look at once
 * (server/deps.ts) instead of at their next tick.
 */
export const OUTBOX_CHANNEL = 'movecar_outbox';

export interface Worker {
  /** Look now (something was just queued on this instance) instead of at the next tick. */
  nudge(): void;
  /** Stops after the round in hand. */
  stop(): Promise<void>;
}

/** Runs `round` (true: more may be waiting) as above; a round that throws is logged as `name` failed. */
export function startWorker(
  name: string,
  round: (stopping: () => boolean) => Promise<boolean>,
  everyMs: number,
  log: Logger,
  { atOnce = true }: { atOnce?: boolean } = {},
): Worker {
  let running: Promise<void> = Promise.resolve();
  let again = false;
  let stopped = false;
  const stopping = () => stopped;
  const nudge = () => {
    if (stopped) return;
    again = true;
    running = running.then(async () => {
      while (again && !stopped) {
        again = false;
        try {
          if (await round(stopping)) again = true;
        } catch (error) {
          log.error(`${name} failed`, { reason: error instanceof Error ? error.message : 'unknown' });
        }
      }
    });
  };
  const timer = setInterval(nudge, everyMs);
  timer.unref();
  // After the caller has what the round needs in hand.
  if (atOnce) queueMicrotask(nudge);
  return {
    nudge,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
