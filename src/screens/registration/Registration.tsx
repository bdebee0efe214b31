import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { RegistrationField } from '../../../machines/journey-rules';
import { useLocale } from '../../i18n/locale';
import { fill } from '../../i18n/format';
import { useJourney, useJourneySelector, usePending } from '../../ui/journey';
import { Button } from '../../ui/Button';
import { Checkbox, FileField, TextField } from '../../ui/Field';
import { FormCard, FormError, FormFooter, ScreenIntro } from '../../ui/Form';
import { Stack } from '../../ui/Section';

const DOCUMENT_TYPES = 'image/jpeg,image/png,application/pdf';

export default function Registration() {
  const { t, to } = useLocale();
  const r = t.registration;
  const journey = useJourney();
  const problems = useJourneySelector((s) => s.context.fieldErrors);
  const error = useJourneySelector((s) => s.context.error);
  const pending = usePending();
  const form = useRef<HTMLFormElement>(null);

  // After a refused submit, focus goes to the first field with a problem.
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [problems]);

  const problem = (field: RegistrationField) => {
    const code = problems[field];
    if (!code) return undefined;
    if (field === 'terms') return r.problems.terms;
    return r.problems[code];
  };

  return (
    <Stack>
      <ScreenIntro heading={r.heading} text={r.intro} />
      <FormCard
        ref={form}
        onSubmit={({ text, checked }) => {
          journey.send({
            type: 'registration.submit',
            form: {
              fullName: text('fullName'),
              email: text('email'),
              phone: text('phone'),
              password: text('password'),
              confirmPassword: text('confirmPassword'),
              termsAccepted: checked('terms'),
            },
          });
        }}
      >
        <TextField label={r.fullName} name="fullName" autoComplete="name" error={problem('fullName')} />
        <TextField label={r.email} name="email" type="email" autoComplete="email" error={problem('email')} />
        <TextField
          label={r.phone}
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          error={problem('phone')}
        />
        <TextField
          label={r.password}
          name="password"
          type="password"
          autoComplete="new-password"
          error={problem('password')}
        />
        <TextField
          label={r.confirmPassword}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          error={problem('confirmPassword')}
        />
        <FileField label={r.emiratesId} name="emiratesId" accept={DOCUMENT_TYPES} hint={r.uploadHint} />
        <FileField
          label={r.drivingLicence}
          name="drivingLicence"
          accept={DOCUMENT_TYPES}
          hint={r.uploadHint}
        />
        <Checkbox label={r.terms} name="terms" error={problem('terms')} />
        {error === 'emailTaken' && (
          <FormError>
            {t.journey.errors.emailTaken} <Link to={to('logIn')}>{r.logIn}</Link>
          </FormError>
        )}
        {error && error !== 'emailTaken' && (
          <FormError>{fill(t.journey.errors[error], { name: '' })}</FormError>
        )}
        <Button type="submit" block disabled={pending} aria-busy={pending}>
          {pending ? r.submitting : r.submit}
        </Button>
      </FormCard>
      <FormFooter>
        {r.haveAccount} <Link to={to('logIn')}>{r.logIn}</Link>
      </FormFooter>
    </Stack>
  );
}
