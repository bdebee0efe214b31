import type { Checkin, Checkout } from '../../machines/journey-rules';
import { useLocale } from '../i18n/locale';
import { fill, formatDate, formatNumber } from '../i18n/format';
import { Facts } from './Section';
import { PhotoGallery } from './PhotoGallery';

/**
 * The car as the counter recorded it at pickup (check-out) or at return (check-in): the same facts
 * and photos on the renter's phone and on the agent's screen (one record, two people).
 */
export function CheckoutRecord({ checkout }: { checkout: Checkout | Checkin }) {
  const { t, lang } = useLocale('rental');
  const p = t.carPickup;
  const r = t.carReturn;
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
      <PhotoGallery ids={checkout.photos} alt={pickup ? p.photoAlt : r.checkinPhotoAlt} />
    </>
  );
}
