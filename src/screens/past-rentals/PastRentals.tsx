import { Link } from 'react-router-dom';
import { Car, ChevronRight } from 'lucide-react';
import { useLocale } from '../../i18n/locale';
import { fill } from '../../i18n/format';
import { pastRentals } from '../../data/sample';
import { Stack } from '../../ui/Section';
import styles from './PastRentals.module.css';

export default function PastRentals() {
  const { t, to } = useLocale();
  const p = t.pastRentals;
  return (
    <Stack>
      <h2 className={styles.heading}>{p.heading}</h2>
      <ul className={styles.list}>
        {pastRentals.map((rental) => (
          <li key={rental.number}>
            <Link to={to('bookingDetails')} className={styles.item}>
              <Car aria-hidden size={24} className={styles.icon} />
              <span className={styles.text}>
                <span className={styles.car}>{rental.model}</span>
                <span className={styles.number}>{fill(p.booking, { number: rental.number })}</span>
              </span>
              <ChevronRight aria-hidden size={20} className="flip-rtl" />
            </Link>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
