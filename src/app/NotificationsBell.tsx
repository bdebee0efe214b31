import { Bell } from 'lucide-react';
import { useLocale } from '../i18n/locale';
import { fill, formatNumber } from '../i18n/format';
import { useUnreadCount } from '../ui/notifications';
import { Link } from '../ui/Link';
import styles from './NotificationsLink.module.css';

/**
 * A bell to the Notifications screen, its badge the unread count. Loaded once someone is signed in
 * (./NotificationsLink.tsx): a visitor's page does not carry it.
 */
export default function NotificationsBell() {
  const { t, lang, to } = useLocale();
  const unread = useUnreadCount();
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
