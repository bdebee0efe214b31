import { useEffect, useRef, useState, type ReactNode } from 'react';
import { managerByEmail, verifyManager, type Manager } from '../../machines/managers';
import { useLocale } from '../i18n/locale';
import { fill } from '../i18n/format';
import { Button } from './Button';
import { TextField } from './Field';
import { FormCard, FormError, ScreenIntro } from './Form';
import { browserStore } from './storage';
import styles from './ManagerGate.module.css';

const SESSION_KEY = 'movecar.manager.session';
// Reads localStorage only when called, so creating it at load is safe.
const store = browserStore();

/** The signed-in contract manager of this browser, kept across reloads. */
function useManagerSession() {
  const [manager, setManager] = useState<Manager | null>(() =>
    managerByEmail(store.getItem(SESSION_KEY) ?? ''),
  );
  const signIn = (m: Manager) => {
    store.setItem(SESSION_KEY, m.email);
    setManager(m);
  };
  const signOut = () => {
    store.setItem(SESSION_KEY, '');
    setManager(null);
  };
  return { manager, signIn, signOut };
}

/**
 * Manager screens show their content only to a signed-in contract manager; anyone else gets a clear,
 * translated prompt to sign in as one (no blank page).
 */
export function ManagerGate({ children }: { children: ReactNode }) {
  const { t } = useLocale();
  const m = t.manager;
  const { manager, signIn, signOut } = useManagerSession();
  const [busy, setBusy] = useState(false);
  const [wrong, setWrong] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (wrong) form.current?.querySelector<HTMLElement>('input')?.focus();
  }, [wrong]);

  if (manager) {
    return (
      <>
        <div className={styles.session}>
          <p>{fill(m.signedInAs, { name: manager.name, company: manager.company })}</p>
          <Button variant="ghost" onClick={signOut}>
            {m.signOut}
          </Button>
        </div>
        {children}
      </>
    );
  }
  return (
    <div className={styles.gate}>
      <ScreenIntro heading={m.heading} text={m.prompt} />
      <FormCard
        ref={form}
        onSubmit={async ({ text }) => {
          setBusy(true);
          const found = await verifyManager(text('email'), text('password'));
          setBusy(false);
          setWrong(!found);
          if (found) signIn(found);
        }}
      >
        <TextField label={m.email} name="email" type="email" autoComplete="username" dir="ltr" />
        <TextField label={m.password} name="password" type="password" autoComplete="current-password" />
        {wrong && <FormError>{m.wrong}</FormError>}
        <Button type="submit" block disabled={busy} aria-busy={busy}>
          {busy ? m.signingIn : m.submit}
        </Button>
      </FormCard>
    </div>
  );
}
