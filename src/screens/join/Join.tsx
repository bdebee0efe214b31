import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { checkFullName, checkPassword, type Problem } from '../../../machines/validation';
import type { InvitationView, StaffRole } from '../../client/staffApi';
import { fill } from '../../i18n/format';
import { useLocale } from '../../i18n/locale';
import type { ScreenId } from '../../i18n/paths';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { FormCard, FormError, ScreenIntro, type SubmittedFields } from '../../ui/Form';
import { useProblems } from '../../ui/problems';
import { Stack } from '../../ui/Section';
import { useServerData } from '../../ui/serverData';
import { useSession } from '../../ui/session';
import { useStaffApi } from '../../ui/staffApi';

/** Where each role starts its work once it has joined. */
const FIRST_SCREEN: Record<StaffRole, ScreenId> = { admin: 'staff', manager: 'contracts', agent: 'handovers' };

type Field = 'fullName' | 'password';
const problemsOf = ({ text }: SubmittedFields, email: string) => {
  const found: Partial<Record<Field, Problem>> = {};
  const name = checkFullName(text('fullName'));
  const password = checkPassword(text('password'), email);
  if (name) found.fullName = name;
  if (password) found.password = password;
  return found;
};

/** `/join?token=`: the invitation's link. Says which company and role, then takes a name and a password. */
export default function Join() {
  const { t } = useLocale('staff');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // The e-mailed link's token is taken from the address at once (not left in the history, not sent on
  // as a referrer), and kept here.
  const [token, setToken] = useState('');
  const fromLink = params.get('token');
  if (fromLink && fromLink !== token) setToken(fromLink);
  useEffect(() => {
    if (fromLink) void navigate({ search: '' }, { replace: true });
  }, [fromLink, navigate]);
  if (token) return <Invitation key={token} token={token} />;
  return (
    <Stack>
      <ScreenIntro heading={t.join.invitation} />
      <p role="alert">{t.join.noToken}</p>
    </Stack>
  );
}

/** What the link's invitation is for, read from the server; then the form to join. */
function Invitation({ token }: { token: string }) {
  const { t } = useLocale('staff');
  const api = useStaffApi();
  const invitation = useServerData(() => api.invitation(token), `invitation:${token}`);
  if (invitation.data) return <JoinForm token={token} invitation={invitation.data} />;
  return (
    <Stack>
      <ScreenIntro heading={t.join.invitation} />
      {invitation.failed ? <p role="alert">{t.join.expired}</p> : <p role="status">{t.join.loading}</p>}
    </Stack>
  );
}

function JoinForm({ token, invitation }: { token: string; invitation: InvitationView }) {
  const { t, lang, to } = useLocale('staff', 'forms');
  const j = t.join;
  const session = useSession();
  const api = useStaffApi();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<Partial<Record<Field, Problem>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [joining, setJoining] = useState(false);
  const { error, summary, onChange } = useProblems(form, problems, (fields) => problemsOf(fields, invitation.email));
  const company = invitation.company.name[lang];

  const join = async (fields: SubmittedFields) => {
    const found = problemsOf(fields, invitation.email);
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setJoining(true);
    try {
      const answer = await api.acceptInvitation({ token, fullName: fields.text('fullName'), password: fields.text('password'), language: lang });
      if (answer.ok) {
        session.signedInAsStaff(answer.body.user);
        return void navigate(to(FIRST_SCREEN[invitation.role]));
      }
      if (answer.status === 400 && answer.fields) return setProblems(answer.fields as Partial<Record<Field, Problem>>);
      setFailure(answer.status === 410 ? j.expired : answer.error === 'emailTaken' ? j.emailTaken : j.failed);
    } catch {
      setFailure(j.failed);
    } finally {
      setJoining(false);
    }
  };

  return (
    <Stack>
      <ScreenIntro heading={fill(j.heading, { company })} text={fill(j.text, { role: t.staff.roles[invitation.role] })} />
      <FormCard ref={form} onChange={onChange} onSubmit={(fields) => void join(fields)}>
        {summary}
        <TextField label={t.staff.email} name="email" value={invitation.email} readOnly dir="ltr" autoComplete="username" />
        <TextField label={j.fullName} name="fullName" autoComplete="name" error={error('fullName')} />
        <TextField
          label={j.password}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={t.form.passwordRule}
          error={error('password')}
        />
        {failure && <FormError>{failure}</FormError>}
        <Button type="submit" block disabled={joining} aria-busy={joining}>
          {joining ? j.joining : fill(j.submit, { company })}
        </Button>
      </FormCard>
    </Stack>
  );
}
