import { Link } from 'react-router-dom';
import { Phone } from 'lucide-react';
import { useLocale } from '../../i18n/locale';
import { isoDate } from '../../i18n/format';
import { contactPhones, sampleRental } from '../../data/sample';
import { Button } from '../../ui/Button';
import { Facts, Section, Stack } from '../../ui/Section';
import styles from './RentalContract.module.css';

export default function RentalContract() {
  const { t, lang, to } = useLocale();
  const c = t.rentalContract;
  const contacts = [
    { name: c.roadside, phone: contactPhones.roadside },
    { name: c.support, phone: contactPhones.support },
  ];
  return (
    <Stack>
      <Section title={c.details}>
        <Facts
          rows={[
            { label: c.carModel, value: sampleRental.model },
            { label: c.pickupLocation, value: sampleRental.pickupLocation[lang] },
            { label: c.dropoffLocation, value: sampleRental.dropoffLocation[lang] },
            { label: c.pickupDate, value: <time>{isoDate(sampleRental.pickup)}</time> },
            { label: c.dropoffDate, value: <time>{isoDate(sampleRental.dropoff)}</time> },
          ]}
        />
      </Section>

      <Section title={c.terms}>
        <p id="rental-policies">{c.termsText}</p>
      </Section>

      <Section title={c.identity}>
        <p>{c.identityText}</p>
      </Section>

      <Button block>{c.sign}</Button>

      <Section title={c.emergency}>
        <ul className={styles.contacts}>
          {contacts.map(({ name, phone }) => (
            <li key={name}>
              <a className={styles.contact} href={`tel:${phone.replace(/\s/g, '')}`}>
                <Phone aria-hidden size={20} />
                <span className={styles.contactName}>{name}</span>
                <span dir="ltr">{phone}</span>
              </a>
            </li>
          ))}
        </ul>
      </Section>

      <Section title={c.links}>
        <ul className={styles.links}>
          <li>
            <Link to={to('helpSupport')}>{c.faqs}</Link>
          </li>
          <li>
            <a href="#rental-policies">{c.policies}</a>
          </li>
        </ul>
      </Section>
    </Stack>
  );
}
