import { CircleAlert } from 'lucide-react';
import { useLocale } from '../../i18n/locale';
import { formatDate } from '../../i18n/format';
import { sampleBooking as booking } from '../../data/sample';
import { Button } from '../../ui/Button';
import { IconList } from '../../ui/IconList';
import { Actions, Facts, Section, Stack } from '../../ui/Section';
import styles from './BookingDetails.module.css';

export default function BookingDetails() {
  const { t, lang } = useLocale();
  const b = t.bookingDetails;
  return (
    <Stack>
      <div className={styles.summary}>
        <div>
          <p className={styles.label}>{b.number}</p>
          <p className={styles.number}>{booking.number}</p>
        </div>
        <p className={styles.status}>
          <span className="visually-hidden">{b.status}: </span>
          {booking.status[lang]}
        </p>
      </div>

      <Section title={b.car}>
        <Facts
          rows={[
            { label: b.type, value: booking.type[lang] },
            { label: b.plate, value: booking.plate },
            { label: b.model, value: booking.model },
          ]}
        />
      </Section>

      <Section title={b.schedule}>
        <Facts
          rows={[
            { label: b.pickup, value: <time>{formatDate(booking.pickup, lang, 'dateTime')}</time> },
            { label: b.return, value: <time>{formatDate(booking.return, lang, 'dateTime')}</time> },
            { label: b.pickupLocation, value: booking.pickupLocation[lang] },
            { label: b.returnLocation, value: booking.returnLocation[lang] },
            { label: b.status, value: booking.status[lang] },
          ]}
        />
      </Section>

      <Section title={b.notes}>
        <IconList Icon={CircleAlert} items={[b.noteLicence, b.noteFuel]} tone="accent" />
      </Section>

      <Actions>
        <Button variant="secondary">{b.cancel}</Button>
        <Button>{b.modify}</Button>
      </Actions>
    </Stack>
  );
}
