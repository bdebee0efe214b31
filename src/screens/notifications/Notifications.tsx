import { useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  BadgeCheck,
  Bell,
  CalendarCheck,
  CalendarX,
  Clock,
  FileWarning,
  KeyRound,
  ShieldAlert,
  Tag,
  Upload,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { Unreachable, type NotificationKind, type NotificationView } from '../../client/api';
import { useLocale, type Locale } from '../../i18n/locale';
import { SCREEN_IDS, type ScreenId } from '../../i18n/paths';
import { dayBefore, dayOf, formatDate, formatNumber, TIME_ZONE } from '../../i18n/format';
import { Button, ButtonLink } from '../../ui/Button';
import { Fill } from '../../ui/Fill';
import { Done, FormError } from '../../ui/Form';
import { Money } from '../../ui/Money';
import { Section, Stack } from '../../ui/Section';
import { useSession, useSessionState } from '../../ui/session';
import { useLive } from '../../ui/live';
import { unreadCountOf } from '../../client/unreadCount';
import { Link } from '../../ui/Link';
import styles from './Notifications.module.css';

const ICONS: Record<NotificationKind, LucideIcon> = {
  bookingConfirmed: CalendarCheck,
  consentRequested: FileWarning,
  fineDeducted: Wallet,
  fineChargeScheduled: FileWarning,
  fineCharged: Wallet,
  salikCharged: Wallet,
  salikChargeScheduled: Wallet,
  disputeResolved: FileWarning,
  accountAlert: ShieldAlert,
  consentGiven: FileWarning,
  consentDeclined: FileWarning,
  disputeOpened: FileWarning,
  importFinished: Upload,
  pickupReminder: Clock,
  specialOffer: Tag,
  generalUpdate: Bell,
  fineTransferNotice: FileWarning,
  contractActive: BadgeCheck,
  paymentReversed: Wallet,
  noShow: CalendarX,
  cancelledByCompany: CalendarX,
  carMoved: KeyRound,
  noShowReported: CalendarX,
  incidentReported: ShieldAlert,
  incidentUpdated: ShieldAlert,
  handoverRecorded: KeyRound,
  returnRecorded: KeyRound,
  returnDisputed: FileWarning,
  disputeDecided: FileWarning,
  depositSettled: Wallet,
  depositRenewed: Wallet,
  companyRefund: Wallet,
  holdRenewalFailed: ShieldAlert,
  extensionCharged: Wallet,
  changeCharged: Wallet,
  changeRefunded: Wallet,
  bookingCancelled: CalendarX,
};

const GROUPS = ['today', 'yesterday', 'earlier'] as const;
type Group = (typeof GROUPS)[number];

/** Today, yesterday or earlier, by calendar day in the app's time zone. */
function groupOf(createdAt: number, today: string): Group {
  const day = dayOf(new Date(createdAt), TIME_ZONE);
  return day === today ? 'today' : day === dayBefore(today) ? 'yesterday' : 'earlier';
}

/** A notification's link (`trafficViolation`, `contracts:MC-2026-0001`) as a path in this language. */
function pathOfLink(link: string | null, to: Locale['to']): string | null {
  if (!link) return null;
  const [id, param] = link.split(/:(.*)/s) as [string, string | undefined];
  return (SCREEN_IDS as string[]).includes(id) ? to(id as ScreenId, param || undefined) : null;
}

export default function Notifications() {
  const { user } = useSessionState();
  return user ? <List key={user.id} /> : <SignedOut />;
}

function SignedOut() {
  const { t, to } = useLocale('account');
  const n = t.notifications;
  return (
    <Stack>
      <Section title={n.signInHeading}>
        <p>{n.signInPrompt}</p>
        <ButtonLink to={to('logIn')}>{n.logIn}</ButtonLink>
      </Section>
    </Stack>
  );
}

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; items: NotificationView[] };

function List() {
  const { t } = useLocale('account');
  const n = t.notifications;
  const { api } = useSession();
  const unread = unreadCountOf(api);
  const [list, setList] = useState<Loaded>({ status: 'loading' });
  const [marked, setMarked] = useState<'done' | 'failed' | null>(null);

  const failed = useCallback((error?: unknown) => {
    if (error !== undefined && !(error instanceof Unreachable)) throw error;
    setList((l) => (l.status === 'loaded' ? l : { status: 'failed' })); // keeps a list already shown
  }, []);
  const load = useCallback(
    () =>
      void api.notifications().then((answer) => {
        if (!answer.ok) return failed();
        setList({ status: 'loaded', items: answer.body.notifications });
        unread.set(answer.body.unread);
        if (answer.body.unread > 0) setMarked(null); // "all read" is no longer true
      }, failed),
    [api, unread, failed],
  );
  useEffect(load, [load]);
  useLive(['notifications'], load);

  /** Marks these (or all) read here and on the server; the header's count follows the server's answer. */
  const markRead = async (which: { ids: string[] } | { all: true }) => {
    const answer = await api.markNotificationsRead(which).catch(() => null);
    if (!answer?.ok) return false;
    unread.set(answer.body.unread);
    const ids = 'ids' in which ? new Set(which.ids) : null;
    setList((l) =>
      l.status === 'loaded'
        ? { ...l, items: l.items.map((i) => (!ids || ids.has(i.id) ? { ...i, read: true } : i)) }
        : l,
    );
    return true;
  };

  if (list.status === 'loading') return <p className={styles.state} aria-busy="true" />;
  if (list.status === 'failed')
    return (
      <Stack>
        <FormError>{n.loadFailed}</FormError>
        <Button variant="secondary" onClick={() => void load()}>
          {n.retry}
        </Button>
      </Stack>
    );
  if (list.items.length === 0) return <p className={styles.state}>{n.empty}</p>;

  const today = dayOf(new Date(), TIME_ZONE);
  const anyUnread = list.items.some((i) => !i.read);
  return (
    <Stack>
      {(anyUnread || marked) && (
        <div className={styles.bar}>
          {marked === 'done' && <Done>{n.markedAllRead}</Done>}
          {marked === 'failed' && <FormError>{n.markFailed}</FormError>}
          {anyUnread && (
            <Button
              variant="secondary"
              onClick={() => void markRead({ all: true }).then((ok) => setMarked(ok ? 'done' : 'failed'))}
            >
              {n.markAllRead}
            </Button>
          )}
        </div>
      )}
      {GROUPS.map((group) => {
        const items = list.items.filter((i) => groupOf(i.createdAt, today) === group);
        if (items.length === 0) return null;
        return (
          <Section key={group} title={n[group]}>
            <ul>
              {items.map((item) => (
                <Item
                  key={item.id}
                  item={item}
                  long={group === 'earlier'}
                  onOpen={item.read ? undefined : () => void markRead({ ids: [item.id] })}
                />
              ))}
            </ul>
          </Section>
        );
      })}
    </Stack>
  );
}

function Item({ item, long, onOpen }: { item: NotificationView; long: boolean; onOpen?: () => void }) {
  const { t, lang, to } = useLocale('account');
  const n = t.notifications;
  const text = n.kinds[item.kind] ?? n.kinds.generalUpdate;
  const Icon = ICONS[item.kind] ?? Bell;
  const path = pathOfLink(item.link, to);
  const at = new Date(item.createdAt);
  return (
    <li className={item.read ? styles.item : `${styles.item} ${styles.unread}`}>
      <span className={styles.icon}>
        <Icon aria-hidden size={20} />
      </span>
      <div className={styles.text}>
        <h3 className={styles.title}>
          {path ? (
            <Link to={path} onClick={onOpen}>
              {text.title}
            </Link>
          ) : (
            text.title
          )}
          {!item.read && (
            <>
              {' '}
              <span className="visually-hidden">{n.unread}</span>
            </>
          )}
        </h3>
        <p className={styles.body}>
          <Message item={item} template={text.body} />
        </p>
      </div>
      <time className={styles.time} dateTime={at.toISOString()}>
        {formatDate(at, lang, long ? 'dateTime' : 'time')}
      </time>
    </li>
  );
}

/** The catalog's text filled from the params: amounts with the dirham sign, times in the app's zone. */
function Message({ item, template }: { item: NotificationView; template: string }) {
  const { t, lang } = useLocale('account');
  const n = t.notifications;
  const event = item.params.event;
  if (item.kind === 'accountAlert' && typeof event === 'string' && event in n.accountEvents)
    return n.accountEvents[event as keyof typeof n.accountEvents];
  const values: Record<string, ReactNode> = {};
  for (const [key, value] of Object.entries(item.params)) {
    if (key === 'amount') values[key] = <Money fils={Number(value)} />;
    else if (key === 'at') values[key] = formatDate(new Date(Number(value)), lang, 'dateTime');
    else if (key === 'date') values[key] = formatDate(new Date(Number(value)), lang, 'date');
    else if (key === 'outcome' && item.kind === 'disputeDecided' && (value === 'upheld' || value === 'waived'))
      values[key] = n.returnOutcomes[value];
    else if (key === 'outcome' && (value === 'upheld' || value === 'cancelled'))
      values[key] = n.outcomes[value];
    else if (key === 'status' && (value === 'acknowledged' || value === 'closed')) values[key] = n.incidentStatuses[value];
    else if (key === 'reason' && (value === 'carNotBack' || value === 'carUnavailable')) values[key] = n.cancelReasons[value];
    else if (typeof value === 'number') values[key] = formatNumber(value, lang);
    // A booking's or report's number is one word: never broken at its hyphens.
    else if (key === 'number' || key === 'reference' || key === 'code') values[key] = <bdi className={styles.code}>{value}</bdi>;
    else values[key] = <bdi>{value}</bdi>;
  }
  return <Fill text={template} values={values} />;
}
