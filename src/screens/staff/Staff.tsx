import { useLocale } from '../../i18n/locale';
import { ManagerGate } from '../../ui/ManagerGate';
import { Stack } from '../../ui/Section';
import { useServerData } from '../../ui/serverData';
import { useStaffApi } from '../../ui/staffApi';
import { InviteForm } from './InviteForm';
import { StaffList } from './StaffList';
import { Invitations } from './Invitations';

/** `/staff`: the company admin's screen of its people: who has which role, invitations, revoking. */
export default function Staff() {
  const { t } = useLocale('staff');
  const k = t.staff;
  return (
    <Stack>
      <ManagerGate roles={['admin']} signIn={{ heading: k.signInHeading, prompt: k.signInPrompt, submit: k.signIn }}>
        {(admin) => <StaffPage adminId={admin.id} />}
      </ManagerGate>
    </Stack>
  );
}

function StaffPage({ adminId }: { adminId: string }) {
  const { t } = useLocale('staff');
  const api = useStaffApi();
  // Live: someone joining, or another admin's change, shows without a reload.
  const staff = useServerData(() => api.staff(), 'staff', ['staff']);
  // The branches an agent can be given (an empty list until read: the choice then shows nothing).
  const branches = useServerData(() => api.branches(), 'branches').data?.branches ?? [];
  if (staff.failed) return <p role="alert">{t.staff.loadFailed}</p>;
  if (!staff.data) return <p role="status">{t.staff.loading}</p>;
  return (
    <>
      <StaffList people={staff.data.staff} adminId={adminId} branches={branches} reload={staff.reload} />
      <InviteForm sent={staff.reload} />
      <Invitations invitations={staff.data.invitations} reload={staff.reload} />
    </>
  );
}
