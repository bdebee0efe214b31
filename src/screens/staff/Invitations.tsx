import { useState, type ReactNode } from 'react';
import type { StaffInvitation } from '../../client/staffApi';
import { fill, formatDate } from '../../i18n/format';
import { useLocale } from '../../i18n/locale';
import { Button } from '../../ui/Button';
import { Fill } from '../../ui/Fill';
import { Email } from './Email';
import { Section } from '../../ui/Section';
import { useStaffApi } from '../../ui/staffApi';
import styles from './Staff.module.css';

/** The invitations not yet used, each until when its link works, and a way to withdraw it. */
export function Invitations({ invitations, reload }: { invitations: StaffInvitation[]; reload: () => void }) {
  const { t, lang } = useLocale('staff');
  const k = t.staff;
  const api = useStaffApi();
  const [said, setSaid] = useState<ReactNode>(null);
  const withdraw = async (i: StaffInvitation) => {
    try {
      const answer = await api.withdrawInvitation(i.id);
      setSaid(answer.ok ? <Fill text={k.withdrawn} values={{ email: <Email value={i.email} /> }} /> : k.changedMeanwhile);
      reload();
    } catch {
      setSaid(k.failed);
    }
  };
  return (
    <Section title={k.waiting}>
      <p role="status" className={styles.said}>
        {said}
      </p>
      {invitations.length === 0 ? (
        <p>{k.noneWaiting}</p>
      ) : (
        <ul className={styles.people}>
          {invitations.map((i) => (
            <li key={i.id} className={styles.person}>
              <p className={styles.email}>
                <bdi dir="ltr">{i.email}</bdi>
              </p>
              <p>{fill(k.waitingAs, { role: k.roles[i.role], date: formatDate(new Date(i.expiresAt), lang, 'dateTime') })}</p>
              {/* The address is said above: the button shows its first words, and says whose in full. */}
              <Button variant="ghost" onClick={() => void withdraw(i)} aria-label={fill(k.withdraw, { email: i.email })}>
                {k.withdrawShort}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
