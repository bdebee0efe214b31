// The header's badge and the Notifications screen read the unread count (src/client/unreadCount.ts);
// a new notification (the live topic 'notifications') makes it read again.
import { useEffect, useSyncExternalStore } from 'react';
import { unreadCountOf } from '../client/unreadCount';
import { useSession, useSessionState } from './session';
import { useLive } from './live';

/** The signed-in user's unread count (null signed out or not known yet), kept fresh by the live stream. */
export function useUnreadCount(): number | null {
  const { api } = useSession();
  const userId = useSessionState().user?.id ?? null;
  const count = unreadCountOf(api);
  useEffect(() => {
    if (userId) void count.refresh();
    else count.set(null);
    // The bell goes when its user signs out: the next one's count is not this one's.
    return () => count.set(null);
  }, [count, userId]);
  useLive(['notifications'], () => void count.refresh());
  return useSyncExternalStore(count.subscribe, count.get, count.get);
}
