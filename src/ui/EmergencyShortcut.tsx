import { Phone, Siren } from 'lucide-react';
import { contactPhones } from '../data/content';
import { useLocale } from '../i18n/locale';
import { Link } from './Link';
import styles from './EmergencyShortcut.module.css';

/**
 * While the car is with the renter, help is one tap away: Emergency assistance and a call to roadside
 * assistance, held at the bottom of the screen however far it is scrolled.
 */
export function EmergencyShortcut() {
  const { t, to } = useLocale('emergency');
  const e = t.emergency;
  const phone = contactPhones.roadside;
  return (
    <aside className={styles.bar} aria-label={e.shortcutLabel}>
      <Link to={to('emergencyAssistance')} className={styles.emergency}>
        <Siren aria-hidden size={20} />
        <span>{e.shortcut}</span>
      </Link>
      <a href={`tel:${phone.replace(/\s/g, '')}`} className={styles.call}>
        <Phone aria-hidden size={18} />
        <span className="visually-hidden">{e.callRoadside}</span>{' '}
        <span dir="ltr">{phone}</span>
      </a>
    </aside>
  );
}
