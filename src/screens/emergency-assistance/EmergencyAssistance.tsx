import { lazy, Suspense, useRef, useState } from 'react';
import { Ambulance, CheckCircle2, LocateFixed, Phone, ShieldAlert, Wrench } from 'lucide-react';
import { emergencyProblems, formatCoordinates } from '../../../machines/validation';
import { fill } from '../../i18n/format';
import { useLocale } from '../../i18n/locale';
import { contactPhones, GPS_EXAMPLE } from '../../data/content';
import { Button } from '../../ui/Button';
import { TextArea, TextField } from '../../ui/Field';
import { Done, FormCard, FormError } from '../../ui/Form';
import { useSession, useSessionState } from '../../ui/session';
import type { IncidentView } from '../../client/api';
import { useProblems } from '../../ui/problems';
import { IconList } from '../../ui/IconList';
import { IconText } from '../../ui/IconText';
import { Section, Stack } from '../../ui/Section';
import { Link } from '../../ui/Link';
import styles from './EmergencyAssistance.module.css';

/**
 * The renter's side of a report (photos of the scene, their reports): a chunk of its own, never a
 * visitor's. One request for both, and both are drawn as it comes (the screen is whole at once).
 */
const renterParts = () => import('./renterParts');
const ScenePhotos = lazy(() => renterParts().then(({ ScenePhotos }) => ({ default: ScenePhotos })));
const YourReports = lazy(() => renterParts().then(({ YourReports }) => ({ default: YourReports })));

export default function EmergencyAssistance() {
  const { t, to } = useLocale('emergency');
  const e = t.emergency;
  const form = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<ReturnType<typeof emergencyProblems>>({});
  const { message, summary } = useProblems(form, problems);
  const [gps, setGps] = useState('');
  const [location, setLocation] = useState<'idle' | 'locating' | 'denied' | 'unavailable'>('idle');
  const [sent, setSent] = useState<IncidentView | null>(null);
  const [failure, setFailure] = useState<'signIn' | 'failed' | null>(null);
  const [sending, setSending] = useState(false);
  const { api } = useSession();
  const { user } = useSessionState();
  // Photos of the scene, uploaded as they are taken (ScenePhotos): the report names them.
  const [photos, setPhotos] = useState<string[]>([]);

  /** Fills the location from the device; when refused or unknown, says so and typing stays possible. */
  const locate = () => {
    if (!('geolocation' in navigator)) return setLocation('unavailable');
    setLocation('locating');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setGps(formatCoordinates(position.coords.latitude, position.coords.longitude));
        setLocation('idle');
      },
      (error) => setLocation(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };
  const calls = [
    { name: e.police, phone: contactPhones.police, Icon: ShieldAlert },
    { name: e.ambulance, phone: contactPhones.ambulance, Icon: Ambulance },
    { name: e.roadside, phone: contactPhones.roadside, Icon: Wrench },
  ];
  return (
    <Stack>
      <Section title={e.call}>
        <ul className={styles.calls}>
          {calls.map(({ name, phone, Icon }) => (
            <li key={name}>
              <a href={`tel:${phone.replace(/\s/g, '')}`} className={styles.call}>
                <Icon aria-hidden size={26} />
                <span>{name}</span>
                <span className={styles.phone} dir="ltr">
                  <IconText icon={Phone} size={14}>
                    {phone}
                  </IconText>
                </span>
              </a>
            </li>
          ))}
        </ul>
      </Section>

      <Section title={e.report} bare>
        {sent ? (
          <>
            <Done>{fill(e.sent, { ref: sent.reference })}</Done>
            <p>{sent.bookingNumber ? e.sentTo : e.sentToSupport}</p>
          </>
        ) : (
          <FormCard
            ref={form}
            onSubmit={async ({ text }) => {
              const report = { description: text('description'), gps, more: text('more') };
              const found = emergencyProblems(report);
              setProblems(found);
              setFailure(null);
              if (Object.keys(found).length > 0) return;
              setSending(true);
              try {
                const answer = await api.reportIncident({
                  description: report.description,
                  location: gps,
                  more: report.more,
                  photos,
                });
                if (answer.ok) setSent(answer.body.incident);
                else if (answer.status === 401 || answer.status === 403) setFailure('signIn');
                else if (answer.error === 'invalid') setProblems((answer.fields ?? {}) as typeof found);
                else setFailure('failed');
              } catch {
                setFailure('failed');
              } finally {
                setSending(false);
              }
            }}
          >
            {summary}
            <TextArea label={e.description} name="description" error={message(problems.description)} />
            <TextField
              label={e.gps}
              name="gps"
              placeholder={GPS_EXAMPLE}
              dir="ltr"
              value={gps}
              onChange={(event) => setGps(event.target.value)}
              hint={location === 'locating' ? e.locating : undefined}
              warning={
                location === 'denied'
                  ? e.locationDenied
                  : location === 'unavailable'
                    ? e.locationUnavailable
                    : undefined
              }
              error={message(problems.gps)}
            />
            <Button
              variant="secondary"
              onClick={locate}
              disabled={location === 'locating'}
              aria-busy={location === 'locating'}
            >
              <IconText icon={LocateFixed} size={18}>
                {e.useLocation}
              </IconText>
            </Button>
            <TextArea label={e.more} name="more" error={message(problems.more)} />
            {/* Renters only: a visitor is asked to log in to send a report. */}
            {user?.role === 'renter' && (
              <Suspense fallback={null}>
                <ScenePhotos onChange={setPhotos} />
              </Suspense>
            )}
            {failure && <FormError>{e[failure]}</FormError>}
            <Button type="submit" block disabled={sending} aria-busy={sending}>
              {sending ? e.sending : e.submit}
            </Button>
          </FormCard>
        )}
      </Section>

      {/* Read again once a report is sent here; the company's answers arrive live. */}
      {user?.role === 'renter' && (
        <Suspense fallback={null}>
          <YourReports key={sent?.id ?? 'before'} />
        </Suspense>
      )}

      <Section title={e.checklist}>
        <IconList Icon={CheckCircle2} items={[e.safety, e.exchange, e.document]} />
        <Link to={to('insurancePolicy')} className={styles.policy}>
          {e.insurance}
        </Link>
      </Section>
    </Stack>
  );
}
