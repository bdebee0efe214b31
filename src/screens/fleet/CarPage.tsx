import type { Answer } from '../../client/api';
import type { BranchView, CarPageData } from '../../client/staffApi';
import { useLocale } from '../../i18n/locale';
import { FormError } from '../../ui/Form';
import { Link } from '../../ui/Link';
import { useServerData } from '../../ui/serverData';
import { useStaffApi } from '../../ui/staffApi';
import { CarForm } from './CarForm';
import { CarBlocks } from './CarBlocks';
import { CarBookings } from './CarBookings';
import { CarPhotos } from './CarPhotos';

/** One of the company's cars, to edit, with the paid bookings that still need it and its maintenance; another company's is not found. */
export function CarPage({ id, branches }: { id: string; branches: BranchView[] }) {
  const { t, to } = useLocale('fleet');
  const k = t.fleet;
  const api = useStaffApi();
  const loaded = useServerData(async (): Promise<Answer<CarPageData | { car: null }>> => {
    const answer = await api.fleetCar(id);
    // Not one of the company's cars is an answer to show, not a failure to retry.
    return !answer.ok && answer.status === 404 ? { ok: true as const, body: { car: null } } : answer;
  }, `fleet:${id}`);
  const back = <Link to={to('fleet')}>{k.back}</Link>;
  if (loaded.failed) return <FormError>{k.loadFailed}</FormError>;
  if (!loaded.data) return <p role="status">{k.loading}</p>;
  const page = loaded.data;
  if (!page.car)
    return (
      <>
        <FormError>{k.notFound}</FormError>
        {back}
      </>
    );
  const { car } = page;
  return (
    <>
      {back}
      <CarForm car={car} branches={branches} saved={(next) => loaded.replace({ ...page, car: next })} />
      <CarPhotos car={car} changed={loaded.replace} />
      <CarBookings carId={car.id} bookings={page.bookings} changed={loaded.replace} />
      <CarBlocks carId={car.id} blocks={page.blocks} changed={loaded.replace} />
    </>
  );
}
