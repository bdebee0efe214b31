import { useParams } from 'react-router-dom';
import type { BranchView } from '../../client/staffApi';
import { useLocale } from '../../i18n/locale';
import { FormError } from '../../ui/Form';
import { ManagerGate } from '../../ui/ManagerGate';
import { Stack } from '../../ui/Section';
import { useServerData } from '../../ui/serverData';
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
        {() => <FleetScreen param={param} />}
      </ManagerGate>
    </Stack>
  );
}

/** The company's branches are read first: a car's form chooses one of them. */
function FleetScreen({ param }: { param: string | undefined }) {
  const { t } = useLocale('fleet');
  const api = useStaffApi();
  const loaded = useServerData(() => api.branches(), 'branches');
  if (loaded.failed) return <FormError>{t.fleet.loadFailed}</FormError>;
  if (!loaded.data) return <p role="status">{t.fleet.loading}</p>;
  const { branches } = loaded.data;
  return param ? <CarPage key={param} id={param} branches={branches} /> : <FleetHome branches={branches} />;
}

function FleetHome({ branches }: { branches: BranchView[] }) {
  const api = useStaffApi();
  const fleet = useServerData(() => api.fleet(), 'fleet');
  return (
    <>
      <FleetList fleet={fleet} branches={branches} />
      <CarForm car={null} branches={branches} saved={() => fleet.reload()} />
    </>
  );
}
