import { useEffect, useRef, useState, type ReactNode } from 'react';
import { actsAsAny, type Role } from '../../machines/roles';
import type { PublicUser } from '../client/api';
import { useLocale } from '../i18n/locale';
import { fill } from '../i18n/format';
import { Button } from './Button';
import { TextField } from './Field';
import { FormCard, FormError, ScreenIntro } from './Form';
import { useSession, useSessionState } from './session';
import { useServerData } from './serverData';
import styles from './ManagerGate.module.css';

type Problem = 'wrong' | 'locked' | 'busy' | 'network' | null;

type StaffRole = Exclude<Role, 'renter'>;

/**
 * Company screens show their content only to a signed-in member of the company with one of `roles`
 * (managers by default; the counter's screen also to its agents). The server checks the role on
 * every call too; anyone else gets a clear, translated prompt to sign in, and an agent on a
 * managers' screen is told it is not theirs.
 */
export function ManagerGate({
  children,
  roles = ['manager'],
  signIn,
}: {
  children: (manager: PublicUser) => ReactNode;
  roles?: StaffRole[];
  /** The sign-in's own words (the counter's, for its agents and managers); the managers' by default. */
  signIn?: { heading: string; prompt: string; submit: string };
}) {
  const { t, lang } = useLocale('forms', 'gate');
  // The counter's words when agents are welcome: the sign-in is theirs as much as the managers'.
  const m = { ...t.manager, ...signIn };
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

  if (user && user.role !== 'renter') {
    return (
      <>
        <div className={styles.session}>
          <p>
            {user.companyId
              ? fill(m.signedInAs, { name: user.fullName, company: companyName(user.companyId) })
              : fill(m.signedInAsName, { name: user.fullName })}
          </p>
          <Button variant="ghost" onClick={() => void session.signOut()}>
            {m.signOut}
          </Button>
        </div>
        {actsAsAny(user.role, roles) ? children(user) : <p role="status">{fill(m.notYourScreen, { role: t.manager.roles[user.role] })}</p>}
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
            const result = await session.logInStaff(text('email'), text('password'));
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
          <FormError>{problem === 'wrong' ? m.wrong : t.errors[problem]}</FormError>
        )}
        <Button type="submit" block disabled={busy} aria-busy={busy}>
          {busy ? m.signingIn : m.submit}
        </Button>
      </FormCard>
    </div>
  );
}
