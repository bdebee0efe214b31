import { Component, useEffect, type ReactNode } from 'react';
import { forgetFailures } from '../i18n/kept';
import { useLocale } from '../i18n/locale';
import { Button } from '../ui/Button';
import { useOnline } from '../ui/online';
import styles from './Layout.module.css';

const reload = () => window.location.reload();

/**
 * Catches what a part of the app could not render, mostly code or words that could not be fetched:
 * offline before the service worker has stored the app, or files gone after a deploy while the page
 * was open. Without it React would take the whole app off the screen. Keyed by what it shows, so that
 * going elsewhere tries again.
 */
export class LoadBoundary extends Component<
  { children: ReactNode; fallback: ReactNode },
  { failed: boolean }
> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch() {
    // Shown now: the failed loads may be asked for again by whatever renders next.
    forgetFailures();
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * Says why the screen is not there, in the reader's language. A fresh page mends it on any browser:
 * Chromium 150 kept a module that failed to load as failed for as long as the page was open (156
 * fetches it again, i18n/kept.ts).
 * Offline, that page comes by itself when the network is back; online, the renter reloads it.
 */
export function Unavailable() {
  const { t } = useLocale();
  const online = useOnline();
  useEffect(() => {
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, []);
  return (
    <div className={styles.unavailable} role="alert">
      <p>{online ? t.unavailable.failed : t.unavailable.offline}</p>
      {online && <Button onClick={reload}>{t.unavailable.reload}</Button>}
    </div>
  );
}
