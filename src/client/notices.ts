// Why what the renter sees changed by itself, for the notice at the top of the screen. The session
// keeps it (the server could not be reached at start) and the journey sets it (another window moved
// on, a step was refused, the car was taken, the network failed).
import type { RestoreProblem } from '../../machines/persistence';
import { listeners } from './listeners';

/**
 * `taken`: someone else has just booked the car for these dates. `needsConnection`: a step failed
 * because the device is offline (nothing typed is lost).
 */
export type SyncNotice =
  | 'conflict'
  | 'refused'
  | 'taken'
  | 'unreachable'
  | 'offline'
  | 'needsConnection'
  | 'expired'
  | RestoreProblem;

export class Notices {
  private current: SyncNotice | null = null;
  private readonly changed = listeners();

  get = () => this.current;

  set(notice: SyncNotice | null) {
    if (notice === this.current) return;
    this.current = notice;
    this.changed.emit();
  }

  subscribe = (listener: () => void) => this.changed.subscribe(listener);
}
