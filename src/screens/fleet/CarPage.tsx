import type { Answer } from '../../client/api';
import type { FleetCar, NeedingBooking } from '../../client/staffApi';
import { useLocale } from '../../i18n/locale';
import { FormError } from '../../ui/Form';
import { Link } from '../../ui/Link';
import { Section } from '../../ui/Section';
import { useServerData } from '../../ui/contract';
import { useStaffApi } from '../../ui/staffApi';
import { BookingsOfCar, CarForm } from './CarForm';

/** One of the company's cars, to edit, with the paid bookings that still need it; another company's is not found. */
export function CarPage({ id }: { id: string }) {
  const { t, to } = useLocale('fleet');
  const k = t.fleet;
  const api = useStaffApi();
  const loaded = useServerData(async (): Promise<Answer<{ car: FleetCar | null; bookings: NeedingBooking[] }>> => {
    const answer = await api.fleetCar(id);
    // Not one of the company's cars is an answer to show, not a failure to retry.
    return !answer.ok && answer.status === 404 ? { ok: true as const, body: { car: null, bookings: [] } } : answer;
  }, `fleet:${id}`);
  const back = <Link to={to('fleet')}>{k.back}</Link>;
  if (loaded.failed) return <FormError>{k.loadFailed}</FormError>;
  if (!loaded.data) return <p role="status">{k.loading}</p>;
  const { car, bookings } = loaded.data;
  if (!car)
    return (
      <>
        <FormError>{k.notFound}</FormError>
        {back}
      </>
    );
  return (
    <>
      {back}
      <CarForm car={car} saved={(next) => loaded.replace({ car: next, bookings })} />
      {bookings.length > 0 && (
        <Section title={k.bookingsTitle}>
          <BookingsOfCar bookings={bookings} />
        </Section>
      )}
    </>
  );
}
