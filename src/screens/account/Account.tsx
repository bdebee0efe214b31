import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { UserRound } from 'lucide-react';
import { useEffect } from 'react';
import { useLocale } from '../../i18n/locale';
import { fill, formatDate } from '../../i18n/format';
import { pathOf } from '../../i18n/paths';
import { APP_VERSION, sampleProfile } from '../../data/sample';
import { useJourney, useJourneySelector, useSession, useSessionState } from '../../ui/journey';
import { Button, ButtonLink } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Done, FormCard, useProblems } from '../../ui/Form';
import { Facts, Section, Stack } from '../../ui/Section';
import { Switch } from '../../ui/Switch';
import { useServerData } from '../../ui/contract';
import { DocumentList } from '../../ui/DocumentList';
import styles from './Account.module.css';

export default function Account() {
  const { t, lang, to } = useLocale();
  const a = t.account;
  const journey = useJourney();
  const session = useSession();
  const { user } = useSessionState();
  const navigate = useNavigate();
  const renter = useJourneySelector((s) => s.context.renter);
  const last4 = useJourneySelector((s) => s.context.payment?.last4 ?? null);
  const problems = useJourneySelector((s) => s.context.profileErrors);
  const form = useRef<HTMLFormElement>(null);
  const { message, summary } = useProblems(form, problems);
  const [saved, setSaved] = useState(false);
  const other = lang === 'ar' ? 'en' : 'ar';
  const name = renter ? (lang === 'ar' && renter.fullNameAr) || renter.fullName : null;

  return (
    <Stack>
      {name && (
        <div className={styles.profile}>
          <span className={styles.avatar}>
            <UserRound aria-hidden size={32} />
          </span>
          <div>
            <h2 className={styles.name}>{name}</h2>
          </div>
        </div>
      )}

      {renter ? (
        <Section title={a.profile} bare>
          <FormCard
            ref={form}
            onSubmit={({ text }) => {
              const profile = {
                fullName: text('name'),
                phone: text('phone'),
                email: text('email'),
                address: text('address'),
              };
              journey.send({ type: 'account.update', profile });
              setSaved(Object.keys(journey.getSnapshot().context.profileErrors).length === 0);
            }}
          >
            {summary}
            <TextField
              label={a.name}
              name="name"
              defaultValue={renter.fullName}
              autoComplete="name"
              onChange={() => setSaved(false)}
              error={message(problems.fullName)}
            />
            <TextField
              label={a.phone}
              name="phone"
              type="tel"
              defaultValue={renter.phone}
              dir="ltr"
              onChange={() => setSaved(false)}
              error={message(problems.phone)}
            />
            <TextField
              label={a.email}
              name="email"
              type="email"
              defaultValue={renter.email}
              dir="ltr"
              onChange={() => setSaved(false)}
              error={message(problems.email)}
            />
            <TextField
              label={a.address}
              name="address"
              defaultValue={renter.address ?? ''}
              onChange={() => setSaved(false)}
              error={message(problems.address)}
            />
            <Facts
              rows={[
                { label: a.payment, value: last4 ? fill(a.cardEnding, { last4 }) : a.noCard },
                {
                  label: a.licence,
                  value: fill(a.licenceValid, {
                    date: formatDate(sampleProfile.licenceValidUntil, lang, 'date'),
                  }),
                },
              ]}
            />
            {saved && <Done>{a.saved}</Done>}
            <Button type="submit" block>
              {a.save}
            </Button>
          </FormCard>
        </Section>
      ) : (
        <Section title={a.profile}>
          <p>{a.signInPrompt}</p>
          <ButtonLink to={to('logIn')}>{a.logIn}</ButtonLink>
        </Section>
      )}

      {renter && <Documents />}

      <Section title={a.security}>
        {user && <NotificationPreference />}
        <Facts
          rows={[
            {
              label: a.language,
              value: (
                <Link to={pathOf('account', other)} lang={other} className={styles.language}>
                  {t.language.switchTo}
                </Link>
              ),
            },
            { label: a.currency, value: sampleProfile.currency },
          ]}
        />
      </Section>

      {renter && (
        <Button variant="secondary" block onClick={() => void session.signOut().then(() => navigate(to('home')))}>
          {a.signOut}
        </Button>
      )}

      <p className={styles.version}>{fill(a.version, { version: APP_VERSION })}</p>
    </Stack>
  );
}

/** The identity documents uploaded at registration, opened from the server (only their owner may). */
function Documents() {
  const { t } = useLocale();
  const { api } = useSession();
  const { data, failed } = useServerData(() => api.documents(), 'documents');
  return (
    <Section title={t.account.documents}>
      {data || failed ? <DocumentList documents={data?.documents ?? []} /> : <p aria-busy="true" />}
    </Section>
  );
}

/** Notifications of the optional kinds on or off, kept on the server; says whether it was saved. */
function NotificationPreference() {
  const { t } = useLocale();
  const a = t.account;
  const { api } = useSession();
  const [on, setOn] = useState<boolean | 'failed' | null>(null);
  const [saved, setSaved] = useState<'saved' | 'failed' | null>(null);
  useEffect(() => {
    let current = true;
    api
      .notificationPreferences()
      .then((result) => current && setOn(result.ok ? result.body.notificationsOn : 'failed'))
      .catch(() => current && setOn('failed'));
    return () => {
      current = false;
    };
  }, [api]);
  if (on === null) return <p aria-busy="true" />;
  if (on === 'failed') return <p role="alert">{a.notificationsLoadFailed}</p>;
  const save = async (next: boolean) => {
    setOn(next);
    setSaved(null);
    const result = await api.saveNotificationPreferences(next).catch(() => null);
    if (result?.ok) return setSaved('saved');
    setOn(!next);
    setSaved('failed');
  };
  return (
    <>
      <Switch
        label={a.notifications}
        description={a.notificationsText}
        error={saved === 'failed' ? a.notificationsFailed : undefined}
        checked={on}
        onCheckedChange={(next) => void save(next)}
      />
      {saved === 'saved' && <Done>{a.notificationsSaved}</Done>}
    </>
  );
}
