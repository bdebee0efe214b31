import type { DashboardView } from '../../client/staffApi';
import { formatNumber } from '../../i18n/format';
import { useLocale } from '../../i18n/locale';
import { Money } from '../../ui/Money';
import { Section } from '../../ui/Section';
import styles from './Dashboard.module.css';

const ROWS = ['utilisation', 'rent', 'fees', 'deductions', 'refunds'] as const;

/**
 * This month against the last as a table (what a screen reader reads), with a bar beside each figure
 * drawn to the larger of the two (a picture of the same figures, hidden from it).
 */
export function MonthTable({ months }: { months: DashboardView['months'] }) {
  const { t, lang } = useLocale('staff');
  const d = t.dashboard;
  const shown = (row: (typeof ROWS)[number], value: number) =>
    row === 'utilisation' ? formatNumber(value, lang, { style: 'percent', maximumFractionDigits: 0 }) : <Money fils={value} />;
  return (
    <Section title={d.month}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{d.figure}</th>
            <th scope="col">{d.lastMonth}</th>
            <th scope="col">{d.thisMonth}</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => {
            const last = months.previous[row];
            const now = months.current[row];
            const top = Math.max(last, now, row === 'utilisation' ? 0 : 1);
            const bar = (value: number, current: boolean) => (
              <span aria-hidden className={current ? `${styles.bar} ${styles.now}` : styles.bar} style={{ inlineSize: `${top > 0 ? (value / top) * 100 : 0}%` }} />
            );
            return (
              <tr key={row}>
                <th scope="row">{d.rows[row]}</th>
                <td>
                  {shown(row, last)}
                  {bar(last, false)}
                </td>
                <td>
                  {shown(row, now)}
                  {bar(now, true)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Section>
  );
}
