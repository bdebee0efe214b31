import { Link } from 'react-router-dom';
import { useLocale } from '../../i18n/locale';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { FormCard, FormFooter, ScreenIntro } from '../../ui/Form';
import { Stack } from '../../ui/Section';
import { UaePassButton } from '../../ui/UaePassButton';
import styles from './LogIn.module.css';

export default function LogIn() {
  const { t, to } = useLocale();
  const l = t.logIn;
  return (
    <Stack>
      <ScreenIntro heading={l.heading} text={l.intro} />
      <FormCard>
        <TextField label={l.email} name="email" type="email" autoComplete="email" />
        <TextField label={l.password} name="password" type="password" autoComplete="current-password" />
        <Button type="submit" block>
          {l.submit}
        </Button>
      </FormCard>
      <p className={styles.or}>
        <span>{l.or}</span>
      </p>
      {/* UAE PASS stays apart from e-mail log-in, as its guidelines ask. */}
      <UaePassButton label={l.uaePass} />
      <FormFooter>
        {l.noAccount} <Link to={to('registration')}>{l.register}</Link>
      </FormFooter>
    </Stack>
  );
}
