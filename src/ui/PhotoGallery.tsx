import { useLocale } from '../i18n/locale';
import { fill, formatNumber } from '../i18n/format';
import { useSession } from './session';
import styles from './Photos.module.css';

/** A handover's photos, small, each opening whole: `alt` names photo {n}. */
export function PhotoGallery({ ids, alt }: { ids: readonly string[]; alt: string }) {
  const { lang } = useLocale();
  const { api } = useSession();
  return (
    <ul className={styles.photos}>
      {ids.map((id, i) => (
        <li key={id} className={styles.photo}>
          <a href={api.handoverPhotoUrl(id)} target="_blank" rel="noreferrer">
            <img
              src={api.handoverPhotoUrl(id)}
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
