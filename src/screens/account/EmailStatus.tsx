import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useLocale } from '../../i18n/locale';
import { fill } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { Done, FormError } from '../../ui/Form';
import { useHydrated } from '../../ui/hydrated';
import { useSession, useSessionState } from '../../ui/session';
import { useSending } from '../../ui/useSending';

type Outcome = 'sent' | 'tooMany' | 'failed' | null;

/** What the e-mail's link said when it brought the browser here (`?email=verified|expired`): the top of the screen. */
export function EmailLinkOutcome() {
  const { t } = useLocale('account');
  const { search } = useLocation();
  const fromLink = useHydrated() ? new URLSearchParams(search).get('email') : null;
  if (fromLink === 'verified') return <Done>{t.emailStatus.verified}</Done>;
  if (fromLink === 'expired') return <FormError>{t.emailStatus.expired}</FormError>;
  return null;
}

/** The account's e-mail: confirmed, or not yet, with the link sent again on request. */
export function EmailStatus() {
  const { t, lang } = useLocale('account');
  const e = t.emailStatus;
  const { user } = useSessionState();
  const { api } = useSession();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { sending, call } = useSending();
  if (!user) return null;

  const resend = async () => {
    setOutcome(null);
    const answer = await call(() => api.resendVerification({ lang }));
    setOutcome(answer?.ok ? 'sent' : answer?.error === 'tooMany' ? 'tooMany' : 'failed');
  };

  return (
    <>
      {user.emailVerified && <p>{fill(e.confirmed, { email: user.email })}</p>}
      {!user.emailVerified && (
        <>
          <p>{fill(e.unverified, { email: user.email })}</p>
          {outcome === 'sent' && <Done>{fill(e.sent, { email: user.email })}</Done>}
          {(outcome === 'tooMany' || outcome === 'failed') && <FormError>{e[outcome]}</FormError>}
          <Button
            variant="secondary"
            block
            disabled={sending}
            aria-busy={sending}
            onClick={() => void resend()}
          >
            {sending ? e.sending : e.resend}
          </Button>
        </>
      )}
    </>
  );
}
