import { useParams } from 'react-router-dom';
import { useLocale } from '../../i18n/locale';
import { ManagerGate } from '../../ui/ManagerGate';
import { Stack } from '../../ui/Section';
import { useServerData } from '../../ui/contract';
import { useStaffApi } from '../../ui/staffApi';
import { CarForm } from './CarForm';
import { CarPage } from './CarPage';
import { FleetList } from './FleetList';

/** `/fleet`: the company's cars, found and filtered, and a car added; `/fleet/:id`: one car, edited. The admin's. */
export default function Fleet() {
  const { param } = useParams();
  const { t } = useLocale('fleet');
  return (
    <Stack>
      <ManagerGate roles={['admin']} signIn={{ heading: t.fleet.signInHeading, prompt: t.fleet.signInPrompt, submit: t.fleet.signIn }}>
        {() => (param ? <CarPage key={param} id={param} /> : <FleetHome />)}
      </ManagerGate>
    </Stack>
  );
}

function FleetHome() {
  const api = useStaffApi();
  const fleet = useServerData(() => api.fleet(), 'fleet');
  return (
    <>
      <FleetList fleet={fleet} />
      <CarForm car={null} saved={() => fleet.reload()} />
    </>
  );
}
