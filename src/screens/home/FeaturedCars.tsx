import type { Trip } from '../../../machines/booking';
import type { CarId } from '../../../machines/fleet';
import { FEATURED_CARS } from '../../data/content';
import { useLocale } from '../../i18n/locale';
import { CarCard, CarList, CarListLoading, TripLine } from '../../ui/CarCard';
import { useRentCar, useShownCars, type CarOffer } from '../../ui/cars';
import { useCompanyNames } from '../../ui/companyNames';
import { FormError } from '../../ui/Form';

const HOW_MANY = 3;

/**
 * The showcase cars that are free for the trip, topped up with the cheapest others: never a car that
 * cannot be booked, and prices from the same search the Search screen shows.
 */
export function featured(results: CarOffer[]): CarOffer[] {
  const picked = FEATURED_CARS.map((id: CarId) => results.find((r) => r.carId === id)).filter((r) => r !== undefined);
  const others = results.filter((r) => !picked.includes(r));
  return [...picked, ...others].slice(0, HOW_MANY);
}

export function FeaturedCars({ trip }: { trip: Trip }) {
  const { t } = useLocale();
  const { failed, answered, results } = useShownCars(trip);
  const names = useCompanyNames();
  const rent = useRentCar();
  if (failed) return <FormError>{t.cars.failed}</FormError>;
  if (!answered)
    return (
      <>
        <TripLine trip={null} />
        <CarListLoading n={HOW_MANY} />
      </>
    );
  const cars = featured(results);
  if (cars.length === 0) return <p>{t.cars.none}</p>;
  return (
    <>
      <TripLine trip={trip} />
      <CarList>
        {cars.map((offer) => (
          <li key={offer.carId}>
            <CarCard offer={offer} company={names[offer.car.company]} onRent={() => rent(offer.car, trip)} compact />
          </li>
        ))}
      </CarList>
    </>
  );
}
