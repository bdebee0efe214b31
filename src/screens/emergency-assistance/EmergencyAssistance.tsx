import { Ambulance, CheckCircle2, Phone, ShieldAlert, Wrench } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useLocale } from '../../i18n/locale';
import { contactPhones, GPS_EXAMPLE } from '../../data/sample';
import { Button } from '../../ui/Button';
import { TextArea, TextField } from '../../ui/Field';
import { FormCard } from '../../ui/Form';
import { IconList } from '../../ui/IconList';
import { Section, Stack } from '../../ui/Section';
import styles from './EmergencyAssistance.module.css';

export default function EmergencyAssistance() {
  const { t, to } = useLocale();
  const e = t.emergency;
  const calls = [
    { name: e.police, phone: contactPhones.police, Icon: ShieldAlert },
    { name: e.ambulance, phone: contactPhones.ambulance, Icon: Ambulance },
    { name: e.roadside, phone: contactPhones.roadside, Icon: Wrench },
  ];
  return (
    <Stack>
      <Section title={e.call}>
        <ul className={styles.calls}>
          {calls.map(({ name, phone, Icon }) => (
            <li key={name}>
              <a href={`tel:${phone.replace(/\s/g, '')}`} className={styles.call}>
                <Icon aria-hidden size={26} />
                <span>{name}</span>
                <span className={styles.phone} dir="ltr">
                  <Phone aria-hidden size={14} />
                  {phone}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </Section>

      <Section title={e.report} bare>
        <FormCard>
          <TextArea label={e.description} name="description" />
          <TextField label={e.gps} name="gps" placeholder={GPS_EXAMPLE} dir="ltr" />
          <TextArea label={e.more} name="more" />
          <Button type="submit" block>
            {e.submit}
          </Button>
        </FormCard>
      </Section>

      <Section title={e.checklist}>
        <IconList Icon={CheckCircle2} items={[e.safety, e.exchange, e.document]} />
        <Link to={to('rentalContract')} className={styles.policy}>
          {e.insurance}
        </Link>
      </Section>
    </Stack>
  );
}
