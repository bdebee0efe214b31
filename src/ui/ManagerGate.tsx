import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { PublicUser } from '../client/api';
import { useLocale } from '../i18n/locale';
import { fill } from '../i18n/format';
import { Button } from './Button';
import { TextField } from './Field';
import { FormCard, FormError, ScreenIntro } from './Form';
import { useSession, useSessionState } from './session';
import { useServerData } from './contract';
import styles from './ManagerGate.module.css';

type Problem = 'wrong' | 'locked' | 'busy' | 'network' | null;

/**
 * Manager screens show their content only to a signed-in contract manager (the server checks the
 * role on every call too); anyone else gets a clear, translated prompt to sign in as one.
 */
export function ManagerGate({ children }: { children: (manager: PublicUser) => ReactNode }) {
  const { t, lang } = useLocale('manager');
  const m = t.manager;
  const session = useSession();
  const { user } = useSessionState();
  const companies = useServerData(() => session.api.companies(), 'companies');
  const companyName = (id: string | null) => companies.data?.companies.find((c) => c.id === id)?.name[lang] ?? '';
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (problem) form.current?.querySelector<HTMLElement>('input')?.focus();
  }, [problem]);

  if (user?.role === 'manager') {
    return (
      <>
        <div className={styles.session}>
          <p>{fill(m.signedInAs, { name: user.fullName, company: companyName(user.companyId) })}</p>
          <Button variant="ghost" onClick={() => void session.signOut()}>
            {m.signOut}
          </Button>
        </div>
        {children(user)}
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
          try {
            const result = await session.logInManager(text('email'), text('password'));
            setProblem(result.ok ? null : result.error === 'locked' || result.error === 'busy' ? result.error : 'wrong');
          } catch {
            setProblem('network');
          } finally {
            setBusy(false);
          }
        }}
      >
        <TextField label={m.email} name="email" type="email" autoComplete="username" dir="ltr" />
        <TextField label={m.password} name="password" type="password" autoComplete="current-password" />
        {problem && (
          <FormError>{problem === 'wrong' ? m.wrong : t.journey.errors[problem]}</FormError>
        )}
        <Button type="submit" block disabled={busy} aria-busy={busy}>
          {busy ? m.signingIn : m.submit}
        </Button>
      </FormCard>
    </div>
  );
}
