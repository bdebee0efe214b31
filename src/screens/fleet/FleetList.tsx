import { ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { plateKey } from '../../../machines/cars';
import { CAR_CATEGORIES, CAR_STATUSES } from '../../../machines/fleet';
import { parseAmount } from '../../../machines/returns';
import type { BranchView, FleetCar } from '../../client/staffApi';
import { useLocale } from '../../i18n/locale';
import { SelectField, TextField } from '../../ui/Field';
import { Fill } from '../../ui/Fill';
import { FormError } from '../../ui/Form';
import { Link } from '../../ui/Link';
import { Money } from '../../ui/Money';
import { Plate } from '../../ui/Plate';
import { Section } from '../../ui/Section';
import styles from './Fleet.module.css';

type Filters = { text: string; category: string; status: string; branch: string };

/** A car matches a search by its model's words or its plate in any spelling (`dxb k 48213`). */
function matches(car: FleetCar, { text, category, status, branch }: Filters) {
  const words = text.trim().toLowerCase();
  const byText = words === '' || car.model.toLowerCase().includes(words) || plateKey(car.plate).includes(plateKey(words));
  return byText && (category === '' || car.category === category) && (status === '' || car.status === status) && (branch === '' || car.homeBranch === branch);
}

/** The company's cars, each opening its own page; found by plate or model, filtered by type, status and branch. */
export function FleetList({ fleet, branches }: { fleet: { data: { cars: FleetCar[] } | null; failed: boolean }; branches: BranchView[] }) {
  const { t, to, lang } = useLocale('fleet');
  const k = t.fleet;
  const [filters, setFilters] = useState<Filters>({ text: '', category: '', status: '', branch: '' });
  const set = (key: keyof Filters) => (event: { target: { value: string } }) => setFilters({ ...filters, [key]: event.target.value });
  const cars = fleet.data?.cars ?? [];
  const shown = cars.filter((car) => matches(car, filters));
  return (
    <Section title={k.listTitle}>
      <p>{k.listText}</p>
      {fleet.failed ? (
        <FormError>{k.loadFailed}</FormError>
      ) : !fleet.data ? (
        <p role="status">{k.loading}</p>
      ) : cars.length === 0 ? (
        <p>{k.empty}</p>
      ) : (
        <>
          <div className={styles.filters} role="search">
            <TextField label={k.search} hint={k.searchHint} type="search" value={filters.text} onChange={set('text')} autoComplete="off" />
            <SelectField
              label={k.category}
              placeholder={k.anyCategory}
              value={filters.category}
              onChange={set('category')}
              options={CAR_CATEGORIES.map((c) => ({ value: c, label: t.categories[c] }))}
            />
            <SelectField
              label={k.status}
              placeholder={k.anyStatus}
              value={filters.status}
              onChange={set('status')}
              options={CAR_STATUSES.map((s) => ({ value: s, label: k.statuses[s] }))}
            />
            {branches.length > 1 && (
              <SelectField
                label={k.branch}
                placeholder={k.anyBranch}
                value={filters.branch}
                onChange={set('branch')}
                options={branches.map((b) => ({ value: b.id, label: lang === 'ar' ? b.nameAr : b.nameEn }))}
              />
            )}
          </div>
          {/* Said as the filters change: how many of the company's cars are shown. */}
          <p role="status" className="visually-hidden">
            {shown.length === 0 ? k.none : `${shown.length} / ${cars.length}`}
          </p>
          {shown.length === 0 ? (
            <p>{k.none}</p>
          ) : (
            <ul className={styles.list}>
              {shown.map((car) => (
                <li key={car.id}>
                  <Link to={to('fleet', car.id)} className={styles.item}>
                    <span className={styles.model}>
                      <bdi>{car.model}</bdi> · <Plate plate={car.plate} />
                    </span>
                    <span className={styles.line}>
                      {t.categories[car.category]} ·{' '}
                      <Fill text={k.rateLine} values={{ rate: <Money fils={parseAmount(car.dailyRate) ?? 0} />, deposit: <Money fils={parseAmount(car.deposit) ?? 0} /> }} />
                    </span>
                    <span className={styles.status} data-status={car.status}>
                      {k.statuses[car.status]}
                    </span>
                    <ChevronRight aria-hidden size={18} className={styles.chevron} />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Section>
  );
}
