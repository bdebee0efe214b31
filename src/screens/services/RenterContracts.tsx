import { useState } from 'react';
import { ChevronRight } from 'lucide-react';
import { latinDigits } from '../../../machines/text';
import { fill } from '../../i18n/format';
import { useLocale } from '../../i18n/locale';
import { RenterBookings } from '../../ui/bookings';
import { Link } from '../../ui/Link';
import { SearchBox } from '../../ui/SearchBox';
import styles from './Services.module.css';

/** Lower case and Latin digits: "mc-2611" finds "MC-2611…" typed with Arabic-Indic digits too. */
const plain = (text: string) => latinDigits(text).trim().toLowerCase();

/**
 * Services' contracts for a renter: their own rental contracts (one per signed booking), searched by
 * contract or booking number or car, each opening its booking's details. Its own chunk: managers and
 * visitors (Services asks them to log in) do not load the renter's words.
 */
export default function RenterContracts() {
  const { t, to } = useLocale('search');
  const k = t.myContracts;
  const [query, setQuery] = useState('');
  return (
    <RenterBookings>
      {(bookings) => {
        const signed = bookings.filter((b) => b.contract !== null);
        if (signed.length === 0) return <p role="status">{k.none}</p>;
        const q = plain(query);
        const shown = signed.filter((b) => !q || [b.contract!, b.number, b.car.model].some((text) => plain(text).includes(q)));
        return (
          <>
            <SearchBox label={k.search} placeholder={k.placeholder} value={query} onChange={(e) => setQuery(e.target.value)} />
            <p role="status">{shown.length === 0 ? fill(k.noMatch, { query: query.trim() }) : ''}</p>
            <ul className={styles.contracts}>
              {shown.map((b) => (
                <li key={b.bookingId}>
                  <div>
                    <p className={styles.contractCode}>
                      <bdi>{fill(k.item, { code: b.contract! })}</bdi>
                    </p>
                    <p>
                      <bdi>{b.car.model}</bdi>
                    </p>
                  </div>
                  <Link to={to('bookingDetails', b.bookingId)} className={styles.readMore} aria-label={fill(k.readMoreAbout, { code: b.contract! })}>
                    {k.readMore}
                    <ChevronRight aria-hidden size={18} className="flip-rtl" />
                  </Link>
                </li>
              ))}
            </ul>
          </>
        );
      }}
    </RenterBookings>
  );
}
