import { Link } from 'react-router-dom';
import { useLocale } from '../../i18n/locale';
import { Button } from '../../ui/Button';
import { Checkbox, FileField, TextField } from '../../ui/Field';
import { FormCard, FormFooter, ScreenIntro } from '../../ui/Form';
import { Stack } from '../../ui/Section';

const DOCUMENT_TYPES = 'image/jpeg,image/png,application/pdf';

export default function Registration() {
  const { t, to } = useLocale();
  const r = t.registration;
  return (
    <Stack>
      <ScreenIntro heading={r.heading} text={r.intro} />
      <FormCard>
        <TextField label={r.fullName} name="fullName" autoComplete="name" />
        <TextField label={r.email} name="email" type="email" autoComplete="email" />
        <TextField label={r.phone} name="phone" type="tel" inputMode="numeric" autoComplete="tel" />
        <TextField label={r.password} name="password" type="password" autoComplete="new-password" />
        <TextField
          label={r.confirmPassword}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
        />
        <FileField label={r.emiratesId} name="emiratesId" accept={DOCUMENT_TYPES} hint={r.uploadHint} />
        <FileField
          label={r.drivingLicence}
          name="drivingLicence"
          accept={DOCUMENT_TYPES}
          hint={r.uploadHint}
        />
        <Checkbox label={r.terms} name="terms" />
        <Button type="submit" block>
          {r.submit}
        </Button>
      </FormCard>
      <FormFooter>
        {r.haveAccount} <Link to={to('logIn')}>{r.logIn}</Link>
      </FormFooter>
    </Stack>
  );
}
