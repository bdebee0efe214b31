import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { Building2, FileText, Handshake, LayoutDashboard, LogIn, LogOut, SquareParking, Store, UsersRound } from 'lucide-react';
import { actsAsAny, type Role } from '../../machines/roles';
import { useLocale } from '../i18n/locale';
import { ACCOUNT_LINKS, AccountLinks, type PlaceLink } from '../ui/AccountLinks';
import { useSession, useSessionState } from '../ui/session';
import styles from './HeaderMenu.module.css';
import { Link } from '../ui/Link';

/**
 * A company's people and the operator have their own places instead (no renter's bookings or fines
 * in their menu), each by who may open it (machines/roles.ts).
 */
const STAFF_LINKS: readonly (PlaceLink & { roles: Role[] })[] = [
  { id: 'dashboard', Icon: LayoutDashboard, roles: ['manager'] },
  { id: 'staff', Icon: UsersRound, roles: ['admin'] },
  { id: 'company', Icon: Store, roles: ['admin'] },
  { id: 'fleet', Icon: SquareParking, roles: ['admin'] },
  { id: 'contracts', Icon: FileText, roles: ['manager'] },
  { id: 'handovers', Icon: Handshake, roles: ['manager', 'agent'] },
  { id: 'operator', Icon: Building2, roles: ['operator'] },
];

/** The places of someone of `role`: a renter's account, or their work's. */
const placesOf = (role: Role | null): readonly PlaceLink[] =>
  role === null || role === 'renter' ? ACCOUNT_LINKS : STAFF_LINKS.filter((l) => actsAsAny(role, l.roles));

/**
 * What the header's menu lists (./HeaderMenu.tsx), loaded the first time it opens: no page needs it
 * before. Mounted while the menu is open; the focus goes to its first link when it shows.
 */
export default function MenuLinks({ close }: { close: (focusButton?: boolean) => void }) {
  const { t, to } = useLocale();
  const m = t.menu;
  const session = useSession();
  const user = useSessionState().user;
  const signedIn = user !== null;
  const navigate = useNavigate();
  const first = useRef<HTMLAnchorElement>(null);

  useEffect(() => first.current?.focus(), []);

  const logOut = async () => {
    close(true);
    await session.signOut();
    navigate(to('home'));
  };

  return (
    <>
      <AccountLinks links={placesOf(user?.role ?? null)} firstLink={first} onFollow={() => close()} />
      <div className={styles.session}>
        {signedIn ? (
          <button type="button" className={styles.action} onClick={() => void logOut()}>
            <LogOut aria-hidden size={20} className="flip-rtl" />
            {m.logOut}
          </button>
        ) : (
          <Link to={to('logIn')} className={styles.action} onClick={() => close()}>
            <LogIn aria-hidden size={20} className="flip-rtl" />
            {m.logIn}
          </Link>
        )}
      </div>
    </>
  );
}
