import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { LogIn, LogOut } from 'lucide-react';
import { useLocale } from '../i18n/locale';
import { AccountLinks, placesOf } from '../ui/AccountLinks';
import { useSession, useSessionState } from '../ui/session';
import styles from './HeaderMenu.module.css';
import { Link } from '../ui/Link';

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
