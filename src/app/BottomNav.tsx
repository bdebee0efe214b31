import { CalendarCheck, House, Search, UserRound, type LucideIcon } from 'lucide-react';
import { useLocale } from '../i18n/locale';
import { STAFF_SCREEN_IDS, type ScreenId } from '../i18n/paths';
import { Link } from '../ui/Link';
import styles from './BottomNav.module.css';

const TABS: { id: ScreenId; label: 'home' | 'search' | 'reservations' | 'profile'; Icon: LucideIcon }[] = [
  { id: 'home', label: 'home', Icon: House },
  { id: 'search', label: 'search', Icon: Search },
  { id: 'reservations', label: 'reservations', Icon: CalendarCheck },
  { id: 'account', label: 'profile', Icon: UserRound },
];

/** The company's own screens: a manager there is not renting, so the renter's tabs would only mislead. */
const MANAGER_SCREENS: ReadonlySet<ScreenId> = new Set(STAFF_SCREEN_IDS);

/** The tab bar stays on every renter's screen (journey steps too), so Search and Reservations are always one tap away. */
export const showsBottomNav = (id: ScreenId) => !MANAGER_SCREENS.has(id);

export function BottomNav({ current }: { current: ScreenId }) {
  const { t, to } = useLocale();
  return (
    <nav className={styles.nav} aria-label={t.nav.main}>
      {TABS.map(({ id, label, Icon }) => (
        <Link key={id} to={to(id)} className={styles.tab} aria-current={id === current ? 'page' : undefined}>
          <Icon aria-hidden size={22} />
          <span>{t.nav[label]}</span>
        </Link>
      ))}
    </nav>
  );
}
