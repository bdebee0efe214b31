import { ChevronRight } from 'lucide-react';
import type { LocationId } from '../../../machines/fleet';
import type { DashboardView } from '../../client/staffApi';
import { LOCATION_NAMES } from '../../data/content';
import { fill, formatDate } from '../../i18n/format';
import { useLocale } from '../../i18n/locale';
import { Link } from '../../ui/Link';
import { Section } from '../../ui/Section';
import styles from './Dashboard.module.css';

type Item = DashboardView['pickups'][number];

/**
 * Today's pickups and returns, branch by branch, each with where it stands and a link to its
 * handover; then the cars out, the overdue returns and what waits for the managers.
 */
export function DayLists({ day }: { day: DashboardView }) {
  const { t, lang, to } = useLocale('staff', 'counter');
  const d = t.dashboard;
  const time = (at: number) => formatDate(new Date(at), lang, 'time');
  // One list per branch: a pickup at its pickup place, a return at its return place.
  const branches = new Map<LocationId, { kind: 'pickup' | 'return'; item: Item }[]>();
  for (const item of day.pickups) branches.set(item.pickupLocation, [...(branches.get(item.pickupLocation) ?? []), { kind: 'pickup', item }]);
  for (const item of day.returns) branches.set(item.dropoffLocation, [...(branches.get(item.dropoffLocation) ?? []), { kind: 'return', item }]);
  const entry = (kind: 'pickup' | 'return' | 'overdue', h: Item) => (
    <li key={`${kind}-${h.number}`}>
      <Link to={to('handovers', h.number)} className={styles.item}>
        <span>
          {fill(kind === 'pickup' ? d.pickupAt : kind === 'return' ? d.returnAt : d.overdueItem, {
            time: kind === 'overdue' ? formatDate(new Date(h.dueBackAt), lang, 'dateTime') : time(kind === 'pickup' ? h.pickupAt : h.dueBackAt),
            renter: h.renter,
            car: h.car.model,
          })}
        </span>
        <span className={styles.state}>{t.counter.states[h.state]}</span>
        <ChevronRight aria-hidden size={18} className="flip-rtl" />
      </Link>
    </li>
  );
  return (
    <>
      <Section title={fill(d.today, { date: formatDate(new Date(day.day.start + 12 * 3600_000), lang, 'date') })} bare>
        {branches.size === 0 ? (
          <p className={styles.card}>{d.noneToday}</p>
        ) : (
          [...branches].map(([place, items]) => (
            <div key={place} className={styles.card}>
              <h3 className={styles.branch}>{(day.branches[place] ?? LOCATION_NAMES[place])[lang]}</h3>
              <ul className={styles.list}>
                {items
                  .sort((a, b) => (a.kind === 'pickup' ? a.item.pickupAt : a.item.dueBackAt) - (b.kind === 'pickup' ? b.item.pickupAt : b.item.dueBackAt))
                  .map(({ kind, item }) => entry(kind, item))}
              </ul>
            </div>
          ))
        )}
      </Section>
      <Section title={d.fleet}>
        <ul className={styles.counts}>
          <li>{fill(d.carsOut, { n: day.carsOut })}</li>
          <li>
            <Link to={to('contracts')}>{fill(d.incidents, { n: day.openIncidents })}</Link>
          </li>
          <li>
            <Link to={to('contracts')}>{fill(d.fines, { n: day.waitingFines })}</Link>
          </li>
        </ul>
        <h3 className={styles.branch}>{d.overdue}</h3>
        {day.overdue.length === 0 ? <p>{d.noneOverdue}</p> : <ul className={styles.list}>{day.overdue.map((h) => entry('overdue', h))}</ul>}
      </Section>
    </>
  );
}
