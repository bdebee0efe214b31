import { useEffect, useRef, useState } from 'react';
import { checkEmail, type Problem } from '../../../machines/validation';
import type { OperatorCompany } from '../../client/staffApi';
import { fill } from '../../i18n/format';
import { useLocale } from '../../i18n/locale';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { FormCard, FormError, type SubmittedFields } from '../../ui/Form';
import { useProblems } from '../../ui/problems';
import { Actions } from '../../ui/Section';
import { useStaffApi } from '../../ui/staffApi';
import { useSending } from '../../ui/useSending';

const problemsOf = ({ text }: SubmittedFields): { adminEmail?: Problem } => {
  const problem = checkEmail(text('adminEmail'));
  return problem ? { adminEmail: problem } : {};
};

/** Another admin for a company (its first invitation was lost, or its admin left), in the operator's language. */
export function AdminInvite({ company, sent, close }: { company: OperatorCompany; sent: (email: string) => void; close: () => void }) {
  const { t, lang } = useLocale('staff', 'forms');
  const o = t.operator;
  const api = useStaffApi();
  const form = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<{ adminEmail?: Problem }>({});
  const [failure, setFailure] = useState(false);
  const { sending, call } = useSending();
  const { error, summary, onChange } = useProblems(form, problems, problemsOf);
  const label = fill(o.inviteAdmin, { name: company.name[lang] });
  // Opened by a click: the focus goes to what it asks for.
  useEffect(() => form.current?.querySelector('input')?.focus(), []);

  const send = async (fields: SubmittedFields) => {
    const found = problemsOf(fields);
    setProblems(found);
    setFailure(false);
    if (found.adminEmail) return;
    const adminEmail = fields.text('adminEmail').trim();
    const answer = await call(() => api.inviteAdmin(company.id, { adminEmail, lang }));
    if (answer?.ok) sent(adminEmail);
    else if (answer?.status === 400 && answer.fields?.adminEmail) setProblems({ adminEmail: answer.fields.adminEmail as Problem });
    else setFailure(true);
  };

  return (
    <FormCard ref={form} label={label} onChange={onChange} onSubmit={(fields) => void send(fields)}>
      {summary}
      <TextField label={o.adminEmail} name="adminEmail" type="email" autoComplete="off" dir="ltr" error={error('adminEmail')} />
      {failure && <FormError>{o.failed}</FormError>}
      <Actions>
        <Button type="submit" disabled={sending} aria-busy={sending}>
          {sending ? o.creating : o.sendInvitation}
        </Button>
        <Button type="button" variant="secondary" onClick={close}>
          {o.cancel}
        </Button>
      </Actions>
    </FormCard>
  );
}
