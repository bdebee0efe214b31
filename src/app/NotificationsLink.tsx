import { lazy, Suspense, type ReactNode } from 'react';
import { useSessionState } from '../ui/session';
import { HeaderMenu } from './HeaderMenu';
import { LoadBoundary } from './LoadBoundary';
import styles from './NotificationsLink.module.css';

const NotificationsBell = lazy(() => import('./NotificationsBell'));

/**
 * The header's end: the signed-in user's notifications (with the unread count), then `children`
 * (the language switch), then the menu with everything else, so the bar stays short on a phone.
 */
export function HeaderEnd({ children }: { children: ReactNode }) {
  return (
    <div className={styles.end}>
      <NotificationsLink />
      {children}
      <HeaderMenu />
    </div>
  );
}

/** The bell, for whoever is signed in; nothing when it cannot be fetched (offline on a first visit). */
function NotificationsLink() {
  const signedIn = useSessionState().user !== null;
  if (!signedIn) return null;
  return (
    <LoadBoundary fallback={null}>
      <Suspense fallback={null}>
        <NotificationsBell />
      </Suspense>
    </LoadBoundary>
  );
}
