import { Gift } from 'lucide-react';
import { useLocale } from '../../i18n/locale';
import { fill, formatDate } from '../../i18n/format';
import { offers } from '../../data/sample';
import { ButtonLink } from '../../ui/Button';
import { Section, Stack } from '../../ui/Section';
import styles from './Offers.module.css';

export default function Offers() {
  const { t, lang, to } = useLocale();
  const o = t.offers;
  return (
    <Stack>
      {([false, true] as const).map((upcoming) => (
        <Section key={String(upcoming)} title={upcoming ? o.upcoming : o.current}>
          <ul className={styles.list}>
            {offers
              .filter((offer) => offer.upcoming === upcoming)
              .map((offer) => {
                const title = offer.title[lang];
                const date = formatDate(offer.date, lang, 'date');
                return (
                  <li key={offer.id} className={styles.offer}>
                    <Gift aria-hidden size={24} className={styles.icon} />
                    <div className={styles.text}>
                      <h3 className={styles.title} id={`offer-${offer.id}`}>
                        {title}
                      </h3>
                      <p>{offer.description[lang]}</p>
                      <p className={styles.date}>{fill(upcoming ? o.startsOn : o.validUntil, { date })}</p>
                    </div>
                    <ButtonLink
                      to={to('home')}
                      variant={upcoming ? 'secondary' : 'primary'}
                      aria-describedby={`offer-${offer.id}`}
                    >
                      {upcoming ? o.viewDetails : o.redeem}
                    </ButtonLink>
                  </li>
                );
              })}
          </ul>
        </Section>
      ))}
    </Stack>
  );
}
