import { useLocale } from '../../i18n/locale';
import { sampleRental } from '../../data/sample';
import { priceRental, rentalDays } from '../../../machines/money';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Fill } from '../../ui/Fill';
import { FormCard } from '../../ui/Form';
import { Money } from '../../ui/Money';
import { Facts, Section, Stack } from '../../ui/Section';
import styles from './Payment.module.css';

export default function Payment() {
  const { t } = useLocale();
  const p = t.payment;
  const price = priceRental(sampleRental.dailyRate, rentalDays(sampleRental.pickup, sampleRental.dropoff));
  return (
    <Stack>
      <Section title={p.summary}>
        <Facts
          rows={[
            {
              label: (
                <>
                  {p.rentalCost}
                  <span className={styles.note}>
                    <Fill
                      text={p.rentalCostNote}
                      values={{ days: price.days, rate: <Money fils={price.dailyRate} /> }}
                    />
                  </span>
                </>
              ),
              value: <Money fils={price.cost} />,
            },
            { label: p.fees, value: <Money fils={price.vat} /> },
            { label: p.total, value: <Money fils={price.total} />, strong: true },
          ]}
        />
      </Section>
      <Section title={p.details} bare>
        <FormCard>
          <TextField label={p.email} name="email" type="email" autoComplete="email" />
          <TextField label={p.cardholder} name="cardholder" autoComplete="cc-name" />
          <TextField
            label={p.cardNumber}
            name="cardNumber"
            inputMode="numeric"
            autoComplete="cc-number"
            dir="ltr"
          />
          <div className={styles.pair}>
            <TextField
              label={p.expiry}
              name="expiry"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder={p.expiryPlaceholder}
              dir="ltr"
            />
            <TextField label={p.cvv} name="cvv" inputMode="numeric" autoComplete="cc-csc" dir="ltr" />
          </div>
          <Button type="submit" block>
            {p.pay}
          </Button>
        </FormCard>
      </Section>
    </Stack>
  );
}
