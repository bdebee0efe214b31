import { useLocale } from '../../i18n/locale';
import { ButtonLink } from '../../ui/Button';
import { Stack } from '../../ui/Section';
import styles from './NotMatch.module.css';

export default function NotMatch() {
  const { t, to } = useLocale();
  return (
    <Stack>
      <div className={styles.box}>
        <p className={styles.code} aria-hidden>
          404
        </p>
        <h2>{t.notMatch.heading}</h2>
        <p>{t.notMatch.body}</p>
        <ButtonLink to={to('home')}>{t.notMatch.goHome}</ButtonLink>
      </div>
    </Stack>
  );
}
