import { ChevronDown } from 'lucide-react';
import type { WeekHours } from '../../../machines/branches';
import { ALWAYS_OPEN, WEEK_ORDER } from '../../../machines/branches';
import type { BranchView } from '../../client/staffApi';
import { LOCATION_NAMES } from '../../data/content';
import { weekdayName } from '../../i18n/format';
import type { Lang } from '../../i18n/en';
import { useLocale } from '../../i18n/locale';
import { FormError } from '../../ui/Form';
import { Section } from '../../ui/Section';
import { useServerData } from '../../ui/serverData';
import { useStaffApi } from '../../ui/staffApi';
import { BranchForm } from './BranchForm';
import styles from './Company.module.css';

/** A week's hours: "Open 24 hours, every day", or each day's ("Mon 08:00–22:00", "Fri 24 hours", "Sun closed"). */
function hoursParts(hours: WeekHours, lang: Lang, k: { alwaysOpen: string; allDay: string; closedDay: string }) {
  if (JSON.stringify(hours) === JSON.stringify(ALWAYS_OPEN)) return [k.alwaysOpen];
  return WEEK_ORDER.map((day) => {
    const d = hours[day];
    if (d && JSON.stringify(d) === JSON.stringify(ALWAYS_OPEN[0])) return `${weekdayName(day, lang, 'short')} ${k.allDay}`;
    // Each range isolated left to right: in an Arabic line, "08:00–22:00" would otherwise read backwards.
    return `${weekdayName(day, lang, 'short')} ${d ? `\u2066${d.open}–${d.close === '24:00' ? '00:00' : d.close}\u2069` : k.closedDay}`;
  });
}

/** The company's branches, each opened to edit, and a branch added. */
export function Branches() {
  const { t, lang } = useLocale('company');
  const k = t.branches;
  const api = useStaffApi();
  const loaded = useServerData(() => api.branches(), 'branches');
  const list = loaded.data?.branches ?? [];
  const changed = (next: BranchView) => {
    const others = list.filter((b) => b.id !== next.id);
    loaded.replace({ branches: [...others, next].sort((a, b) => a.nameEn.localeCompare(b.nameEn)) });
  };
  return (
    <>
      <Section title={k.title}>
        <p>{k.text}</p>
        {loaded.failed ? (
          <FormError>{k.loadFailed}</FormError>
        ) : !loaded.data ? (
          <p role="status">{k.loading}</p>
        ) : list.length === 0 ? (
          <p>{k.none}</p>
        ) : (
          <ul className={styles.branches}>
            {list.map((b) => (
              <li key={b.id}>
                <details className={styles.branch}>
                  <summary>
                    <span className={styles.branchName}>{lang === 'ar' ? b.nameAr : b.nameEn}</span>
                    <span className={styles.branchLine}>{LOCATION_NAMES[b.place][lang]}</span>
                    <span className={styles.branchLine}>
                      {hoursParts(b.hours, lang, k).map((part, i) => (
                        <span key={i}>
                          {i > 0 && ' · '}
                          <span className={styles.nowrap}>{part}</span>
                        </span>
                      ))}
                    </span>
                    <ChevronDown aria-hidden size={18} className={styles.chevron} />
                  </summary>
                  <BranchForm branch={b} saved={changed} />
                </details>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={k.add} bare>
        <BranchForm branch={null} saved={changed} />
      </Section>
    </>
  );
}
