import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { DISPLAY_CURRENCIES, type DisplayCurrency } from '../../../machines/money';
import type { Lang } from '../../i18n/en';
import { useLocale } from '../../i18n/locale';
import { pathOf } from '../../i18n/paths';
import { Button } from '../../ui/Button';
import { Done, FormCard, FormError } from '../../ui/Form';
import { useSession, useSessionState } from '../../ui/session';
import { useOnline } from '../../ui/online';
import { RadioGroup } from '../../ui/RadioGroup';
import { Switch } from '../../ui/Switch';
import type { MailGroup, NotificationPreferences } from '../../client/api';
import { pushState, turnPushOff, turnPushOn, type PushState } from '../../client/push';
import styles from './Account.module.css';

/** Carried to the account page in the newly chosen language, which then says the choice was saved. */
interface SavedState {
  preferencesSaved?: boolean;
}

const LANGS: readonly Lang[] = ['en', 'ar'];

/**
 * The account's language and currency, saved on the server together. A new language opens this page
 * in it at once; a new currency shows beside every amount at once (payments stay in AED).
 */
export function LanguageAndCurrency() {
  const { t, lang } = useLocale('account');
  const a = t.account;
  const pr = a.preferences;
  const session = useSession();
  const { user } = useSessionState();
  const navigate = useNavigate();
  const location = useLocation();
  const [language, setLanguage] = useState<Lang>(user?.language ?? lang);
  const [currency, setCurrency] = useState<DisplayCurrency>(user?.currency ?? 'AED');
  const [status, setStatus] = useState<'saving' | 'saved' | 'failed' | null>(
    (location.state as SavedState | null)?.preferencesSaved ? 'saved' : null,
  );
  // The renter's app follows these; a contract manager's console has no such setting.
  if (user?.role !== 'renter') return null;

  const save = async () => {
    setStatus('saving');
    const result = await session.savePreferences({ language, currency }).catch(() => null);
    if (!result?.ok) return setStatus('failed');
    setStatus('saved');
    // The page in the other language may be this same component or a new one: the state says it too.
    if (language !== lang) navigate(pathOf('account', language), { state: { preferencesSaved: true } satisfies SavedState });
  };
  const changed = () => status !== 'saving' && setStatus(null);

  return (
    <FormCard label={pr.title} onSubmit={() => void save()}>
      <h3 className={styles.groupTitle}>{a.language}</h3>
      <RadioGroup
        label={a.language}
        options={LANGS.map((l) => ({ value: l, label: pr.languages[l], lang: l === lang ? undefined : l }))}
        value={language}
        onValueChange={(value) => {
          setLanguage(value as Lang);
          changed();
        }}
      />
      <h3 className={styles.groupTitle}>{a.currency}</h3>
      <RadioGroup
        label={a.currency}
        options={DISPLAY_CURRENCIES.map((c) => ({ value: c, label: pr.currencies[c] }))}
        value={currency}
        onValueChange={(value) => {
          setCurrency(value as DisplayCurrency);
          changed();
        }}
      />
      <p className={styles.note}>{pr.currencyText}</p>
      {status === 'saved' && <Done>{pr.saved}</Done>}
      {status === 'failed' && <FormError>{pr.failed}</FormError>}
      <Button type="submit" block disabled={status === 'saving'} aria-busy={status === 'saving'}>
        {status === 'saving' ? pr.saving : pr.save}
      </Button>
    </FormCard>
  );
}

/**
 * Notifications of the optional kinds on or off and, for a renter, which groups of notices also come
 * by e-mail, kept on the server; each switch saves at once and says whether it was saved.
 */
export function NotificationPreference() {
  const { t } = useLocale('account');
  const a = t.account;
  const { api } = useSession();
  const { user } = useSessionState();
  const [prefs, setPrefs] = useState<NotificationPreferences | 'failed' | null>(null);
  const [saved, setSaved] = useState<{ which: 'notifications' | MailGroup; ok: boolean } | null>(null);
  const online = useOnline();
  useEffect(() => {
    let current = true;
    api
      .notificationPreferences()
      .then((result) => current && setPrefs(result.ok ? result.body : 'failed'))
      .catch(() => current && setPrefs('failed'));
    return () => {
      current = false;
    };
  }, [api]);
  if (prefs === null) return <p aria-busy="true" />;
  if (prefs === 'failed') return <p role="alert">{online ? a.notificationsLoadFailed : t.journey.sync.needsConnection}</p>;
  /** Shows `next` at once; the server's answer is what stays (the old value back if it failed). */
  const save = async (which: 'notifications' | MailGroup, next: NotificationPreferences, ask: () => ReturnType<typeof api.notificationPreferences>) => {
    const before = prefs;
    setPrefs(next);
    setSaved(null);
    const result = await ask().catch(() => null);
    if (result?.ok) {
      setPrefs(result.body);
      return setSaved({ which, ok: true });
    }
    setPrefs(before);
    setSaved({ which, ok: false });
  };
  const failure = (which: 'notifications' | MailGroup) =>
    saved?.which === which && !saved.ok ? (online ? a.notificationsFailed : t.journey.sync.needsConnection) : undefined;
  return (
    <>
      <Switch
        label={a.notifications}
        description={a.notificationsText}
        error={failure('notifications')}
        checked={prefs.notificationsOn}
        onCheckedChange={(on) => void save('notifications', { ...prefs, notificationsOn: on }, () => api.saveNotificationPreferences(on))}
      />
      {user?.role === 'renter' && <PushPreference />}
      {user?.role === 'renter' && (
        <fieldset className={styles.byEmail}>
          <legend>{a.byEmail.title}</legend>
          <p className={styles.note}>{a.byEmail.text}</p>
          {(Object.keys(prefs.email) as MailGroup[]).map((group) => (
            <Switch
              key={group}
              label={a.byEmail.groups[group]}
              error={failure(group)}
              checked={prefs.email[group]}
              onCheckedChange={(on) =>
                void save(group, { ...prefs, email: { ...prefs.email, [group]: on } }, () => api.saveMailPreferences({ [group]: on }))
              }
            />
          ))}
        </fieldset>
      )}
      {saved?.ok && <Done>{a.notificationsSaved}</Done>}
    </>
  );
}

/**
 * Web Push for the phone in the renter's hand: on asks the browser's permission and subscribes it; off
 * drops it. Where the browser cannot take pushes, or the renter blocked them, it says so instead.
 */
function PushPreference() {
  const { t } = useLocale('account');
  const p = t.account.push;
  const { api } = useSession();
  const online = useOnline();
  const [state, setState] = useState<PushState | null>(null);
  const [outcome, setOutcome] = useState<'saved' | 'failed' | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let current = true;
    pushState(api)
      .catch(() => 'off' as const)
      .then((found) => current && setState(found));
    return () => {
      current = false;
    };
  }, [api]);
  if (state === null) return <p aria-busy="true" />;
  if (state === 'unsupported') return <p className={styles.note}>{p.unsupported}</p>;
  const flip = async (on: boolean) => {
    setBusy(true);
    setOutcome(null);
    const next = await (on ? turnPushOn(api) : turnPushOff(api)).catch(() => 'failed' as const);
    setBusy(false);
    if (next === 'failed') return setOutcome('failed');
    setState(next);
    setOutcome(next === (on ? 'on' : 'off') ? 'saved' : null);
  };
  const error = state === 'blocked' ? p.blocked : outcome === 'failed' ? (online ? p.failed : t.journey.sync.needsConnection) : undefined;
  return (
    <>
      <Switch label={p.label} description={p.text} error={error} checked={state === 'on'} disabled={busy || state === 'blocked'} onCheckedChange={(on) => void flip(on)} />
      {outcome === 'saved' && <Done>{state === 'on' ? p.on : p.off}</Done>}
    </>
  );
}
