import { useEffect, useReducer } from 'react';
import { DUBAI_OFFSET_MS } from '../../machines/booking';
import type { LocationId } from '../../machines/fleet';
import { answer, type PublicBranch } from '../client/api';
import { fill, formatDate } from '../i18n/format';
import { useLocale } from '../i18n/locale';
import { useSession } from './session';
import styles from './BranchDesk.module.css';

/**
 * The company's branch a renter goes to (at `place`, at `at`): its name and address as the company
 * keeps them, its hours that day, and the way there on a map. The branches of the renter's booking
 * come with the session's answer, so the desk is there in the screen's first paint; another
 * company's are asked for here. Nothing until they are known (the place's name is already on the screen).
 */
export function BranchDesk({ company, place, at, heading }: { company: string; place: LocationId; at: number; heading: string }) {
  const { t, lang } = useLocale('rental');
  const d = t.desk;
  const session = useSession();
  // Another company's branches, once asked for here, are kept with the session's: this draws them.
  const [, answered] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (session.branches.has(company)) return;
    let current = true;
    // Asked here rather than through the app's client, which every page loads (Home's budget).
    void answer<{ branches: PublicBranch[] }>(session.api.typed.companies[':id'].branches.$get({ param: { id: company } })).then(
      (a) => {
        if (!a.ok) return;
        session.branches.set(company, a.body.branches);
        if (current) answered();
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [session, company]);
  const branch = session.branches.get(company)?.find((b) => b.place === place);
  if (!branch) return null;
  const day = branch.hours[new Date(at + DUBAI_OFFSET_MS).getUTCDay()];
  // Isolated left to right: in an Arabic sentence "08:00–22:00" would otherwise read backwards.
  const hours = !day ? null : day.open === '00:00' && day.close === '24:00' ? d.allDay : `\u2066${day.open}–${day.close === '24:00' ? '00:00' : day.close}\u2069`;
  const when = formatDate(new Date(at), lang, 'dateTime');
  return (
    <div className={styles.desk}>
      <p className={styles.heading}>{fill(heading, { name: branch.name[lang] })}</p>
      <p>{branch.address[lang]}</p>
      <p>{hours ? fill(d.hoursOn, { hours, date: when }) : fill(d.closedOn, { date: when })}</p>
      <a href={`https://www.google.com/maps/search/?api=1&query=${branch.lat},${branch.lng}`} target="_blank" rel="noopener noreferrer">
        {d.map}
      </a>
    </div>
  );
}
