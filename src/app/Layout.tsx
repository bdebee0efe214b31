import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import type { Catalog, Lang } from '../i18n/en';
import { LocaleProvider, useLocale } from '../i18n/locale';
import { LOGO_SCREENS, otherLanguagePath, resolvePath, type Resolved } from '../i18n/paths';
import { isStep } from '../../machines/steps';
import { SessionStart, useSession, useSessionState, useSyncNotice, type RedirectNotice } from '../ui/session';
import { useLive } from '../ui/live';
import { BottomNav, showsBottomNav } from './BottomNav';
import { HeaderEnd } from './NotificationsLink';
import { Stepper } from './Stepper';
import { useAccountLanguage } from './useAccountLanguage';
import { JourneyRoute } from './useJourneyRoute';
import { LoadBoundary, Unavailable } from './LoadBoundary';
import logo from '../assets/logo.svg';
import { Link } from '../ui/Link';
import { Drawing } from '../ui/Drawing';
import styles from './Layout.module.css';

/**
 * Screens that show the same to everyone until they are used: prerendered with their content. Every
 * other screen is about the signed-in user and shows a placeholder until the server has said who
 * that is (a prerendered page is hydrated before).
 */
const FOR_EVERYONE = new Set([
  'home',
  'services',
  'helpSupport',
  'emergencyAssistance',
  'insurancePolicy',
  'search',
  'logIn',
  'registration',
  'offers',
]);
/** The document's title: the screen's, then the brand (the prerendered HTML has the same). */
export const pageTitle = (resolved: Resolved, t: Pick<Catalog, 'titles' | 'brand'>) =>
  resolved.kind === 'screen' ? `${t.titles[resolved.id]} · ${t.brand}` : t.brand;

export const isForEveryone = (resolved: Resolved) => resolved.kind !== 'screen' || FOR_EVERYONE.has(resolved.id);

/** The one layout every route shares: header (back, title, language) and the screen below it. */
export function Layout() {
  const { pathname } = useLocation();
  const resolved = resolvePath(pathname);
  // A language whose words could not be fetched (the switch, offline on a first visit) is said so in
  // the other one: the page's first language, whose words are always there.
  const other = resolved.lang === 'ar' ? 'en' : 'ar';
  return (
    <LoadBoundary key={resolved.lang} fallback={<LanguageUnavailable lang={other} />}>
      <Suspense fallback={<div className={styles.app} aria-busy="true" />}>
        <LocaleProvider lang={resolved.lang}>
          <Shell resolved={resolved} />
        </LocaleProvider>
      </Suspense>
    </LoadBoundary>
  );
}

function LanguageUnavailable({ lang }: { lang: Lang }) {
  return (
    <LocaleProvider lang={lang}>
      <UnavailablePage />
    </LocaleProvider>
  );
}

function UnavailablePage() {
  const { t, lang, dir } = useLocale();
  return (
    <div className={styles.app} lang={lang} dir={dir}>
      <header className={styles.header}>
        <BackButton />
        <h1 className={styles.title}>{t.brand}</h1>
      </header>
      <main className={styles.main}>
        <Unavailable />
      </main>
    </div>
  );
}

/**
 * Another screen opens at its top (a page keeps the scroll of the last, e.g. Search opening where
 * Profile was scrolled to). The first screen keeps what the browser restores on a reload.
 */
function useTopOnNewScreen(pathname: string) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else window.scrollTo(0, 0);
  }, [pathname]);
}

/** One step back in history; a page opened directly (nothing behind it) goes home instead. */
function BackButton() {
  const { t, to } = useLocale();
  const navigate = useNavigate();
  const back = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(to('home'));
  };
  return (
    <button type="button" className={styles.back} onClick={back} aria-label={t.nav.back}>
      <ArrowLeft aria-hidden className="flip-rtl" size={22} />
    </button>
  );
}

function Shell({ resolved }: { resolved: Resolved }) {
  const { t, lang, dir } = useLocale();
  const session = useSession();
  const waiting = !useSessionState().ready && !isForEveryone(resolved);
  // The server changed the journey itself (a deduction from the deposit): every open screen shows it.
  useLive(['journey'], () => void session.refreshJourney());
  const location = useLocation();
  useAccountLanguage(resolved);
  const step = resolved.kind === 'screen' && isStep(resolved.id) ? resolved.id : null;
  const notice = useNotice();
  const showLogo = resolved.kind === 'index' || (resolved.kind === 'screen' && LOGO_SCREENS.has(resolved.id));
  const title = resolved.kind === 'screen' ? t.titles[resolved.id] : t.brand;
  const documentTitle = pageTitle(resolved, t);
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  useTopOnNewScreen(location.pathname);
  // Home is where the app starts: nothing behind it to go back to.
  const home = resolved.kind === 'screen' && resolved.id === 'home';

  return (
    <div className={styles.app} lang={lang} dir={dir}>
      <JourneyRoute resolved={resolved} lang={lang} />
      <header className={styles.header}>
        {home ? <span className={styles.back} aria-hidden="true" /> : <BackButton />}
        <h1 className={styles.title}>
          {showLogo ? <Drawing name="logo" file={logo} alt={t.brand} width={160} height={40} /> : title}
        </h1>
        <HeaderEnd>
          <Link
            className={styles.lang}
            to={otherLanguagePath(resolved)}
            lang={lang === 'ar' ? 'en' : 'ar'}
            aria-label={t.language.switchLabel}
          >
            {t.language.switchShort}
          </Link>
        </HeaderEnd>
      </header>
      {step && <Stepper shown={step} />}
      <main className={styles.main}>
        {notice && (
          <p role="status" className={styles.notice} key={location.key}>
            {notice}
          </p>
        )}
        {waiting ? (
          <div className={styles.placeholder} aria-busy="true">
            <SessionStart />
          </div>
        ) : (
          <LoadBoundary
            key={location.pathname}
            fallback={
              <>
                <Unavailable />
                <SessionStart />
              </>
            }
          >
            <Suspense fallback={<p className={styles.loading} aria-busy="true" />}>
              <Outlet />
              <SessionStart />
            </Suspense>
          </LoadBoundary>
        )}
      </main>
      {resolved.kind === 'screen' && showsBottomNav(resolved.id) && <BottomNav current={resolved.id} />}
    </div>
  );
}

/** The message at the top of the screen: why the app redirected here, or why the journey changed by itself. */
function useNotice(): string | null {
  const { t } = useLocale();
  const location = useLocation();
  const sync = useSyncNotice();
  const redirect = (location.state as RedirectNotice | null)?.notice;
  if (sync) return t.journey.sync[sync];
  if (redirect) return t.journey.notice[redirect];
  return null;
}
