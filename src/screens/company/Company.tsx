import { useState } from 'react';
import type { CompanyProfile } from '../../client/staffApi';
import { useLocale } from '../../i18n/locale';
import { ManagerGate } from '../../ui/ManagerGate';
import { Stack } from '../../ui/Section';
import { useServerData } from '../../ui/serverData';
import { useStaffApi } from '../../ui/staffApi';
import { Branches } from './Branches';
import { LogoForm } from './LogoForm';
import { ProfileForm } from './ProfileForm';

/** `/company`: the company admin keeps how renters see the company, what its invoices say, and its branches. */
export default function Company() {
  const { t } = useLocale('company');
  const k = t.company;
  return (
    <Stack>
      <ManagerGate roles={['admin']} signIn={{ heading: k.signInHeading, prompt: k.signInPrompt, submit: k.signIn }}>
        {() => <CompanyPage />}
      </ManagerGate>
    </Stack>
  );
}

function CompanyPage() {
  const { t } = useLocale('company');
  const api = useStaffApi();
  const loaded = useServerData(() => api.company(), 'company');
  if (loaded.failed) return <p role="alert">{t.company.loadFailed}</p>;
  if (!loaded.data) return <p role="status">{t.company.loading}</p>;
  return <CompanyEditor loaded={loaded.data.company} />;
}

/** The profile and the logo share the company's version: each save moves it for the other. */
function CompanyEditor({ loaded }: { loaded: CompanyProfile }) {
  const [company, setCompany] = useState(loaded);
  return (
    <>
      <ProfileForm company={company} changed={setCompany} />
      <LogoForm company={company} changed={setCompany} />
      <Branches />
    </>
  );
}
