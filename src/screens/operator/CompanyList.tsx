import { useState, type ReactNode } from 'react';
import type { OperatorCompany } from '../../client/staffApi';
import { fill } from '../../i18n/format';
import { useLocale } from '../../i18n/locale';
import { Button } from '../../ui/Button';
import { Actions, Section } from '../../ui/Section';
import { Fill } from '../../ui/Fill';
import { useStaffApi } from '../../ui/staffApi';
import { Email } from '../staff/Email';
import styles from '../staff/Staff.module.css';
import { AdminInvite } from './AdminInvite';

/**
 * Every company, with its staff count and status, the button that suspends or reinstates it, and for
 * an active one another admin's invitation.
 */
export function CompanyList({ companies, reload }: { companies: OperatorCompany[]; reload: () => void }) {
  const { t, lang } = useLocale('staff');
  const o = t.operator;
  const api = useStaffApi();
  const [said, setSaid] = useState<ReactNode>('');
  const [inviting, setInviting] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<string | null>(null);
  const toggle = async (c: OperatorCompany) => {
    const name = c.name[lang];
    setBusy(true);
    try {
      const answer = await (c.suspended ? api.reinstateCompany(c.id) : api.suspendCompany(c.id));
      setSaid(answer.ok ? fill(c.suspended ? o.reinstatedNow : o.suspendedNow, { name }) : o.failed);
      reload();
    } catch {
      setSaid(o.failed);
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };
  return (
    <Section title={o.companies} bare>
      <p role="status" className={styles.said}>
        {said}
      </p>
      <ul className={styles.people}>
        {companies.map((c) => (
          <li key={c.id} className={styles.person}>
            <p className={styles.name}>
              <strong>{c.name[lang]}</strong>
            </p>
            <p>
              {fill(o.staffCount, { n: c.staff })} · {c.suspended ? o.suspended : o.active}
            </p>
            {asking === c.id ? (
              // Suspending signs a whole company out: asked once more.
              <div role="group" aria-label={fill(o.suspend, { name: c.name[lang] })}>
                <p>{fill(o.suspendQuestion, { name: c.name[lang] })}</p>
                <Actions>
                  <Button disabled={busy} aria-busy={busy} onClick={() => void toggle(c)}>
                    {o.confirmSuspend}
                  </Button>
                  <Button variant="secondary" disabled={busy} onClick={() => setAsking(null)}>
                    {o.keep}
                  </Button>
                </Actions>
              </div>
            ) : (
              <Button
                variant={c.suspended ? 'secondary' : 'ghost'}
                disabled={busy}
                onClick={() => (c.suspended ? void toggle(c) : setAsking(c.id))}
              >
                {fill(c.suspended ? o.reinstate : o.suspend, { name: c.name[lang] })}
              </Button>
            )}
            {!c.suspended &&
              (inviting === c.id ? (
                <AdminInvite
                  company={c}
                  close={() => setInviting(null)}
                  sent={(email) => {
                    setInviting(null);
                    setSaid(<Fill text={o.adminInvited} values={{ name: c.name[lang], email: <Email value={email} /> }} />);
                  }}
                />
              ) : (
                <Button variant="secondary" onClick={() => setInviting(c.id)}>
                  {fill(o.inviteAdmin, { name: c.name[lang] })}
                </Button>
              ))}
          </li>
        ))}
      </ul>
    </Section>
  );
}
