import { useState } from 'react';
import { useLocale } from '../../i18n/locale';
import { fill, formatDate, isolated } from '../../i18n/format';
import type { IncidentView } from '../../client/api';
import { Button } from '../../ui/Button';
import { TextArea } from '../../ui/Field';
import { FormCard, FormError } from '../../ui/Form';
import { Actions, Section } from '../../ui/Section';
import { useServerData } from '../../ui/serverData';
import { useSession } from '../../ui/session';
import { PhotoGallery } from '../../ui/PhotoGallery';

/** The incidents renters reported with the company's cars, newest first; live as they come in. */
export function Incidents() {
  const { t } = useLocale('counter');
  const i = t.incidents;
  const { api } = useSession();
  const { data, reload } = useServerData(() => api.incidents(), 'incidents', ['incidents']);
  return (
    <Section title={i.title}>
      {!data ? null : data.incidents.length === 0 ? (
        <p>{i.empty}</p>
      ) : (
        <ul>
          {data.incidents.map((incident) => (
            <Incident key={incident.id} incident={incident} onSaved={reload} />
          ))}
        </ul>
      )}
    </Section>
  );
}

function Incident({ incident, onSaved }: { incident: IncidentView; onSaved: () => void }) {
  const { t, lang } = useLocale('counter');
  const i = t.incidents;
  const { api } = useSession();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const move = async (status: 'acknowledged' | 'closed', note?: string) => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await api.setIncidentStatus(incident.id, {
        status,
        ...(note === undefined ? {} : { note }),
      });
      if (answer.ok) onSaved();
      else setProblem(answer.fields?.note ? i.noteRequired : i.failed);
    } catch {
      setProblem(i.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li>
      <h3>
        {/* Each value isolated: Latin names and numbers keep their order in an Arabic line. */}
        {fill(i.heading, {
          ref: isolated(incident.reference),
          renter: isolated(incident.renter ?? ''),
          number: isolated(incident.bookingNumber ?? '—'),
          car: isolated(incident.car?.model ?? '—'),
        })}
      </h3>
      <p role="status">{i.statuses[incident.status]}</p>
      <p>{fill(i.reportedAt, { date: formatDate(new Date(incident.createdAt), lang, 'dateTime') })}</p>
      <p>{incident.description}</p>
      {incident.location && <p>{fill(i.location, { location: incident.location })}</p>}
      {incident.more && <p>{fill(i.more, { more: incident.more })}</p>}
      {incident.photos.length > 0 && <PhotoGallery ids={incident.photos} alt={i.photoAlt} of="incidents" />}
      {incident.status === 'closed' ? (
        <p>{fill(i.note, { note: incident.note ?? '' })}</p>
      ) : (
        <FormCard label={incident.reference} onSubmit={({ text }) => void move('closed', text('note'))}>
          {incident.status === 'received' && (
            <Actions>
              <Button variant="secondary" disabled={busy} onClick={() => void move('acknowledged')}>
                {i.acknowledge}
              </Button>
            </Actions>
          )}
          <TextArea name="note" label={i.noteLabel} maxLength={500} />
          {problem && <FormError>{problem}</FormError>}
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {i.close}
          </Button>
        </FormCard>
      )}
    </li>
  );
}
