import { Bell, CalendarCheck, Clock, ShieldAlert, Tag, type LucideIcon } from 'lucide-react';
import { useLocale } from '../../i18n/locale';
import { useSelector } from '@xstate/react';
import { fill, formatAmount, formatDate } from '../../i18n/format';
import { useCallback } from 'react';
import { useServerViolation } from '../../ui/violation';
import { useSession, useSessionState } from '../../ui/journey';
import { notifications, type NotificationKind, type SampleNotification } from '../../data/sample';
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

/** A traffic violation passed to the renter with notify-on-transfer on, as a notification of today. */
function useViolationNotice(): SampleNotification | null {
  const { t, lang } = useLocale();
  const { api } = useSession();
  const renter = useSessionState().user?.role === 'renter';
  const load = useCallback(() => api.currentViolation(), [api]);
  const { violation } = useServerViolation(renter ? load : null);
  const context = useSelector(violation ?? undefined, (s) => s?.context);
  if (!context?.notifiedAt) return null;
  const when = new Date(context.notifiedAt);
  const n = t.notifications;
  const body = fill(n.violationBody, {
    type: context.fine.type[lang],
    amount: `${t.money.currency} ${formatAmount(context.charge.amount, lang)}`,
  });
  return {
    id: 'violation',
    kind: 'account',
    day: 'today',
    title: { en: n.violationTitle, ar: n.violationTitle },
    body: { en: body, ar: body },
    at: when.getHours() * 60 + when.getMinutes(),
  };
}

export default function Notifications() {
  const { t, lang } = useLocale();
  const violation = useViolationNotice();
  const all = violation ? [violation, ...notifications] : notifications;
  return (
    <Stack>
      {(['today', 'yesterday'] as const).map((day) => (
        <Section key={day} title={t.notifications[day]}>
          <ul className={styles.list}>
            {all
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
