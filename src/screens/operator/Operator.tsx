import { useLocale } from '../../i18n/locale';
import { ManagerGate } from '../../ui/ManagerGate';
import { Stack } from '../../ui/Section';
import { useServerData } from '../../ui/serverData';
import { useStaffApi } from '../../ui/staffApi';
import { CompanyForm } from './CompanyForm';
import { CompanyList } from './CompanyList';

/** `/operator`: the platform operator's rental companies: add one with its admin, suspend, reinstate. */
export default function Operator() {
  const { t } = useLocale('staff');
  const o = t.operator;
  return (
    <Stack>
      <ManagerGate roles={['operator']} signIn={{ heading: o.signInHeading, prompt: o.signInPrompt, submit: t.staff.signIn }}>
        {() => <Companies />}
      </ManagerGate>
    </Stack>
  );
}

function Companies() {
  const { t } = useLocale('staff');
  const api = useStaffApi();
  const companies = useServerData(() => api.operatorCompanies(), 'operator-companies');
  if (companies.failed) return <p role="alert">{t.operator.loadFailed}</p>;
  if (!companies.data) return <p role="status">{t.operator.loading}</p>;
  return (
    <>
      <CompanyList companies={companies.data.companies} reload={companies.reload} />
      <CompanyForm added={companies.reload} />
    </>
  );
}
