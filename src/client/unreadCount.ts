// The signed-in user's unread notifications count, one per API client: the header's badge reads it,
// the Notifications screen sets it when it loads or marks read, so both always say the same. The
// React side (and the live topic that makes it read again) is src/ui/notifications.ts.
import { Unreachable, type Api } from './api';
import { listeners } from './listeners';

export class UnreadCount {
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
