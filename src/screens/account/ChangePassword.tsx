import { useEffect, useRef, useState } from 'react';
import { passwordChangeProblems, type PasswordChangeField, type Problem } from '../../../machines/validation';
import { useLocale } from '../../i18n/locale';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Done, FormCard, FormError, type SubmittedFields } from '../../ui/Form';
import { ProblemCount, useClearedWhenValid } from '../../ui/problems';
import { useSession, useSessionState } from '../../ui/session';
import { useSending } from '../../ui/useSending';

/** A field's problem: a rule of the form, or the server saying the current password is not right. */
type Code = Problem | 'wrongPassword';
type Outcome = 'changed' | 'locked' | 'busy' | 'noPassword' | 'failed' | null;

const FIELDS: readonly PasswordChangeField[] = ['currentPassword', 'newPassword', 'confirmPassword'];

const inputOf = ({ text }: SubmittedFields) =>
  Object.fromEntries(FIELDS.map((f) => [f, text(f)])) as Record<PasswordChangeField, string>;

/**
 * Current password, new one (the registration rules) and its confirmation. Problems are shown by
 * their fields, in the reader's language, with the typed values kept and the focus on the first;
 * once changed, it says that every other device was signed out (the server did it).
 */
export function ChangePassword() {
  const { t } = useLocale('forms', 'account');
  const p = t.account.password;
  const session = useSession();
  const { user } = useSessionState();
  const form = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<Partial<Record<PasswordChangeField, Code>>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { sending, call } = useSending();
  const count = Object.keys(problems).length;
  // A field fixed since the submit loses its error at once (a wrong current password, once retyped).
  const { shown, onChange } = useClearedWhenValid(problems, (fields) =>
    passwordChangeProblems(inputOf(fields), user?.email ?? ''),
  );

  useEffect(() => {
    if (count > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [problems, count]);

  if (!user) return null;
  if (!user.signsInWithEmail) return <p>{p.noPassword}</p>;

  const message = (code: Code | undefined) =>
    code === 'wrongPassword' ? p.wrongCurrent : code ? t.problems[code] : undefined;

  const submit = async (input: Record<PasswordChangeField, string>) => {
    setOutcome(null);
    const found = passwordChangeProblems(input, user.email);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const result = await call(() => session.changePassword(input.currentPassword, input.newPassword));
    if (!result) return setOutcome('failed');
    if (result.ok) {
      form.current?.reset();
      return setOutcome('changed');
    }
    if (result.status === 400 && result.fields) return setProblems(serverProblems(result.fields, t.problems));
    const known = ['locked', 'busy', 'noPassword'] as const;
    setOutcome(known.find((outcome) => outcome === result.error) ?? 'failed');
  };

  return (
    <FormCard
      ref={form}
      label={p.title}
      onChange={onChange}
      onSubmit={(fields) => void submit(inputOf(fields))}
    >
      <ProblemCount count={count} />
      <TextField
        label={p.current}
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        error={message(shown.currentPassword)}
      />
      <TextField
        label={p.new}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        hint={t.form.passwordRule}
        error={message(shown.newPassword)}
      />
      <TextField
        label={p.confirm}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        error={message(shown.confirmPassword)}
      />
      {outcome === 'changed' && <Done>{p.changed}</Done>}
      {outcome && outcome !== 'changed' && <FormError>{p[outcome]}</FormError>}
      <Button type="submit" block disabled={sending} aria-busy={sending}>
        {sending ? p.submitting : p.submit}
      </Button>
    </FormCard>
  );
}

/**
 * The server's field codes, by the form's fields. The one code the rules have no message for is the
 * boundary's `invalid`, which a text field only gets for being too long.
 */
function serverProblems(
  fields: Record<string, string>,
  messages: Record<Problem, string>,
): Partial<Record<PasswordChangeField, Code>> {
  const known: Partial<Record<PasswordChangeField, Code>> = {};
  for (const field of FIELDS) {
    const code = fields[field];
    if (code) known[field] = code === 'wrongPassword' || code in messages ? (code as Code) : 'tooLong';
  }
  return known;
}
