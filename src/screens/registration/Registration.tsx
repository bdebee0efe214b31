import { useRef, useState } from 'react';
import {
  checkEmiratesId,
  DOCUMENT_ACCEPT,
  passwordStrength,
  registrationProblems,
  type RegistrationInput,
} from '../../../machines/validation';
import { useLocale } from '../../i18n/locale';
import { fill } from '../../i18n/format';
import { useJourney, useJourneySelector, usePending } from '../../ui/journey';
import { Button } from '../../ui/Button';
import { Checkbox, documentOf, FileField, TextField } from '../../ui/Field';
import { FormCard, FormError, FormFooter, ScreenIntro, type SubmittedFields } from '../../ui/Form';
import { useProblems } from '../../ui/problems';
import { Stack } from '../../ui/Section';
import { Link } from '../../ui/Link';
import { serverNow } from '../../client/serverClock';

/** A document's last valid day, typed as on the card (the counter's licence field is the same). */
const ExpiryField = (props: { label: string; name: string; hint: string; error: string | undefined }) => (
  <TextField {...props} inputMode="numeric" dir="ltr" autoComplete="off" />
);

/** The form as the machine checks it, read from its fields (on submit, and to re-check while fixing). */
const registrationOf = ({ text, checked, file }: SubmittedFields): RegistrationInput => ({
  fullName: text('fullName'),
  email: text('email'),
  phone: text('phone'),
  password: text('password'),
  confirmPassword: text('confirmPassword'),
  emiratesId: text('emiratesId'),
  emiratesIdExpiry: text('emiratesIdExpiry'),
  licenceExpiry: text('licenceExpiry'),
  emiratesIdFile: documentOf(file('emiratesIdFile')),
  emiratesIdBackFile: documentOf(file('emiratesIdBackFile')),
  licenceFile: documentOf(file('licenceFile')),
  termsAccepted: checked('terms'),
});

export default function Registration() {
  const { t, to } = useLocale('forms', 'account');
  const r = t.registration;
  const journey = useJourney();
  const fieldErrors = useJourneySelector((s) => s.context.fieldErrors);
  const error = useJourneySelector((s) => s.context.error);
  const pending = usePending();
  const form = useRef<HTMLFormElement>(null);
  const { error: problem, summary, onChange } = useProblems(form, fieldErrors, (fields) =>
    registrationProblems(registrationOf(fields), serverNow()),
  );
  const [password, setPassword] = useState('');
  const [emiratesId, setEmiratesId] = useState('');
  const idWarning = checkEmiratesId(emiratesId).warning;

  return (
    <Stack>
      <ScreenIntro heading={r.heading} text={r.intro} />
      <FormCard
        ref={form}
        onChange={onChange}
        onSubmit={(fields) => journey.send({ type: 'registration.submit', form: registrationOf(fields), at: serverNow() })}
      >
        {summary}
        <TextField
          label={r.fullName}
          name="fullName"
          autoComplete="name"
          error={problem('fullName')}
        />
        <TextField
          label={r.email}
          name="email"
          type="email"
          autoComplete="email"
          dir="ltr"
          error={problem('email')}
        />
        <TextField
          label={r.phone}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          hint={r.phoneHint}
          error={problem('phone')}
        />
        <TextField
          label={r.password}
          name="password"
          type="password"
          autoComplete="new-password"
          onChange={(e) => setPassword(e.target.value)}
          hint={
            password
              ? `${t.form.passwordRule} ${fill(t.form.strength, { level: t.form.strengthLevels[passwordStrength(password)] })}`
              : t.form.passwordRule
          }
          error={problem('password')}
        />
        <TextField
          label={r.confirmPassword}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          error={problem('confirmPassword')}
        />
        <TextField
          label={r.emiratesIdNumber}
          name="emiratesId"
          inputMode="numeric"
          dir="ltr"
          placeholder={r.emiratesIdHint}
          onChange={(e) => setEmiratesId(e.target.value)}
          error={problem('emiratesId')}
          warning={idWarning ? t.warnings[idWarning] : undefined}
        />
        <ExpiryField label={r.emiratesIdExpiry} name="emiratesIdExpiry" hint={r.expiryHint} error={problem('emiratesIdExpiry')} />
        <FileField
          label={r.emiratesId}
          name="emiratesIdFile"
          accept={DOCUMENT_ACCEPT}
          hint={r.uploadHint}
          error={problem('emiratesIdFile')}
        />
        <FileField
          label={r.emiratesIdBack}
          name="emiratesIdBackFile"
          accept={DOCUMENT_ACCEPT}
          hint={r.uploadHint}
          error={problem('emiratesIdBackFile')}
        />
        <ExpiryField label={r.licenceExpiry} name="licenceExpiry" hint={r.expiryHint} error={problem('licenceExpiry')} />
        <FileField
          label={r.drivingLicence}
          name="licenceFile"
          accept={DOCUMENT_ACCEPT}
          hint={r.uploadHint}
          error={problem('licenceFile')}
        />
        <Checkbox label={r.terms} name="terms" error={problem('termsAccepted')} />
        {error === 'emailTaken' && (
          <FormError>
            {t.errors.emailTaken} <Link to={to('logIn')}>{r.logIn}</Link>
          </FormError>
        )}
        {error && error !== 'emailTaken' && (
          <FormError>{fill(t.errors[error], { name: '' })}</FormError>
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
