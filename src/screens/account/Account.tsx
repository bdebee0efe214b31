import { Link } from 'react-router-dom';
import { UserRound } from 'lucide-react';
import { useLocale } from '../../i18n/locale';
import { fill, formatDate } from '../../i18n/format';
import { pathOf } from '../../i18n/paths';
import { APP_VERSION, sampleProfile as profile } from '../../data/sample';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { FormCard } from '../../ui/Form';
import { Facts, Section, Stack } from '../../ui/Section';
import { Switch } from '../../ui/Switch';
import styles from './Account.module.css';

export default function Account() {
  const { t, lang } = useLocale();
  const a = t.account;
  const other = lang === 'ar' ? 'en' : 'ar';
  return (
    <Stack>
      <div className={styles.profile}>
        <span className={styles.avatar}>
          <UserRound aria-hidden size={32} />
        </span>
        <div>
          <h2 className={styles.name}>{profile.name[lang]}</h2>
          <p className={styles.tier}>{a.member}</p>
        </div>
      </div>

      <Section title={a.profile} bare>
        <FormCard>
          <TextField label={a.name} name="name" defaultValue={profile.name[lang]} autoComplete="name" />
          <TextField label={a.phone} name="phone" type="tel" defaultValue={profile.phone} dir="ltr" />
          <TextField label={a.email} name="email" type="email" defaultValue={profile.email} dir="ltr" />
          <TextField label={a.address} name="address" defaultValue={profile.address[lang]} />
          <Facts
            rows={[
              { label: a.payment, value: fill(a.cardEnding, { last4: profile.cardLast4 }) },
              {
                label: a.licence,
                value: fill(a.licenceValid, { date: formatDate(profile.licenceValidUntil, lang, 'date') }),
              },
            ]}
          />
          <Button type="submit" block>
            {a.save}
          </Button>
        </FormCard>
      </Section>

      <Section title={a.security}>
        <Button variant="secondary">{a.changePassword}</Button>
        <Switch label={a.notifications} defaultChecked />
        <Facts
          rows={[
            {
              label: a.language,
              value: (
                <Link to={pathOf('account', other)} lang={other} className={styles.language}>
                  {t.language.switchTo}
                </Link>
              ),
            },
            { label: a.currency, value: profile.currency },
          ]}
        />
      </Section>

      <p className={styles.version}>{fill(a.version, { version: APP_VERSION })}</p>
    </Stack>
  );
}
