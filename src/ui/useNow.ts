import { useEffect, useState } from 'react';
import { serverNow } from '../client/serverClock';

/** setTimeout's longest delay (about 24.8 days); a later moment is waited for in steps. */
const LONGEST_DELAY = 2 ** 31 - 1;

/**
 * The time now on the server's clock (client/serverClock.ts), read again at each of `moments` as it passes (a screen that changes when a window
 * opens) and whenever the page comes back into view: a phone's sleeping tab runs no timers.
 */
export function useNow(moments: readonly number[]): number {
  const [now, setNow] = useState(serverNow);
  const next = moments.filter((m) => m > now).sort((a, b) => a - b)[0];
  useEffect(() => {
    const read = () => setNow(serverNow());
    const timer = next === undefined ? undefined : setTimeout(read, Math.min(Math.max(next - serverNow(), 0) + 50, LONGEST_DELAY));
    document.addEventListener('visibilitychange', read);
    window.addEventListener('focus', read);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', read);
      window.removeEventListener('focus', read);
    };
  }, [next]);
  return now;
}
