import { useEffect, useRef, useState } from 'react';
import { isOffline } from '../../client/api';
import { useLocation, useNavigate } from 'react-router-dom';
import { useLocale } from '../../i18n/locale';
import { useJourney, useJourneySelector, usePending } from '../../ui/journey';
import { useSession, useSessionState } from '../../ui/session';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Done, FormCard, FormError, FormFooter, ScreenIntro } from '../../ui/Form';
import { Stack } from '../../ui/Section';
import { UaePassButton } from '../../ui/UaePassButton';
import { useHydrated } from '../../ui/hydrated';
import { Link } from '../../ui/Link';
import { ForgotPassword } from './ForgotPassword';
import { NewPassword } from './NewPassword';
import { UndoEmailChange } from './UndoEmailChange';
import styles from './LogIn.module.css';

export default function LogIn() {
  const { t, to, lang } = useLocale('forms', 'account');
  const l = t.logIn;
  const journey = useJourney();
  const error = useJourneySelector((s) => s.context.error);
  const pending = usePending();
  const [missing, setMissing] = useState<{ email?: boolean; password?: boolean }>({});
  const { search } = useLocation();
  const navigate = useNavigate();
  // The query, once the page is live: what UAE PASS answered (the server's redirect says it), or a
  // step of forgot password (`?forgot`, `?forgot=expired`, `?password=set`).
  const query = useHydrated() ? new URLSearchParams(search) : null;
  const uaePassAnswer = query?.get('uaepass') ?? null;
  // An e-mailed link's token (a reset, or the undo of an e-mail change) is taken from the address at
  // once (not left in the history), and kept here.
  const [linkToken, setLinkToken] = useState<{ reset: string } | { undo: string } | null>(null);
  const resetLink = query?.get('reset') ?? null;
  const undoLink = query?.get('undo') ?? null;
  if (resetLink && !(linkToken && 'reset' in linkToken && linkToken.reset === resetLink)) setLinkToken({ reset: resetLink });
  else if (undoLink && !(linkToken && 'undo' in linkToken && linkToken.undo === undoLink)) setLinkToken({ undo: undoLink });
  useEffect(() => {
    if (resetLink || undoLink) void navigate({ search: '' }, { replace: true });
  }, [resetLink, undoLink, navigate]);
  // UAE PASS leaves the app for the server: offline, say so here instead of the browser's error page.
  const [uaePassOffline, setUaePassOffline] = useState(false);
  const { uaePass } = useSessionState();
  const api = useSession().api;
  // A visitor who chose a car (and its trip) comes back to that choice after UAE PASS too.
  const chosen = useJourneySelector(
    (s) => {
      if (!s.context.returnTo) return undefined;
      const { carId, pickupLocation, dropoffLocation, pickupAt, dropoffAt } = s.context.booking;
      return { carId, trip: { pickupLocation, dropoffLocation, pickupAt, dropoffAt } };
    },
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
  const form = useRef<HTMLFormElement>(null);

  // After an empty submit, focus goes to the first empty field.
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [missing]);

  if (linkToken) {
    const after = (search: string) => {
      setLinkToken(null);
      void navigate({ search }, { replace: true });
    };
    if ('undo' in linkToken)
      return <UndoEmailChange token={linkToken.undo} onAnswer={(undone) => after(`?email=${undone ? 'undone' : 'undoExpired'}`)} />;
    return <NewPassword token={linkToken.reset} onDone={() => after('?password=set')} onExpired={() => after('?forgot=expired')} />;
  }
  if (query?.has('forgot')) return <ForgotPassword notice={query.get('forgot') === 'expired' ? t.reset.expired : undefined} />;

  return (
    <Stack>
      <ScreenIntro heading={l.heading} text={l.intro} />
      {query?.get('password') === 'set' && <Done>{t.reset.done}</Done>}
      {query?.get('email') === 'verified' && <Done>{l.emailVerified}</Done>}
      {query?.get('email') === 'expired' && <FormError>{l.emailExpired}</FormError>}
      {query?.get('email') === 'undone' && <Done>{l.emailUndone}</Done>}
      {query?.get('email') === 'undoExpired' && <FormError>{l.undoExpired}</FormError>}
      {uaePassAnswer === 'failed' && <FormError>{l.uaePassFailed}</FormError>}
      {uaePassAnswer === 'signInFirst' && <FormError>{l.uaePassSignInFirst}</FormError>}
      <FormCard
        ref={form}
        onSubmit={({ text }) => {
          const email = text('email').trim();
          const password = text('password');
          const empty = { email: email === '', password: password === '' };
          setMissing(empty);
          if (empty.email || empty.password) return;
          journey.send({ type: 'logIn.submit', email, password });
        }}
      >
        <TextField
          label={l.email}
          name="email"
          type="email"
          autoComplete="email"
          error={missing.email ? t.problems.required : undefined}
        />
        <TextField
          label={l.password}
          name="password"
          type="password"
          autoComplete="current-password"
          error={missing.password ? t.problems.required : undefined}
        />
        {error && <FormError>{t.errors[error]}</FormError>}
        <Button type="submit" block disabled={pending} aria-busy={pending}>
          {pending ? l.submitting : l.submit}
        </Button>
      </FormCard>
      <FormFooter>
        <Link to={`${to('logIn')}?forgot`}>{l.forgot}</Link>
      </FormFooter>
      <FormFooter>
        {l.noAccount} <Link to={to('registration')}>{l.register}</Link>
      </FormFooter>
      {/* Last on the screen: a prerendered page learns only from the server whether UAE PASS is on, and
          the button then appears below everything else instead of pushing it down. */}
      {uaePass && (
        <>
          <p className={styles.or}>
            <span>{l.or}</span>
          </p>
          {/* UAE PASS stays apart from e-mail log-in, as its guidelines ask. The server runs it. */}
          <UaePassButton
            label={l.uaePass}
            disabled={pending}
            onClick={() => {
              setUaePassOffline(isOffline());
              if (!isOffline()) window.location.assign(api.uaePassUrl(lang, chosen));
            }}
          />
          {uaePassOffline && <FormError>{t.journey.sync.needsConnection}</FormError>}
        </>
      )}
    </Stack>
  );
}
