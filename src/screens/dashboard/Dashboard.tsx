import { dayOf } from '../../i18n/format';
import { useLocale } from '../../i18n/locale';
import { ManagerGate } from '../../ui/ManagerGate';
import { Stack } from '../../ui/Section';
import { useServerData } from '../../ui/serverData';
import { useStaffApi } from '../../ui/staffApi';
import { DayLists } from './DayLists';
import { ExportForm } from './ExportForm';
import { MonthTable } from './MonthTable';

/** `/dashboard`: the company's day for its managers (and admin), this month against the last, an export. */
export default function Dashboard() {
  return (
    <Stack>
      <ManagerGate>{() => <CompanyDay />}</ManagerGate>
    </Stack>
  );
}

function CompanyDay() {
  const { t } = useLocale('staff');
  const api = useStaffApi();
  // Live: a pickup recorded, a car checked in or a renter's step shows without a reload.
  const day = useServerData(() => api.dashboard(), 'dashboard', ['journey', 'contracts', 'incidents', 'violations']);
  if (day.failed) return <p role="alert">{t.dashboard.loadFailed}</p>;
  if (!day.data) return <p role="status">{t.dashboard.loading}</p>;
  return (
    <>
      <DayLists day={day.data} />
      <MonthTable months={day.data.months} />
      <ExportForm today={dayOf(new Date(day.data.day.start + 12 * 3600_000))} />
    </>
  );
}
