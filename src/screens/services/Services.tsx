import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ChevronRight } from 'lucide-react';
import { useLocale } from '../../i18n/locale';
import { useServerData } from '../../ui/serverData';
import { FormError } from '../../ui/Form';
import { actsAs } from '../../../machines/roles';
import { useSession, useSessionState } from '../../ui/session';
import { ButtonLink } from '../../ui/Button';
import { CarCard, CarList, CarListLoading, TripLine } from '../../ui/CarCard';
import { shownTrip, useRentCar, useShownCars } from '../../ui/cars';
import { Carousel } from '../../ui/Carousel';
import { SearchBox } from '../../ui/SearchBox';
import { Section, Stack } from '../../ui/Section';
import company from '../../assets/company.svg';
import { Link } from '../../ui/Link';
import styles from './Services.module.css';

/** A renter's own contracts (their words and list in a chunk of their own). */
const RenterContracts = lazy(() => import('./RenterContracts'));

export default function Services() {
  const { t, lang, to } = useLocale('search');
  const s = t.services;
  const { api } = useSession();
  const { user } = useSessionState();
  const companies = useServerData(() => api.companies(), 'companies');
  const names = Object.fromEntries((companies.data?.companies ?? []).map((c) => [c.id, c.name[lang]]));
  // The fleet as the search shows it for the default trip: the same cards, the same prices.
  const [trip] = useState(shownTrip);
  const fleet = useShownCars(trip);
  const rent = useRentCar();

  return (
    <Stack>
      <Section title={s.rentals} bare>
        <p>{s.rentalsText}</p>
        {fleet.failed && <FormError>{t.cars.failed}</FormError>}
        {!fleet.failed && (
          <>
            <TripLine trip={fleet.answered ? trip : null} />
            {/* Every car the companies offer for the default trip, as the server answers. */}
            {!fleet.answered ? (
              <CarListLoading n={3} />
            ) : fleet.results.length === 0 ? (
              <p>{t.cars.none}</p>
            ) : (
              <CarList>
                {fleet.results.map((offer) => (
                  <li key={offer.carId}>
                    <CarCard offer={offer} company={names[offer.car.company]} onRent={() => rent(offer.car, trip)} compact />
                  </li>
                ))}
              </CarList>
            )}
          </>
        )}
        <ButtonLink to={to('search')} variant="secondary" aria-label={s.viewMoreCars}>
          {s.viewMore}
        </ButtonLink>
      </Section>

      <Section title={s.companies} bare>
        {companies.failed && <FormError>{s.companiesFailed}</FormError>}
        {!companies.data && !companies.failed && <div className={styles.placeholder} aria-busy="true" />}
        {companies.data && (
          <Carousel
            label={s.companiesNav}
            slides={companies.data.companies.filter((c) => c.hasCars).map((c) => ({
              id: c.id,
              content: (
                <article className={styles.company}>
                  {c.logo ? (
                    // The company's own logo (resized by the server), in the same 3:2 frame: nothing shifts.
                    <span className={`${styles.companyPicture} ${styles.logoFrame}`}>
                      <img src={c.logo.src} srcSet={c.logo.srcSet} sizes="192px" width={c.logo.width} height={c.logo.height} alt="" />
                    </span>
                  ) : (
                    <img src={company} alt="" width={240} height={160} className={styles.companyPicture} />
                  )}
                  <h3 className={styles.companyTitle}>
                    {/* A company opens its own cars (the search's company filter). */}
                    <Link to={`${to('search')}?${new URLSearchParams({ company: c.id })}`}>{c.name[lang]}</Link>
                  </h3>
                  <p className={styles.companySubtitle}>{c.subtitle[lang]}</p>
                </article>
              ),
            }))}
          />
        )}
        {/* Every company's cars, with the company to choose (the search's filter). */}
        <ButtonLink to={to('search')} variant="secondary" aria-label={s.viewMoreCompanies}>
          {s.viewMore}
        </ButtonLink>
      </Section>

      <Section title={s.contracts}>
        <p>{s.contractsText}</p>
        {user?.role === 'renter' ? (
          <Suspense fallback={<p aria-busy="true" />}>
            <RenterContracts />
          </Suspense>
        ) : user && actsAs(user.role, 'manager') ? (
          <CompanyContracts />
        ) : (
          !user && (
            <>
              <p>{s.signIn}</p>
              <ButtonLink to={to('logIn')}>{s.logIn}</ButtonLink>
            </>
          )
        )}
      </Section>
    </Stack>
  );
}

/** A company's people search its contracts on their own list (`/contracts?q=`). */
function CompanyContracts() {
  const { t, to } = useLocale('search');
  const s = t.services;
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  return (
    <>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const q = query.trim();
          navigate(q ? `${to('contracts')}?${new URLSearchParams({ q })}` : to('contracts'));
        }}
      >
        <SearchBox label={s.contractSearchLabel} placeholder={s.contractSearch} value={query} onChange={(e) => setQuery(e.target.value)} />
      </form>
      <Link to={to('contracts')} className={styles.readMore}>
        {s.allContracts}
        <ChevronRight aria-hidden size={18} className="flip-rtl" />
      </Link>
    </>
  );
}
