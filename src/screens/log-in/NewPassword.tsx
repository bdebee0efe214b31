import { useEffect, useRef, useState } from 'react';
import { newPasswordProblems, type NewPasswordField, type Problem } from '../../../machines/validation';
import { Unreachable } from '../../client/api';
import { useLocale } from '../../i18n/locale';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { FormCard, FormError, ScreenIntro, type SubmittedFields } from '../../ui/Form';
import { ProblemCount, useClearedWhenValid } from '../../ui/problems';
import { Stack } from '../../ui/Section';
import { useSession } from '../../ui/session';

const FIELDS: readonly NewPasswordField[] = ['password', 'confirmPassword'];
const inputOf = ({ text }: SubmittedFields) =>
  Object.fromEntries(FIELDS.map((f) => [f, text(f)])) as Record<NewPasswordField, string>;

/**
 * A new password with the e-mailed link's `token` (Log In, `?reset=`). Done: `onDone` (the log-in form
 * says so); a link used or past its 30 minutes: `onExpired` (the form to ask for a new one).
 */
export function NewPassword({
  token,
  onDone,
  onExpired,
}: {
  token: string;
  onDone(): void;
  onExpired(): void;
}) {
  const { t } = useLocale('forms', 'account');
  const r = t.reset;
  const { api } = useSession();
  const form = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<Partial<Record<NewPasswordField, Problem>>>({});
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const count = Object.keys(problems).length;
  // The account's e-mail is not known here: the server also checks the password does not contain it.
  const { shown, onChange } = useClearedWhenValid(problems, (fields) =>
    newPasswordProblems(inputOf(fields), ''),
  );

  useEffect(() => {
    if (count > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [problems, count]);

  const save = async (input: Record<NewPasswordField, string>) => {
    setFailed(false);
    const found = newPasswordProblems(input, '');
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const answer = await api.resetPassword({ token, password: input.password });
      if (answer.ok) return onDone();
      if (answer.status === 410) return onExpired();
      const code = answer.fields?.password;
      if (answer.status === 400 && code)
        return setProblems({ password: code in t.problems ? (code as Problem) : 'tooLong' });
      setFailed(true);
    } catch (error) {
      if (!(error instanceof Unreachable)) throw error;
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack>
      <ScreenIntro heading={r.setHeading} text={r.setIntro} />
      <FormCard ref={form} onChange={onChange} onSubmit={(fields) => void save(inputOf(fields))}>
        <ProblemCount count={count} />
        <TextField
          label={r.password}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={t.form.passwordRule}
          error={shown.password ? t.problems[shown.password] : undefined}
        />
        <TextField
          label={r.confirmPassword}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          error={shown.confirmPassword ? t.problems[shown.confirmPassword] : undefined}
        />
        {failed && <FormError>{r.failed}</FormError>}
        <Button type="submit" block disabled={saving} aria-busy={saving}>
          {saving ? r.saving : r.save}
        </Button>
      </FormCard>
    </Stack>
  );
}
