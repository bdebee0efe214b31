import { memo, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocale } from '../../i18n/locale';
import { fill, formatDate } from '../../i18n/format';
import type { ImportJobView, ImportReport } from '../../client/api';
import { Button } from '../../ui/Button';
import { FileField } from '../../ui/Field';
import { Done, FormError } from '../../ui/Form';
import { Fill } from '../../ui/Fill';
import { Money } from '../../ui/Money';
import { Actions, Section } from '../../ui/Section';
import { useOnline } from '../../ui/online';
import { useServerData } from '../../ui/serverData';
import { useSession } from '../../ui/session';
import styles from './Contracts.module.css';

type Problem = 'noFile' | 'header' | 'empty' | 'tooManyRows' | 'tooLarge' | 'failed';

/**
 * Fines and Salik crossings from the authorities: a CSV upload here, or the same file from the
 * authority's system with the company's API key. The server imports it off the request path: the
 * screen shows the company's latest import as it goes forward (live, and asked again every second
 * meanwhile), then every row's fate: matched, unmatched, already imported, or rejected with its reasons.
 */
export function AuthorityImport() {
  const { t } = useLocale('manager');
  const c = t.imports;
  const { api } = useSession();
  const latest = useServerData(() => api.latestImport(), 'latestImport', ['imports']);
  // The unmatched records are read again when an import ends, not at each move of its progress bar.
  const [ends, setEnds] = useState(0);
  const ended = useCallback(() => setEnds((n) => n + 1), []);
  const job = latest.data?.job ?? null;
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const online = useOnline();
  const form = useRef<HTMLFormElement>(null);

  const upload = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const file = (e.currentTarget.elements.namedItem('file') as HTMLInputElement).files?.[0];
    if (!file) {
      setProblem('noFile');
      return form.current?.querySelector<HTMLElement>('input[type=file]')?.focus();
    }
    setBusy(true);
    const result = await api.importAuthorityFile(await file.text()).catch(() => null);
    setBusy(false);
    if (result?.ok) {
      setProblem(null);
      return latest.replace({ job: result.body.job });
    }
    const fileProblem = result?.fields?.csv ?? (result?.error === 'tooLarge' || result?.error === 'tooMany' ? result.error : 'failed');
    setProblem(fileProblem as Problem);
  };

  return (
    <Section title={c.title}>
      <p>{c.text}</p>
      <form ref={form} onSubmit={upload} noValidate className={styles.form}>
        <FileField name="file" label={c.file} hint={c.fileHint} accept=".csv,text/csv" error={problem === 'failed' && !online ? t.journey.sync.needsConnection : problem ? c.problems[problem] : undefined} />
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {c.upload}
        </Button>
      </form>
      {job && <ImportStatus job={job} reload={latest.reload} onDone={ended} />}
      <UnmatchedRecords ends={ends} />
      <ApiKey />
    </Section>
  );
}

/** What came in that no booking had at the time; `ends` counts the imports seen ending. */
const UnmatchedRecords = memo(function UnmatchedRecords({ ends }: { ends: number }) {
  const { t, lang } = useLocale('manager');
  const c = t.imports;
  const { api } = useSession();
  const unmatched = useServerData(() => api.unmatchedRecords(), 'unmatched');
  const { reload } = unmatched;
  // Read again, keeping the list on screen until the new one comes.
  useEffect(() => {
    if (ends > 0) reload();
  }, [ends, reload]);
  return (
    <>
      <h3>{c.unmatchedTitle}</h3>
      {unmatched.data?.unmatched.length === 0 && <p>{c.noUnmatched}</p>}
      <ul className={styles.report}>
        {unmatched.data?.unmatched.map((u) => (
          <li key={u.id}>
            {/* The authority's own words (reference, plate, place) stay whole in Arabic text. */}
            <Fill
              text={c.unmatchedRow}
              values={{
                kind: c.kinds[u.kind],
                reference: <bdi>{u.reference}</bdi>,
                plate: <bdi>{u.plate}</bdi>,
                date: formatDate(new Date(u.at), lang, 'dateTime'),
                location: <bdi>{u.location}</bdi>,
              }}
            />{' '}
            <Money fils={u.amount} />
          </li>
        ))}
      </ul>
    </>
  );
});

const isOpen = (job: ImportJobView) => job.status === 'queued' || job.status === 'running';

/** The latest import: waiting, going forward (a progress bar), stopped, or done with its report. */
function ImportStatus({ job, reload, onDone }: { job: ImportJobView; reload: () => void; onDone: () => void }) {
  const { t, lang } = useLocale('manager');
  const c = t.imports;
  const open = isOpen(job);
  // Seen open: its end is news (the unmatched records change); one already over when the screen came is not.
  const wasOpen = useRef(open);
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      // Live pushes say when it moves; asking every second as well keeps the bar going without them.
      const timer = setInterval(reload, 1000);
      return () => clearInterval(timer);
    }
    if (wasOpen.current) {
      wasOpen.current = false;
      onDone();
    }
  }, [open, reload, onDone]);
  const counts = { done: job.done, total: job.total };
  if (job.status === 'queued') return <p role="status">{fill(c.queued, counts)}</p>;
  if (job.status === 'running')
    return (
      <div role="status" className={styles.form}>
        <progress max={job.total} value={job.done} aria-label={c.progressLabel} />
        <p>{fill(c.progress, counts)}</p>
      </div>
    );
  return (
    <>
      {job.status === 'failed' && <FormError>{fill(c.stopped, counts)}</FormError>}
      <p>{fill(c.finishedAt, { date: formatDate(new Date(job.receivedAt), lang, 'dateTime') })}</p>
      {job.report && <Report report={job.report} />}
    </>
  );
}

function Report({ report }: { report: ImportReport }) {
  const { t } = useLocale('manager');
  const c = t.imports;
  const field = (name: string) => c.fields[name as keyof typeof c.fields] ?? name;
  return (
    <div className={styles.form}>
      <Done>
        {fill(c.summary, {
          matched: report.matched.length,
          unmatched: report.unmatched.length,
          duplicates: report.duplicates.length,
          rejected: report.rejected.length,
        })}
      </Done>
      {report.rejected.length > 0 && (
        <>
          <h3>{c.rejectedTitle}</h3>
          <ul className={styles.report}>
            {report.rejected.map((r) => (
              <li key={r.line}>
                {fill(c.rejectedRow, {
                  line: r.line,
                  reasons: Object.entries(r.fields)
                    .map(([name, code]) => `${field(name)}: ${c.reasons[code as keyof typeof c.reasons] ?? code}`)
                    .join('; '),
                })}
              </li>
            ))}
          </ul>
        </>
      )}
      {report.unmatched.length > 0 && (
        <ul className={styles.report} aria-label={c.unmatchedTitle}>
          {report.unmatched.map((u) => (
            <li key={u.line}>{fill(c.unmatchedLine, { line: u.line, plate: u.plate, reason: c.unmatchedReasons[u.reason] })}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The company's key for the feed endpoint: shown once when made. Making one replaces the last, which
 * keeps working for a day (server/companies/store.ts): asked once more, saying so.
 */
function ApiKey() {
  const { t, lang } = useLocale('manager');
  const c = t.imports;
  const { api } = useSession();
  const [made, setMade] = useState<{ key: string; previousUntil: number | null } | null>(null);
  const [asking, setAsking] = useState(false);
  const [failed, setFailed] = useState(false);
  const make = async () => {
    const result = await api.rotateApiKey().catch(() => null);
    setAsking(false);
    setFailed(!result?.ok);
    setMade(result?.ok ? result.body : null);
  };
  return (
    <>
      <h3>{c.keyTitle}</h3>
      <p>{fill(c.keyText, { endpoint: `${location.origin}/api/feeds/authority` })}</p>
      {made && (
        <>
          <Done>{c.keyShown}</Done>
          <p className={styles.key}>{made.key}</p>
          {made.previousUntil !== null && <p>{fill(c.keyGrace, { date: formatDate(new Date(made.previousUntil), lang, 'dateTime') })}</p>}
        </>
      )}
      {failed && <FormError>{c.keyFailed}</FormError>}
      {asking ? (
        <div role="group" aria-label={c.newKey}>
          <p>{c.newKeyQuestion}</p>
          <Actions>
            <Button onClick={make}>{c.confirmNewKey}</Button>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              {c.keepKey}
            </Button>
          </Actions>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setAsking(true)}>
          {c.newKey}
        </Button>
      )}
    </>
  );
}
