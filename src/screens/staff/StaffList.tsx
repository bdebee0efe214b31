import { useState } from 'react';
import type { Answer } from '../../client/api';
import { STAFF_ROLES, type StaffPerson, type StaffRole } from '../../client/staffApi';
import { fill } from '../../i18n/format';
import { useLocale } from '../../i18n/locale';
import { Button } from '../../ui/Button';
import { SelectField } from '../../ui/Field';
import { Actions, Section } from '../../ui/Section';
import { useStaffApi } from '../../ui/staffApi';
import styles from './Staff.module.css';

/**
 * The company's people, each with their role (changed from the list) and a way to revoke their
 * access, asked once more. What happened is said in a live region under the heading.
 */
export function StaffList({ people, adminId, reload }: { people: StaffPerson[]; adminId: string; reload: () => void }) {
  const { t } = useLocale('staff');
  const k = t.staff;
  const api = useStaffApi();
  const [said, setSaid] = useState('');
  const [revoking, setRevoking] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Sends one change; the list is read again whatever the answer (someone may have changed it meanwhile). */
  const act = async (send: () => Promise<Answer<unknown>>, done: string) => {
    setBusy(true);
    try {
      const answer = await send();
      setSaid(answer.ok ? done : answer.error === 'lastAdmin' ? k.lastAdmin : answer.status === 404 ? k.changedMeanwhile : k.failed);
      if (answer.ok || answer.status === 404) reload();
    } catch {
      setSaid(k.failed);
    } finally {
      setBusy(false);
      setRevoking(null);
    }
  };

  return (
    <Section title={k.people} bare>
      <p role="status" className={styles.said}>
        {said}
      </p>
      <ul className={styles.people}>
        {people.map((p) => (
          <li key={p.id} className={styles.person}>
            <p className={styles.name}>
              <strong>{p.fullName}</strong>
              {p.id === adminId && <span> ({k.you})</span>}
            </p>
            <p className={styles.email}>
              <bdi dir="ltr">{p.email}</bdi>
            </p>
            <SelectField
              label={fill(k.roleOf, { name: p.fullName })}
              value={p.role}
              disabled={busy}
              onChange={(e) => {
                const role = e.currentTarget.value as StaffRole;
                void act(() => api.changeRole(p.id, role), fill(k.roleChanged, { name: p.fullName, role: k.roles[role] }));
              }}
              options={STAFF_ROLES.map((role) => ({ value: role, label: k.roles[role] }))}
              hint={k.roleHints[p.role]}
            />
            {revoking === p.id ? (
              <div role="group" aria-label={k.revoke}>
                <p>{fill(k.revokeQuestion, { name: p.fullName })}</p>
                <Actions>
                  <Button disabled={busy} aria-busy={busy} onClick={() => void act(() => api.revoke(p.id), fill(k.revoked, { name: p.fullName }))}>
                    {k.confirmRevoke}
                  </Button>
                  <Button variant="secondary" disabled={busy} onClick={() => setRevoking(null)}>
                    {k.keep}
                  </Button>
                </Actions>
              </div>
            ) : (
              <Button variant="ghost" disabled={busy} onClick={() => setRevoking(p.id)} aria-label={`${k.revoke}: ${p.fullName}`}>
                {k.revoke}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}
