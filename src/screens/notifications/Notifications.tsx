import { Bell, CalendarCheck, Clock, ShieldAlert, Tag, type LucideIcon } from 'lucide-react';
import { useLocale } from '../../i18n/locale';
import { formatDate } from '../../i18n/format';
import { notifications, type NotificationKind } from '../../data/sample';
import { Section, Stack } from '../../ui/Section';
import styles from './Notifications.module.css';

const ICONS: Record<NotificationKind, LucideIcon> = {
  booking: CalendarCheck,
  reminder: Clock,
  offer: Tag,
  account: ShieldAlert,
  update: Bell,
};

const timeOfDay = (minutes: number) => new Date(2024, 0, 1, Math.floor(minutes / 60), minutes % 60);

export default function Notifications() {
  const { t, lang } = useLocale();
  return (
    <Stack>
      {(['today', 'yesterday'] as const).map((day) => (
        <Section key={day} title={t.notifications[day]}>
          <ul className={styles.list}>
            {notifications
              .filter((n) => n.day === day)
              .map((n) => {
                const Icon = ICONS[n.kind];
                return (
                  <li key={n.id} className={styles.item}>
                    <span className={styles.icon}>
                      <Icon aria-hidden size={20} />
                    </span>
                    <div className={styles.text}>
                      <h3 className={styles.title}>{n.title[lang]}</h3>
                      <p className={styles.body}>{n.body[lang]}</p>
                    </div>
                    <time className={styles.time}>{formatDate(timeOfDay(n.at), lang, 'time')}</time>
                  </li>
                );
              })}
          </ul>
        </Section>
      ))}
    </Stack>
  );
}
