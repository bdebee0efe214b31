import { useRef, useState, type ReactNode } from 'react';
import { checkEmail, type Problem } from '../../../machines/validation';
import { STAFF_ROLES, type StaffRole } from '../../client/staffApi';
import { useLocale } from '../../i18n/locale';
import { Fill } from '../../ui/Fill';
import { Email } from './Email';
import { TextField } from '../../ui/Field';
import { FormCard } from '../../ui/Form';
import { FormEnd } from '../../ui/FormEnd';
import { RadioGroup } from '../../ui/RadioGroup';
import { useProblems } from '../../ui/problems';
import { Section } from '../../ui/Section';
import { useStaffApi } from '../../ui/staffApi';
import { useSending } from '../../ui/useSending';

/** Invites one e-mail for one role: the link goes by e-mail, in the admin's language. */
export function InviteForm({ sent }: { sent: () => void }) {
  const { t, lang } = useLocale('staff', 'forms');
  const k = t.staff;
  const api = useStaffApi();
  const form = useRef<HTMLFormElement>(null);
  const [role, setRole] = useState<StaffRole>('agent');
  const [problems, setProblems] = useState<Partial<Record<'email', Problem>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<ReactNode>(null);
  const { sending, call } = useSending();
  const { error, summary, onChange } = useProblems(form, problems, ({ text }) => {
    const problem = checkEmail(text('email'));
    return problem ? { email: problem } : {};
  });

  return (
    <Section title={k.invite} bare>
      <FormCard
        ref={form}
        label={k.invite}
        onChange={onChange}
        onSubmit={async ({ text }) => {
          const email = text('email').trim();
          const problem = checkEmail(email);
          setDone(null);
          setFailure(null);
          setProblems(problem ? { email: problem } : {});
          if (problem) return;
          const answer = await call(() => api.invite({ email, role, lang }));
          if (answer?.ok) {
            setDone(<Fill text={k.sent} values={{ email: <Email value={email} /> }} />);
            form.current?.reset();
            sent();
          } else if (answer?.fields?.email) setProblems({ email: 'email' });
          else setFailure(answer?.error === 'tooMany' ? k.tooMany : k.failed);
        }}
      >
        <p>{k.inviteText}</p>
        {summary}
        <TextField label={k.email} name="email" type="email" autoComplete="off" dir="ltr" error={error('email')} />
        <RadioGroup
          label={k.role}
          value={role}
          onValueChange={(value) => setRole(value as StaffRole)}
          options={STAFF_ROLES.map((r) => ({ value: r, label: k.roles[r], description: k.roleHints[r] }))}
        />
        <FormEnd failure={failure} done={done} sending={sending} send={k.send} busy={k.sending} />
      </FormCard>
    </Section>
  );
}
