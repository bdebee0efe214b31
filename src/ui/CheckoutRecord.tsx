import type { Checkin, Checkout } from '../../machines/journey-rules';
import { useLocale } from '../i18n/locale';
import { fill, formatDate, formatNumber } from '../i18n/format';
import { useSession } from './session';
import { Facts } from './Section';
import styles from './Photos.module.css';

/**
 * The car as the counter recorded it at pickup (check-out) or at return (check-in): the same facts
 * and photos on the renter's phone and on the agent's screen (one record, two people).
 */
export function CheckoutRecord({ checkout }: { checkout: Checkout | Checkin }) {
  const { t, lang } = useLocale('rental');
  const p = t.carPickup;
  const r = t.carReturn;
  const { api } = useSession();
  const pickup = 'damage' in checkout;
  return (
    <>
      <p>
        {fill(pickup ? p.recordedBy : r.checkedInBy, {
          agent: checkout.agent,
          date: formatDate(new Date(checkout.at), lang, 'dateTime'),
        })}
      </p>
      <Facts
        rows={[
          {
            label: p.odometer,
            value: fill(p.odometerValue, { km: formatNumber(checkout.odometerKm, lang) }),
          },
          { label: p.fuelLevel, value: r.fuelLevels[checkout.fuel] },
          // At return, damage is priced line by line with the charges.
          ...(pickup ? [{ label: p.damage, value: checkout.damage || p.noDamage }] : []),
        ]}
      />
      <ul className={styles.photos}>
        {checkout.photos.map((id, i) => (
          <li key={id} className={styles.photo}>
            <a href={api.handoverPhotoUrl(id)} target="_blank" rel="noreferrer">
              <img
                src={api.handoverPhotoUrl(id)}
                alt={fill(pickup ? p.photoAlt : r.checkinPhotoAlt, { n: formatNumber(i + 1, lang) })}
                width={96}
                height={72}
                loading="lazy"
              />
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
