import { useRef, useState, type ReactNode } from 'react';
import { companyProblems } from '../../../machines/company';
import type { Problem } from '../../../machines/validation';
import { useLocale } from '../../i18n/locale';
import { Fill } from '../../ui/Fill';
import { Email } from '../staff/Email';
import { TextField } from '../../ui/Field';
import { FormCard, type SubmittedFields } from '../../ui/Form';
import { FormEnd } from '../../ui/FormEnd';
import { useProblems } from '../../ui/problems';
import { Section } from '../../ui/Section';
import { useStaffApi } from '../../ui/staffApi';
import { useSending } from '../../ui/useSending';

const FIELDS = ['nameEn', 'nameAr', 'subtitleEn', 'subtitleAr', 'adminEmail'] as const;
type Field = (typeof FIELDS)[number];

/** The form's values, checked by the same rule as the server's (machines/validation.ts). */
const valuesOf = ({ text }: SubmittedFields) => Object.fromEntries(FIELDS.map((f) => [f, text(f).trim()])) as Record<Field, string>;
const problemsOf = (fields: SubmittedFields) => companyProblems(valuesOf(fields));

/** Adds a company and e-mails its admin the invitation, in the operator's language. */
export function CompanyForm({ added }: { added: () => void }) {
  const { t, lang } = useLocale('staff', 'forms');
  const o = t.operator;
  const api = useStaffApi();
  const form = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<Partial<Record<Field, Problem>>>({});
  const [nameTaken, setNameTaken] = useState(false);
  const [failure, setFailure] = useState(false);
  const [done, setDone] = useState<ReactNode>(null);
  const { sending, call } = useSending();
  const { error, summary, onChange } = useProblems(form, problems, problemsOf);

  const create = async (fields: SubmittedFields) => {
    const found = problemsOf(fields);
    setProblems(found);
    setNameTaken(false);
    setFailure(false);
    setDone(null);
    if (Object.keys(found).length > 0) return;
    const body = valuesOf(fields);
    const answer = await call(() => api.createCompany({ ...body, lang }));
    if (answer?.ok) {
      setDone(<Fill text={o.created} values={{ name: lang === 'ar' ? body.nameAr : body.nameEn, email: <Email value={body.adminEmail} /> }} />);
      form.current?.reset();
      added();
    } else if (answer?.fields?.nameEn === 'nameTaken') {
      setNameTaken(true);
      form.current?.querySelector<HTMLElement>('[name="nameEn"]')?.focus();
    } else if (answer?.status === 400 && answer.fields) setProblems(answer.fields as Partial<Record<Field, Problem>>);
    else setFailure(true);
  };

  return (
    <Section title={o.add} bare>
      <FormCard ref={form} label={o.add} onChange={onChange} onSubmit={(fields) => void create(fields)}>
        <p>{o.addText}</p>
        {summary}
        <TextField label={o.nameEn} name="nameEn" dir="ltr" lang="en" error={nameTaken ? o.nameTaken : error('nameEn')} />
        <TextField label={o.nameAr} name="nameAr" dir="rtl" lang="ar" error={error('nameAr')} />
        <TextField label={o.subtitleEn} name="subtitleEn" dir="ltr" lang="en" error={error('subtitleEn')} />
        <TextField label={o.subtitleAr} name="subtitleAr" dir="rtl" lang="ar" error={error('subtitleAr')} />
        <TextField label={o.adminEmail} name="adminEmail" type="email" autoComplete="off" dir="ltr" error={error('adminEmail')} />
        <FormEnd failure={failure && o.failed} done={done} sending={sending} send={o.create} busy={o.creating} />
      </FormCard>
    </Section>
  );
}
