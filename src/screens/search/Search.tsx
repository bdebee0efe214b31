import { useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { tripProblems, type Trip } from '../../../machines/booking';
import { fill } from '../../i18n/format';
import { useLocale } from '../../i18n/locale';
import { queryString, readQuery, tripOf, type SearchQuery } from '../../search/query';
import { useCarSearch } from '../../ui/cars';
import { Section, Stack } from '../../ui/Section';
import { SearchForm } from './SearchForm';
import { SearchResults } from './SearchResults';
import styles from './Search.module.css';

/**
 * Find a car: where and when, then the cars free for the whole period with every price shown. The
 * search lives in the URL (type, places, times, company, sort), so back, forward and a shared link
 * show the same search; the form only writes the URL, and the results only read it.
 */
export default function Search() {
  const { t } = useLocale('search');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // The clock the URL's trip is judged by: read once, so a re-render never moves a deadline.
  const [now] = useState(Date.now);
  const query = readQuery(params, now);
  const tripKey = JSON.stringify(tripOf(query));
  const { trip, problems } = useMemo(() => {
    const partial = JSON.parse(tripKey) as Partial<Trip>;
    const found = tripProblems(partial, now);
    return { trip: Object.keys(found).length === 0 ? (partial as Trip) : null, problems: found };
  }, [tripKey, now]);
  const offers = useCarSearch(trip);

  // A new history entry per change, so back undoes a filter or a search; the query string as written (readable times).
  const change = (patch: Partial<SearchQuery>) => navigate({ search: queryString({ ...query, ...patch }) });
  // "Find cars" brings the results into view: on a phone they are below the form.
  const results = useRef<HTMLDivElement>(null);

  return (
    <Stack>
      <Section title={t.search.trip} bare>
        {/* What the Home box could not use is said, not dropped (kept while the renter searches on). */}
        {query.unused && <Unused words={query.unused} />}
        <SearchForm
          key={tripKey}
          query={query}
          problems={offers.data?.problems ?? problems}
          onSearch={(trip) => {
            change(trip);
            results.current?.scrollIntoView({ block: 'start' });
          }}
        />
      </Section>
      <div ref={results} className={styles.results}>
        <Section title={t.search.results} bare>
          <SearchResults query={query} trip={offers.data?.problems ? null : trip} offers={offers} onChange={change} />
        </Section>
      </div>
    </Stack>
  );
}

/** What the Home box could not use of the renter's words. */
function Unused({ words }: { words: string }) {
  const { t } = useLocale('search');
  return (
    <p role="status" className={styles.unused}>
      {fill(t.search.unused, { words })}
    </p>
  );
}
