import { useRef, useState, type ReactNode } from 'react';
import { IMAGE_TYPES, pictureProblem } from '../../../machines/company';
import type { Problem } from '../../../machines/validation';
import type { CompanyProfile } from '../../client/staffApi';
import { fill } from '../../i18n/format';
import { useLocale } from '../../i18n/locale';
import { Button } from '../../ui/Button';
import { FileField } from '../../ui/Field';
import { FormCard, FormError, type SubmittedFields } from '../../ui/Form';
import { useProblems } from '../../ui/problems';
import { Section } from '../../ui/Section';
import { useStaffApi } from '../../ui/staffApi';
import { useSending } from '../../ui/useSending';
import styles from './Company.module.css';

/** What the browser can tell before sending (machines/company.ts pictureProblem). */
function logoProblems({ file }: SubmittedFields): { logo?: Problem } {
  const logo = pictureProblem(file('logo'));
  return logo ? { logo } : {};
}

/** The company's logo as renters see it on its card; a new one is resized by the server. */
export function LogoForm({ company, changed }: { company: CompanyProfile; changed: (company: CompanyProfile) => void }) {
  const { t, lang } = useLocale('company', 'forms');
  const k = t.company;
  const api = useStaffApi();
  const form = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<{ logo?: Problem }>({});
  const [note, setNote] = useState<ReactNode>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { sending, call } = useSending();
  const [round, setRound] = useState(0);
  const { error, summary, onChange } = useProblems(form, problems, logoProblems);

  /** Sends one change of the logo and says how it went; the form is emptied once it is on the card. */
  const send = async (request: () => ReturnType<typeof api.removeLogo>, done: string) => {
    setNote(null);
    setFailure(null);
    const answer = await call(request);
    if (answer?.ok) {
      changed(answer.body.company);
      setNote(done);
      setRound((n) => n + 1); // a fresh picker: the file sent is no longer shown as chosen
    } else if (answer?.status === 409 && 'company' in answer.body) {
      changed(answer.body.company as CompanyProfile);
      setFailure(k.conflictNothing);
    } else if (answer?.status === 400 && answer.fields?.logo) setProblems({ logo: answer.fields.logo as Problem });
    else setFailure(answer?.status === 507 ? k.storageFull : k.failed);
  };

  const upload = (fields: SubmittedFields) => {
    const found = logoProblems(fields);
    setProblems(found);
    if (found.logo) return;
    void send(() => api.uploadLogo(fields.file('logo')!, company.version), k.uploaded);
  };

  const name = lang === 'ar' ? company.nameAr : company.nameEn;
  return (
    <Section title={k.logo} bare>
      <div className={styles.logoBox}>
        {company.logo ? (
          <img
            src={company.logo.src}
            srcSet={company.logo.srcSet}
            sizes={`${company.logo.width}px`}
            width={company.logo.width}
            height={company.logo.height}
            alt={fill(k.logoAlt, { name })}
          />
        ) : (
          <p>{k.noLogo}</p>
        )}
      </div>
      <FormCard ref={form} label={k.logo} onChange={onChange} onSubmit={upload}>
        <p>{k.logoText}</p>
        {summary}
        <FileField key={round} label={k.newLogo} name="logo" accept={IMAGE_TYPES.join(',')} error={error('logo')} />
        {failure && <FormError>{failure}</FormError>}
        <p role="status">{note}</p>
        <Button type="submit" block disabled={sending} aria-busy={sending}>
          {sending ? k.uploading : k.upload}
        </Button>
        {company.logo && (
          <Button type="button" variant="secondary" block disabled={sending} onClick={() => void send(() => api.removeLogo(company.version), k.removed)}>
            {k.remove}
          </Button>
        )}
      </FormCard>
    </Section>
  );
}
