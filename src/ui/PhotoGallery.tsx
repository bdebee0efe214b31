import { useLocale } from '../i18n/locale';
import { fill, formatNumber } from '../i18n/format';
import { useSession } from './session';
import styles from './Photos.module.css';

/** A handover's photos (or an incident's), small, each opening whole: `alt` names photo {n}. */
export function PhotoGallery({ ids, alt, of = 'handovers' }: { ids: readonly string[]; alt: string; of?: 'handovers' | 'incidents' }) {
  const { lang } = useLocale();
  const { api } = useSession();
  const src = (id: string) => api.photoUrl(of, id);
  return (
    <ul className={styles.photos}>
      {ids.map((id, i) => (
        <li key={id} className={styles.photo}>
          <a href={src(id)} target="_blank" rel="noreferrer">
            <img
              src={src(id)}
              alt={fill(alt, { n: formatNumber(i + 1, lang) })}
              width={96}
              height={72}
              loading="lazy"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
