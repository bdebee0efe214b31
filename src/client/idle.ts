/** Runs `run` when the browser is idle; where it cannot say (no requestIdleCallback), at the next task. */
export function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run);
  else setTimeout(run, 0);
}
