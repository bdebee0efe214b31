import { ChevronRight } from 'lucide-react';
import { useLocale } from '../../i18n/locale';
import { fill, formatDate } from '../../i18n/format';
import { FormError } from '../../ui/Form';
import { Link } from '../../ui/Link';
import { Section } from '../../ui/Section';
import { useServerData } from '../../ui/serverData';
import { useSession } from '../../ui/session';
import styles from './Handovers.module.css';

/** Today's pickups and the cars out, soonest first; each opens its handover. Live: a renter's confirmation or answer shows at once. */
export function HandoverList() {
  const { t, lang, to } = useLocale('manager', 'counter');
  const k = t.counter;
  const { api } = useSession();
  const { data, failed } = useServerData(() => api.handovers(), 'handovers', ['journey']);
  return (
    <Section title={k.listTitle}>
      {failed ? (
        <FormError>{k.loadFailed}</FormError>
      ) : !data ? (
        <p role="status">{t.contracts.loading}</p>
      ) : data.handovers.length === 0 ? (
        <p>{k.empty}</p>
      ) : (
        <ul className={styles.list}>
          {data.handovers.map((h) => (
            <li key={h.number}>
              <Link to={to('handovers', h.number)} className={styles.item}>
                <span>
                  {fill(h.kind === 'return' ? k.openReturn : k.open, {
                    number: h.number,
                    renter: h.renter,
                    car: h.car.model,
                    time: formatDate(new Date(h.kind === 'return' ? h.dueBackAt : h.pickupAt), lang, 'dateTime'),
                  })}
                </span>
                <span className={styles.state} data-state={h.state}>
                  {k.states[h.state]}
                </span>
                <ChevronRight aria-hidden size={18} className={styles.chevron} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
