import type { ReactNode } from 'react';
import { Bell } from 'lucide-react';
import { useLocale } from '../i18n/locale';
import { fill, formatNumber } from '../i18n/format';
import { useSessionState } from '../ui/session';
import { useUnreadCount } from '../ui/notifications';
import { HeaderMenu } from './HeaderMenu';
import { Link } from '../ui/Link';
import styles from './NotificationsLink.module.css';

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

/** A bell to the Notifications screen, its badge the unread count; not shown signed out. */
function NotificationsLink() {
  const { t, lang, to } = useLocale();
  const signedIn = useSessionState().user !== null;
  const unread = useUnreadCount();
  if (!signedIn) return null;
  const label = unread ? fill(t.nav.notificationsUnread, { count: formatNumber(unread, lang) }) : t.nav.notifications;
  return (
    <Link to={to('notifications')} className={styles.link} aria-label={label}>
      <Bell aria-hidden size={22} />
      {unread ? (
        <span className={styles.badge} aria-hidden>
          {unread > 99 ? '99+' : formatNumber(unread, lang)}
        </span>
      ) : null}
    </Link>
  );
}
