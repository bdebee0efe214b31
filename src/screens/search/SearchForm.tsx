import { useRef, useState } from 'react';
import { MIN_LEAD_MS, ONE_WAY_FEE, toDubaiInput, tripProblems, type TripField, type TripProblem } from '../../../machines/booking';
import { EMIRATE_OF, LOCATIONS, type LocationId } from '../../../machines/fleet';
import { answer } from '../../client/api';
import { useServerData } from '../../ui/serverData';
import { useSession } from '../../ui/session';
import { LOCATION_NAMES } from '../../data/content';
import { useLocale } from '../../i18n/locale';
import { tripOf, type SearchQuery } from '../../search/query';
import { Button } from '../../ui/Button';
import { SelectField } from '../../ui/Field';
import { DateTimeField } from '../../ui/DateTimeField';
import { Fill } from '../../ui/Fill';
import { FormCard } from '../../ui/Form';
import { useProblems } from '../../ui/problems';
import { Money } from '../../ui/Money';
import styles from './Search.module.css';

type Places = Pick<SearchQuery, 'pickup' | 'dropoff' | 'from' | 'to'>;
type Problems = Partial<Record<TripField, TripProblem>>;

/**
 * The places renters can choose, where a company has a branch, with `chosen` kept (a shared link's
 * place the server no longer serves still shows as chosen; search then finds nothing there). All the
 * places until the server answers. Asked here, not through the app's client, which every page loads.
 */
function usePlaces(chosen: readonly string[]): readonly LocationId[] {
  const { api } = useSession();
  const { data } = useServerData(() => answer<{ places: LocationId[] }>(api.typed.cars.places.$get()), 'places');
  return data ? LOCATIONS.filter((place) => data.places.includes(place) || chosen.includes(place)) : LOCATIONS;
}

/**
 * Where and when. Checked here with the booking's own rules (machines/booking.ts) before anything is
 * asked of the server; what is wrong is said next to its field, the values stay, and focus goes to
 * the first problem. `problems` are those of the trip in the URL (a shared link, or the server's).
 */
export function SearchForm({
  query,
  problems,
  onSearch,
  onRefused,
  submitLabel,
}: {
  query: Places;
  problems: Problems;
  onSearch: (trip: Places) => void;
  /** Told of a trip the rules refused (shown here as well), e.g. for the journey machine to record. */
  onRefused?: (trip: Places) => void;
  /** The button's words where the form is not a search (a booking's new dates). */
  submitLabel?: string;
}) {
  const { t, lang } = useLocale('search');
  const s = t.search;
  const [values, setValues] = useState<Places>({ pickup: query.pickup, dropoff: query.dropoff, from: query.from, to: query.to });
  // Problems found on submit; until then (and once the search is sent) those of the URL's trip.
  const [found, setFound] = useState<Problems | null>(null);
  const shown = found ?? problems;
  const form = useRef<HTMLFormElement>(null);
  const { message, summary } = useProblems(form, shown);
  // The earliest pickup the rules accept, for the native picker (the rules still decide on submit).
  const [earliest] = useState(() => toDubaiInput(Date.now() + MIN_LEAD_MS));

  const set = (field: keyof Places) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));
  const places = usePlaces([values.pickup, values.dropoff]).map((id) => ({ value: id, label: LOCATION_NAMES[id][lang] }));
  const oneWay = values.pickup && values.dropoff && EMIRATE_OF[values.pickup] !== EMIRATE_OF[values.dropoff];
  return (
    <FormCard
      ref={form}
      label={s.trip}
      onSubmit={() => {
        const problems = tripProblems(tripOf(values), Date.now());
        if (Object.keys(problems).length > 0) {
          setFound(problems);
          onRefused?.(values);
        }
        else {
          setFound(null);
          onSearch(values);
        }
      }}
    >
      {summary}
      <SelectField
        label={s.pickupLocation}
        placeholder={s.choosePlace}
        options={places}
        value={values.pickup}
        onChange={set('pickup')}
        error={message(shown.pickupLocation)}
      />
      <SelectField
        label={s.dropoffLocation}
        placeholder={s.choosePlace}
        options={places}
        value={values.dropoff}
        onChange={set('dropoff')}
        error={message(shown.dropoffLocation)}
        hint={
          <span className={oneWay ? styles.oneWay : undefined}>
            <Fill text={oneWay ? s.oneWayApplies : s.oneWayNote} values={{ amount: <Money fils={ONE_WAY_FEE} /> }} />
          </span>
        }
      />
      <DateTimeField
        label={s.pickupAt}
        first={query.from}
        min={earliest}
        value={values.from}
        onChange={set('from')}
        error={message(shown.pickupAt)}
      />
      <DateTimeField
        label={s.dropoffAt}
        first={query.to}
        min={values.from || earliest}
        value={values.to}
        onChange={set('to')}
        error={message(shown.dropoffAt)}
      />
      <Button type="submit" block>
        {submitLabel ?? s.submit}
      </Button>
    </FormCard>
  );
}
