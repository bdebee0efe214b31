import { CAR_CATEGORIES } from '../../../machines/fleet';
import type { Trip } from '../../../machines/booking';
import { fill } from '../../i18n/format';
import { useLocale } from '../../i18n/locale';
import { SORTS, type SearchQuery } from '../../search/query';
import { Button } from '../../ui/Button';
import { CarCard, CarList } from '../../ui/CarCard';
import { useCarSearch, useRentCar, type CarOffer } from '../../ui/cars';
import { useCompanyNames } from '../../ui/companyNames';
import { SelectField } from '../../ui/Field';
import { FormError } from '../../ui/Form';
import styles from './Search.module.css';

const ORDER: Record<SearchQuery['sort'], (a: CarOffer, b: CarOffer) => number> = {
  price: (a, b) => a.price.total - b.price.total,
  'price-desc': (a, b) => b.price.total - a.price.total,
};

/**
 * The cars free for the trip, with the filters and order the URL asks for. `trip` is null while the
 * form has something to correct: nothing is searched until the trip is one the rules accept.
 */
export function SearchResults({
  query,
  trip,
  offers,
  onChange,
}: {
  query: SearchQuery;
  trip: Trip | null;
  offers: ReturnType<typeof useCarSearch>;
  onChange: (patch: Partial<SearchQuery>) => void;
}) {
  const { t } = useLocale('search');
  const s = t.search;
  const names = useCompanyNames();
  const rent = useRentCar();

  if (!trip) return <p className={styles.message}>{s.fixTrip}</p>;
  if (offers.failed)
    return (
      <div className={styles.message}>
        <FormError>{t.cars.failed}</FormError>
        <Button variant="secondary" onClick={offers.reload}>
          {s.retry}
        </Button>
      </div>
    );
  if (!offers.data)
    return (
      <p role="status" aria-busy="true" className={styles.message}>
        {s.loading}
      </p>
    );
  const all = offers.data.results;
  if (all.length === 0)
    return (
      <p role="status" className={styles.message}>
        {t.cars.none}
      </p>
    );

  // The companies with a car for this trip (any company on Move car, not a fixed list), and the one
  // the URL names even when it has none: the filter then says so instead of dropping it.
  const companies = [...new Set([...all.map((o) => o.car.company), ...(query.company ? [query.company] : [])])];
  const shown = all
    .filter((o) => (!query.type || o.car.category === query.type) && (!query.company || o.car.company === query.company))
    .sort(ORDER[query.sort]);
  return (
    <>
      <div role="group" aria-label={s.filters} className={styles.filters}>
        <SelectField
          label={s.type}
          placeholder={s.anyType}
          options={CAR_CATEGORIES.map((c) => ({ value: c, label: t.categories[c] }))}
          value={query.type ?? ''}
          onChange={(e) => onChange({ type: (e.target.value || null) as SearchQuery['type'] })}
        />
        <SelectField
          label={s.company}
          placeholder={s.anyCompany}
          options={companies.map((c) => ({ value: c, label: names[c] ?? c }))}
          value={query.company ?? ''}
          onChange={(e) => onChange({ company: e.target.value || null })}
        />
        <SelectField
          label={s.sort}
          options={SORTS.map((sort) => ({ value: sort, label: s.sorts[sort] }))}
          value={query.sort}
          onChange={(e) => onChange({ sort: e.target.value as SearchQuery['sort'] })}
        />
      </div>
      <p role="status" className={styles.count}>
        {shown.length === 1 ? s.countOne : fill(s.count, { n: shown.length })}
      </p>
      {shown.length === 0 ? (
        <div className={styles.message}>
          <p>{s.noneFiltered}</p>
          <Button variant="secondary" onClick={() => onChange({ type: null, company: null })}>
            {s.showAll}
          </Button>
        </div>
      ) : (
        <CarList>
          {shown.map((offer) => (
            <li key={offer.carId}>
              <CarCard offer={offer} company={names[offer.car.company]} onRent={() => rent(offer.car, trip)} />
            </li>
          ))}
        </CarList>
      )}
    </>
  );
}
