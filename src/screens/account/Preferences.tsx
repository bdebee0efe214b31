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

/** Notifications of the optional kinds on or off, kept on the server; says whether it was saved. */
export function NotificationPreference() {
  const { t } = useLocale('account');
  const a = t.account;
  const { api } = useSession();
  const [on, setOn] = useState<boolean | 'failed' | null>(null);
  const [saved, setSaved] = useState<'saved' | 'failed' | null>(null);
  const online = useOnline();
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
  if (on === 'failed') return <p role="alert">{online ? a.notificationsLoadFailed : t.journey.sync.needsConnection}</p>;
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
        error={saved === 'failed' ? (online ? a.notificationsFailed : t.journey.sync.needsConnection) : undefined}
        checked={on}
        onCheckedChange={(next) => void save(next)}
      />
      {saved === 'saved' && <Done>{a.notificationsSaved}</Done>}
    </>
  );
}
