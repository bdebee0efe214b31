// The signed-in user's unread notifications count, one per API client: the header's badge reads it,
// the Notifications screen sets it when it loads or marks read, so both always say the same; a new
// notification (the live topic 'notifications') makes it read again.
import { useEffect, useSyncExternalStore } from 'react';
import { Unreachable, type Api } from '../client/api';
import { listeners } from '../client/listeners';
import { useSession, useSessionState } from './session';
import { useLive } from './live';

class UnreadCount {
  private value: number | null = null;
  /** Bumped by every `set`, so an older refresh answering late does not overwrite it. */
  private version = 0;
  private readonly changed = listeners();

  constructor(private readonly api: Api) {}

  get = () => this.value;

  subscribe = (listener: () => void) => this.changed.subscribe(listener);

  private assign(value: number | null) {
    if (value === this.value) return;
    this.value = value;
    this.changed.emit();
  }

  /** The count as the server just said it (a list loaded, a mark-read answered), or null signed out. */
  set(value: number | null) {
    this.version++;
    this.assign(value);
  }

  async refresh() {
    const version = this.version;
    try {
      const answer = await this.api.notifications();
      if (version === this.version) this.assign(answer.ok ? answer.body.unread : null);
    } catch (error) {
      if (!(error instanceof Unreachable)) throw error;
    }
  }
}

const counts = new WeakMap<Api, UnreadCount>();

/** The unread count of the session's API client. */
export function unreadCountOf(api: Api): UnreadCount {
  let count = counts.get(api);
  if (!count) counts.set(api, (count = new UnreadCount(api)));
  return count;
}

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
