import type { Ref } from 'react';
import {
  Bell,
  CalendarCheck,
  ChevronRight,
  CircleHelp,
  History,
  ReceiptText,
  Siren,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import type { Catalog } from '../i18n/en';
import { useLocale } from '../i18n/locale';
import type { ScreenId } from '../i18n/paths';
import { Link } from './Link';
import styles from './AccountLinks.module.css';

type LinkLabel = Exclude<keyof Catalog['menu'], 'open' | 'label' | 'logIn' | 'logOut'>;
/** A place in a menu; without its own label, the screen's title names it. */
export type PlaceLink = { id: ScreenId; label?: LinkLabel; Icon: LucideIcon };

/**
 * The renter's own places, in one order wherever they are listed (the header's menu, the Profile
 * tab).
 */
export const ACCOUNT_LINKS: readonly PlaceLink[] = [
  { id: 'account', label: 'account', Icon: UserRound },
  { id: 'reservations', label: 'bookings', Icon: CalendarCheck },
  { id: 'pastRentals', label: 'pastRentals', Icon: History },
  { id: 'notifications', label: 'notifications', Icon: Bell },
  { id: 'trafficViolation', label: 'fines', Icon: ReceiptText },
  { id: 'helpSupport', label: 'help', Icon: CircleHelp },
  { id: 'emergencyAssistance', label: 'emergency', Icon: Siren },
];

/**
 * A list of links to those places, each with its icon; emergency assistance stands out. `firstLink`
 * lets a menu put the focus on its first entry when it opens.
 */
export function AccountLinks({
  only,
  links: all = ACCOUNT_LINKS,
  firstLink,
  onFollow,
}: {
  /** Which of them, in the usual order; all by default. */
  only?: readonly ScreenId[];
  /** Another list (placesOf: a company's person's); the renter's account by default. */
  links?: readonly PlaceLink[];
  firstLink?: Ref<HTMLAnchorElement>;
  onFollow?: () => void;
}) {
  const { t, to } = useLocale();
  const links = only ? all.filter((l) => only.includes(l.id)) : all;
  return (
    <ul className={styles.list}>
      {links.map(({ id, label, Icon }, i) => (
        <li key={id}>
          <Link
            ref={i === 0 ? firstLink : undefined}
            to={to(id)}
            className={id === 'emergencyAssistance' ? `${styles.link} ${styles.urgent}` : styles.link}
            onClick={onFollow}
          >
            <Icon aria-hidden size={20} className={styles.icon} />
            <span className={styles.text}>{label ? t.menu[label] : t.titles[id]}</span>
            <ChevronRight aria-hidden size={18} className={`${styles.chevron} flip-rtl`} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
