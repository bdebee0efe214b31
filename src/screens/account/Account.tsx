import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { UserRound } from 'lucide-react';
import { isOffline } from '../../client/api';
import { useLocale } from '../../i18n/locale';
import { fill } from '../../i18n/format';
import { pathOf, type ScreenId } from '../../i18n/paths';
import { APP_VERSION } from '../../data/content';
import { useJourneySelector } from '../../ui/journey';
import { useSession, useSessionState } from '../../ui/session';
import { Button, ButtonLink } from '../../ui/Button';
import { FormError } from '../../ui/Form';
import { Section, Stack } from '../../ui/Section';
import { AccountLinks } from '../../ui/AccountLinks';
import { UaePassButton } from '../../ui/UaePassButton';
import { ChangePassword } from './ChangePassword';
import { ProfileForm } from './ProfileForm';
import { EmailLinkOutcome, EmailStatus } from './EmailStatus';
import { Documents } from './Documents';
import { CardOnFile } from './CardOnFile';
import { LanguageAndCurrency, NotificationPreference } from './Preferences';
import { Link } from '../../ui/Link';
import styles from './Account.module.css';

/** The Profile tab leads to the renter's other places; Emergency assistance is among them. */
const PROFILE_LINKS: readonly ScreenId[] = [
  'pastRentals',
  'notifications',
  'trafficViolation',
  'helpSupport',
  'emergencyAssistance',
];

export default function Account() {
  const { t, lang, to } = useLocale('account');
  const a = t.account;
  const session = useSession();
  const { user } = useSessionState();
  const navigate = useNavigate();
  const renter = useJourneySelector((s) => s.context.renter);
  const [signOutOffline, setSignOutOffline] = useState(false);
  const other = lang === 'ar' ? 'en' : 'ar';
  const name = renter ? (lang === 'ar' && renter.fullNameAr) || renter.fullName : null;

  return (
    <Stack>
      <EmailLinkOutcome />
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

      <Section title={a.links}>
        <AccountLinks only={PROFILE_LINKS} />
      </Section>

      {renter ? (
        <Section title={a.profile} bare>
          <ProfileForm renter={renter} />
        </Section>
      ) : (
        <Section title={a.profile}>
          <p>{a.signInPrompt}</p>
          <ButtonLink to={to('logIn')}>{a.logIn}</ButtonLink>
        </Section>
      )}

      {renter && <Documents />}
      {user?.role === 'renter' && <CardOnFile />}
      {user?.role === 'renter' && <UaePass verified={user.verified} />}

      {user ? (
        <>
          <Section title={t.emailStatus.title}>
            <EmailStatus />
          </Section>
          <Section title={a.security}>
            <NotificationPreference />
          </Section>
          <Section title={a.password.title} bare={user.signsInWithEmail}>
            <ChangePassword />
          </Section>
          {user.role === 'renter' && (
            <Section title={a.preferences.title} bare>
              <LanguageAndCurrency />
            </Section>
          )}
          {/* Offline, the server could not end the session: this page alone would look signed out. */}
          {signOutOffline && <FormError>{t.journey.sync.needsConnection}</FormError>}
          <Button
            variant="secondary"
            block
            onClick={() => {
              setSignOutOffline(isOffline());
              if (!isOffline()) void session.signOut().then(() => navigate(to('home')));
            }}
          >
            {a.signOut}
          </Button>
        </>
      ) : (
        <Section title={a.language}>
          {/* The current language first, so the link's other-language name reads as the offer it is. */}
          <p>{fill(a.languageNow, { name: t.language.name })}</p>
          <Link to={pathOf('account', other)} lang={other} className={styles.language}>
            {t.language.switchTo}
          </Link>
        </Section>
      )}

      <p className={styles.version}>{fill(a.version, { version: APP_VERSION })}</p>
    </Stack>
  );
}

/**
 * UAE PASS on the account: connected, or a button to connect it. Connecting from here, signed in, is
 * how an account registered with an e-mail gets UAE PASS (the server links by e-mail only when the
 * e-mail is verified).
 */
function UaePass({ verified }: { verified: boolean }) {
  const { t, lang } = useLocale('account');
  const w = t.account.uaePass;
  const { uaePass } = useSessionState();
  const { api } = useSession();
  const [offline, setOffline] = useState(false);
  if (!verified && !uaePass) return null;
  return (
    <Section title={w.title}>
      {verified ? (
        <p>{w.connected}</p>
      ) : (
        <>
          <p>{w.intro}</p>
          <UaePassButton
            label={w.connect}
            onClick={() => {
              setOffline(isOffline());
              if (!isOffline()) window.location.assign(api.uaePassUrl(lang));
            }}
          />
          {offline && <FormError>{t.journey.sync.needsConnection}</FormError>}
        </>
      )}
    </Section>
  );
}
