import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Lang } from '../i18n/en';
import { otherLanguagePath, type Resolved } from '../i18n/paths';
import { useSessionState } from '../ui/session';

/**
 * Signing in opens the app in the language the renter's account saved: when a renter signs in on
 * this page and their language is not the page's, the same screen is shown in theirs (the history
 * entry is replaced, its notice kept). Only a sign-in does it: a signed-in renter who opens a link in
 * the other language, or switches language in the header, is left where they chose to be. A contract
 * manager's console keeps the language the manager is working in (managers have no language setting).
 */
export function useAccountLanguage(resolved: Resolved) {
  const { user, ready } = useSessionState();
  const navigate = useNavigate();
  const location = useLocation();
  /** Who was signed in; undefined until the server has said (a hydrated page learns it after). */
  const previous = useRef<string | null | undefined>(undefined);
  /** The language to show once a sign-in happened, until the page is in it. */
  const wanted = useRef<Lang | null>(null);

  useEffect(() => {
    if (!ready) return;
    const id = user?.id ?? null;
    if (id !== null && previous.current === null && user!.role === 'renter') wanted.current = user!.language;
    if (id === null) wanted.current = null;
    previous.current = id;
  }, [user, ready]);

  // Also after every navigation: the journey may move on (to the next step, in the page's language)
  // just after the sign-in, and that screen is then shown in the account's language too.
  useEffect(() => {
    if (wanted.current === null) return;
    if (resolved.lang === wanted.current) {
      wanted.current = null;
      return;
    }
    navigate(`${otherLanguagePath(resolved)}${location.search}`, { replace: true, state: location.state });
  }, [resolved, location, navigate, user]);
}
