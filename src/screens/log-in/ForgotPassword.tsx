import { useEffect, useRef, useState } from 'react';
import { checkEmail, type Problem } from '../../../machines/validation';
import { useLocale } from '../../i18n/locale';
import { fill } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Done, FormCard, FormError, FormFooter, ScreenIntro } from '../../ui/Form';
import { Link } from '../../ui/Link';
import { Stack } from '../../ui/Section';
import { useSession } from '../../ui/session';
import { useSending } from '../../ui/useSending';

type Outcome = { sent: string } | 'tooMany' | 'failed' | null;

/**
 * Forgot password (Log In, `?forgot`): the account's e-mail gets a link to set a new one. The answer is
 * the same whether or not the e-mail has an account, and says so; `notice` comes from a link that no
 * longer works.
 */
export function ForgotPassword({ notice }: { notice?: string }) {
  const { t, to, lang } = useLocale('forms', 'account');
  const r = t.reset;
  const { api } = useSession();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { sending, call } = useSending();
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (problem) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [problem]);

  const send = async (email: string) => {
    setOutcome(null);
    const found = checkEmail(email);
    setProblem(found);
    if (found) return;
    const answer = await call(() => api.forgotPassword({ email, lang }));
    if (answer?.ok) setOutcome({ sent: email });
    else if (answer?.status === 400) setProblem('email');
    else setOutcome(answer?.error === 'tooMany' ? 'tooMany' : 'failed');
  };

  return (
    <Stack>
      <ScreenIntro heading={r.askHeading} text={r.askIntro} />
      {notice && <FormError>{notice}</FormError>}
      <FormCard ref={form} onSubmit={({ text }) => void send(text('email').trim())}>
        <TextField
          label={r.email}
          name="email"
          type="email"
          autoComplete="email"
          error={problem ? t.problems[problem] : undefined}
        />
        {typeof outcome === 'object' && outcome && <Done>{fill(r.sent, { email: outcome.sent })}</Done>}
        {outcome === 'tooMany' && <FormError>{r.tooMany}</FormError>}
        {outcome === 'failed' && <FormError>{t.errors.network}</FormError>}
        <Button type="submit" block disabled={sending} aria-busy={sending}>
          {sending ? r.sending : r.send}
        </Button>
      </FormCard>
      <FormFooter>
        <Link to={to('logIn')}>{r.backToLogIn}</Link>
      </FormFooter>
    </Stack>
  );
}
