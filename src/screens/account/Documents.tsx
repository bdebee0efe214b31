import { useRef, useState } from 'react';
import { DOCUMENT_ACCEPT, DOCUMENT_FIELDS, documentsProblems, UNVERIFIED_DOCUMENTS_HOURS, type DocumentField, type Problem } from '../../../machines/validation';
import { uploadDocuments } from '../../client/documentsApi';
import { fill } from '../../i18n/format';
import { useLocale } from '../../i18n/locale';
import { Button } from '../../ui/Button';
import { useServerData } from '../../ui/serverData';
import { DocumentList } from '../../ui/DocumentList';
import { documentOf, FileField } from '../../ui/Field';
import { Done, FormCard, FormError, type SubmittedFields } from '../../ui/Form';
import { useProblems } from '../../ui/problems';
import { Section } from '../../ui/Section';
import { useSession, useSessionState } from '../../ui/session';
import { useSending } from '../../ui/useSending';
import styles from './Account.module.css';

const FIELDS = Object.keys(DOCUMENT_FIELDS) as DocumentField[];

const filesOf = ({ file }: SubmittedFields) => Object.fromEntries(FIELDS.map((f) => [f, documentOf(file(f))]));

type Outcome = 'uploaded' | 'storageFull' | 'tooMany' | 'failed' | null;

/**
 * The identity documents on file, opened from the server (only their owner may), and new ones to
 * replace them: each file chosen takes the place of the one of its kind. Until the e-mail is
 * confirmed they are kept a day (server/housekeeping.ts), which the section says.
 */
export function Documents() {
  const { t } = useLocale('account', 'forms');
  const a = t.account;
  const d = a.newDocuments;
  const { api } = useSession();
  const { user } = useSessionState();
  const { data, failed, replace } = useServerData(() => api.documents(), 'documents');
  const form = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<Partial<Record<DocumentField, Problem>>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [round, setRound] = useState(0);
  const { sending, call } = useSending();
  const { error, summary, onChange } = useProblems(form, problems, (fields) => documentsProblems(filesOf(fields)));

  const send = async (fields: SubmittedFields) => {
    setOutcome(null);
    const found = documentsProblems(filesOf(fields));
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const files = Object.fromEntries(FIELDS.flatMap((f) => (fields.file(f) ? [[f, fields.file(f)!]] : [])));
    const answer = await call(() => uploadDocuments(api, files));
    if (answer?.ok) {
      replace(answer.body);
      setRound((n) => n + 1); // fresh pickers: the files sent are on the list now
      return setOutcome('uploaded');
    }
    if (answer?.status === 400 && answer.fields) return setProblems(answer.fields as Partial<Record<DocumentField, Problem>>);
    setOutcome(answer?.error === 'storageFull' || answer?.error === 'tooMany' ? answer.error : 'failed');
  };

  return (
    <Section title={a.documents}>
      {data || failed ? <DocumentList documents={data?.documents ?? []} /> : <p aria-busy="true" />}
      {user && !user.emailVerified && <p className={styles.note}>{fill(d.unconfirmed, { hours: UNVERIFIED_DOCUMENTS_HOURS, section: t.emailStatus.title })}</p>}
      <FormCard ref={form} label={d.title} onChange={onChange} onSubmit={(fields) => void send(fields)}>
        <h3 className={styles.groupTitle}>{d.title}</h3>
        <p className={styles.note}>{d.text}</p>
        {summary}
        {FIELDS.map((field) => (
          <FileField
            key={`${field}-${round}`}
            label={a.documentKinds[DOCUMENT_FIELDS[field]]}
            name={field}
            accept={DOCUMENT_ACCEPT}
            hint={t.registration.uploadHint}
            error={error(field)}
          />
        ))}
        {outcome === 'uploaded' && <Done>{d.uploaded}</Done>}
        {outcome && outcome !== 'uploaded' && <FormError>{d[outcome]}</FormError>}
        <Button type="submit" block disabled={sending} aria-busy={sending}>
          {sending ? d.uploading : d.upload}
        </Button>
      </FormCard>
    </Section>
  );
}
