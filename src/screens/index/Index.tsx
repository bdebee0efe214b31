import { use, useState } from 'react';
import { useLocale, loadCatalog } from '../../i18n/locale';
import { SCREEN_IDS, pathOf } from '../../i18n/paths';
import { Button } from '../../ui/Button';
import { useSession, useSessionState } from '../../ui/session';
import { Section, Stack } from '../../ui/Section';
import { Link } from '../../ui/Link';
import styles from './Index.module.css';

/** `/` and `/all`: every screen in both languages, for renters, reviewers and testers alike. */
export default function Index() {
  const { t } = useLocale();
  const ar = use(loadCatalog('ar'));
  const session = useSession();
  const { demo } = useSessionState();
  const [loading, setLoading] = useState(false);
  return (
    <Stack>
      <p className={styles.intro}>{t.index.intro}</p>
      <Section title={t.index.english}>
        <ul className={styles.list}>
          {SCREEN_IDS.map((id) => (
            <li key={id}>
              <Link to={pathOf(id, 'en')}>{t.titles[id]}</Link>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t.index.arabic}>
        <ul className={styles.list} lang="ar" dir="rtl">
          {SCREEN_IDS.map((id) => (
            <li key={id}>
              <Link to={pathOf(id, 'ar')}>{ar.titles[id]}</Link>
            </li>
          ))}
        </ul>
      </Section>
      {/* Last: it appears once the server says the demo is on, and moves nothing above it. */}
      {demo && (
        <Section title={t.index.demo}>
          <p>{t.index.loadSampleText}</p>
          <Button
            variant="secondary"
            disabled={loading}
            aria-busy={loading}
            onClick={async () => {
              setLoading(true);
              // The sample journey arrives on car pickup; the app follows it there.
              await session.loadSample().catch(() => false);
              setLoading(false);
            }}
          >
            {t.index.loadSample}
          </Button>
        </Section>
      )}
    </Stack>
  );
}
