import { useState } from 'react';
import type { Answer } from '../../client/api';
import { STAFF_ROLES, type BranchView, type StaffPerson, type StaffRole } from '../../client/staffApi';
import { fill } from '../../i18n/format';
import { useLocale } from '../../i18n/locale';
import { Button } from '../../ui/Button';
import { Checkbox, SelectField } from '../../ui/Field';
import { FieldGroup } from '../../ui/FieldGroup';
import { Actions, Section } from '../../ui/Section';
import { useStaffApi } from '../../ui/staffApi';
import styles from './Staff.module.css';

/**
 * The company's people, each with their role (changed from the list) and a way to revoke their
 * access, asked once more. What happened is said in a live region under the heading.
 */
export function StaffList({
  people,
  adminId,
  branches,
  reload,
}: {
  people: StaffPerson[];
  adminId: string;
  branches: BranchView[];
  reload: () => void;
}) {
  const { t, lang } = useLocale('staff');
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
            {p.role === 'agent' && branches.length > 0 && (
              // Each tick saves at once, as the role does; none ticked: all the company's branches.
              <FieldGroup legend={fill(k.branchesOf, { name: p.fullName })} hint={k.branchesHint} disabled={busy}>
                {branches.map((b) => {
                  const name = lang === 'ar' ? b.nameAr : b.nameEn;
                  const ticked = p.branches.includes(b.id);
                  return (
                    <Checkbox
                      key={b.id}
                      label={name}
                      checked={ticked}
                      onChange={() => {
                        const next = ticked ? p.branches.filter((id) => id !== b.id) : [...p.branches, b.id];
                        const names = branches.filter((x) => next.includes(x.id)).map((x) => (lang === 'ar' ? x.nameAr : x.nameEn));
                        const done = next.length === 0 ? fill(k.allBranches, { name: p.fullName }) : fill(k.branchesSet, { name: p.fullName, branches: names.join(lang === 'ar' ? '، ' : ', ') });
                        void act(() => api.setBranches(p.id, next), done);
                      }}
                    />
                  );
                })}
              </FieldGroup>
            )}
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
