import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BadgeDollarSign, CarFront, ChevronRight, Headset } from 'lucide-react';
import { useLocale } from '../../i18n/locale';
import { queryString } from '../../search/query';
import type { ReadPart } from '../../search/parseQuery';
import { ButtonLink } from '../../ui/Button';
import { SearchBox } from '../../ui/SearchBox';
import { Section, Stack } from '../../ui/Section';
import { FeaturedCars } from './FeaturedCars';
import { shownTrip } from '../../ui/cars';
import { Link } from '../../ui/Link';
import { useSessionState } from '../../ui/session';
import styles from './Home.module.css';

/**
 * What reads free text ("SUV Dubai Marina"): fetched once the renter starts on the box, not with the
 * page; null when it cannot come (offline before the app was stored for offline use).
 */
const loadParser = () => import('../../search/parseQuery').catch(() => null);

/** What the box read, as chips the renter can leave out before searching: with the parser, once they type. */
const Understood = lazy(() => import('../../search/Understood'));

/** The renter's rental that is out: fetched for a signed-in renter only, after the page. */
const CurrentRental = lazy(() => import('../../ui/CurrentRental'));

const POINTS = [
  { key: 'fleet', Icon: CarFront },
  { key: 'prices', Icon: BadgeDollarSign },
  { key: 'support', Icon: Headset },
] as const;

export default function Home() {
  const { t, to } = useLocale('home');
  const navigate = useNavigate();
  const [text, setText] = useState('');
  // The parts of what was read that the renter turned off (their chips).
  const [off, setOff] = useState<ReadPart[]>([]);
  // Featured prices are for the default trip (tomorrow, three days): the same search the Search screen opens with.
  const [trip] = useState(shownTrip);
  const { user } = useSessionState();

  return (
    <Stack>
      {/* A renter with a car out comes back to it from here (nothing for anyone else: the prerendered page is the same). */}
      {user?.role === 'renter' && (
        <Suspense fallback={null}>
          <CurrentRental />
        </Suspense>
      )}
      <div className={styles.hero}>
        <h2 className={styles.heroTitle}>{t.home.heroTitle}</h2>
        <p>{t.home.heroText}</p>
        <ButtonLink to={to('services')} variant="secondary">
          {t.home.explore}
        </ButtonLink>
      </div>

      {/* What is understood of the words ("SUV Dubai Marina") opens the search already filled in. */}
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          // Without the parser, the search opens as it is.
          const parser = await loadParser();
          navigate(`${to('search')}${parser ? queryString(parser.without(parser.parseQuery(text, Date.now()), off)) : ''}`);
        }}
        onFocus={() => void loadParser()}
      >
        <SearchBox
          label={t.home.searchLabel}
          placeholder={t.home.searchPlaceholder}
          value={text}
          onChange={(e) => setText(e.target.value)}
          enterKeyHint="search"
        />
        {text.trim() && (
          <Suspense fallback={null}>
            <Understood text={text} off={off} onChange={setOff} />
          </Suspense>
        )}
      </form>

      <Section title={t.home.featured} bare>
        <FeaturedCars trip={trip} />
        <Link to={to('search')} className={styles.more}>
          {t.home.changeTrip}
          <ChevronRight aria-hidden size={18} className="flip-rtl" />
        </Link>
      </Section>

      <Section title={t.home.whyTitle}>
        <p className={styles.whyHeading}>{t.home.whyHeading}</p>
        <ul className={styles.points}>
          {POINTS.map(({ key, Icon }) => (
            <li key={key} className={styles.point}>
              <Icon aria-hidden size={24} className={styles.pointIcon} />
              <div>
                <h3 className={styles.pointTitle}>{t.home.points[key].title}</h3>
                <p>{t.home.points[key].text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>
    </Stack>
  );
}
