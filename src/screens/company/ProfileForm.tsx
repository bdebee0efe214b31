import { useRef, useState, type ReactNode } from 'react';
import { companyProfileProblems, type CompanyProfileInput } from '../../../machines/company';
import type { Problem } from '../../../machines/validation';
import type { CompanyProfile } from '../../client/staffApi';
import { fill } from '../../i18n/format';
import { useLocale } from '../../i18n/locale';
import { TextArea, TextField } from '../../ui/Field';
import { FormCard, type SubmittedFields } from '../../ui/Form';
import { FormEnd } from '../../ui/FormEnd';
import { useProblems } from '../../ui/problems';
import { Section } from '../../ui/Section';
import { useStaffApi } from '../../ui/staffApi';
import { savedOver } from '../../ui/savedOver';
import { useSending } from '../../ui/useSending';

const FIELDS = ['nameEn', 'nameAr', 'subtitleEn', 'subtitleAr', 'trn', 'addressEn', 'addressAr', 'supportPhone', 'clausesEn', 'clausesAr'] as const;
type Field = (typeof FIELDS)[number];

/** The form's values, checked by the same rule as the server's (machines/company.ts). */
const valuesOf = ({ text }: SubmittedFields) => Object.fromEntries(FIELDS.map((f) => [f, text(f)])) as Record<Field, string> satisfies CompanyProfileInput;
const problemsOf = (fields: SubmittedFields) => companyProfileProblems(valuesOf(fields));

/**
 * The company's names, VAT number, address, support line and its own clauses of the agreement. Saved over the version it was loaded
 * at: when another admin saved first, the screen says which fields they changed and keeps what this
 * admin typed, so a second save keeps it knowingly.
 */
export function ProfileForm({ company, changed }: { company: CompanyProfile; changed: (company: CompanyProfile) => void }) {
  const { t, lang } = useLocale('company', 'forms');
  const k = t.company;
  const api = useStaffApi();
  const form = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<Partial<Record<Field, Problem>>>({});
  const [note, setNote] = useState<ReactNode>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { sending: saving, call } = useSending();
  const { error, summary, onChange } = useProblems(form, problems, problemsOf);

  const save = async (fields: SubmittedFields) => {
    const found = problemsOf(fields);
    setProblems(found);
    setNote(null);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    const answer = await call(() => api.saveCompany({ ...valuesOf(fields), version: company.version }));
    const inputs = savedOver(form, FIELDS);
    if (answer?.ok) {
      inputs.show(answer.body.company);
      changed(answer.body.company);
      setNote(k.saved);
    } else if (answer?.status === 409 && 'company' in answer.body) {
      const now = answer.body.company as CompanyProfile;
      const differing = inputs.theirs(company, now);
      changed(now);
      setFailure(differing.length > 0 ? fill(k.conflict, { fields: differing.map((f) => k[f]).join(lang === 'ar' ? '، ' : ', ') }) : k.conflictNothing);
    } else if (answer?.status === 400 && answer.fields) setProblems(answer.fields as Partial<Record<Field, Problem>>);
    else setFailure(k.failed);
  };

  const field = (name: Field, extra: { dir: 'ltr' | 'rtl'; lang?: 'en' | 'ar'; hint?: string; type?: string; inputMode?: 'numeric' | 'tel' }) => (
    <TextField label={k[name]} name={name} defaultValue={company[name]} error={error(name)} autoComplete="off" {...extra} />
  );

  const clauses = (name: 'clausesEn' | 'clausesAr', language: 'en' | 'ar') => (
    <TextArea label={k[name]} name={name} defaultValue={company[name]} error={error(name)} hint={k.clausesHint} dir={language === 'ar' ? 'rtl' : 'ltr'} lang={language} rows={4} />
  );

  return (
    <Section title={k.profile} bare>
      <FormCard ref={form} label={k.profile} onChange={onChange} onSubmit={(fields) => void save(fields)}>
        <p>{k.profileText}</p>
        {summary}
        {field('nameEn', { dir: 'ltr', lang: 'en' })}
        {field('nameAr', { dir: 'rtl', lang: 'ar' })}
        {field('subtitleEn', { dir: 'ltr', lang: 'en' })}
        {field('subtitleAr', { dir: 'rtl', lang: 'ar' })}
        {field('trn', { dir: 'ltr', hint: k.trnHint, inputMode: 'numeric' })}
        {field('addressEn', { dir: 'ltr', lang: 'en' })}
        {field('addressAr', { dir: 'rtl', lang: 'ar' })}
        {field('supportPhone', { dir: 'ltr', hint: k.supportPhoneHint, type: 'tel', inputMode: 'tel' })}
        {clauses('clausesEn', 'en')}
        {clauses('clausesAr', 'ar')}
        <FormEnd failure={failure} done={note} sending={saving} send={k.save} busy={k.saving} />
      </FormCard>
    </Section>
  );
}
