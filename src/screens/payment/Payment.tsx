import { useRef, useState } from 'react';
import { ledgerOf } from '../../../machines/ledger';
import { cardBrand, cardProblems, formatExpiry, groupCardNumber, type CardInput } from '../../../machines/validation';
import { useLocale } from '../../i18n/locale';
import { formatDate } from '../../i18n/format';
import { useJourney, useJourneySelector, usePending } from '../../ui/journey';
import { useSyncNotice } from '../../ui/session';
import { Button, ButtonLink } from '../../ui/Button';
import { queryString, tripQuery } from '../../search/query';
import { NextStep } from '../../ui/NextStep';
import { TextField } from '../../ui/Field';
import { Fill } from '../../ui/Fill';
import { Done, FormCard, FormError, type SubmittedFields } from '../../ui/Form';
import { useProblems } from '../../ui/problems';
import { Money } from '../../ui/Money';
import { PriceSummary } from '../../ui/Ledger';
import { BookingFacts } from '../../ui/BookingFacts';
import { Section, Stack } from '../../ui/Section';
import styles from './Payment.module.css';

/** The card as the machine checks it, read from the form's fields. */
const cardOf = ({ text }: SubmittedFields): CardInput => ({
  email: text('email'),
  name: text('cardholder'),
  number: text('cardNumber'),
  expiry: text('expiry'),
  cvv: text('cvv'),
});

export default function Payment() {
  const { t, lang, to } = useLocale('rental');
  const p = t.payment;
  const journey = useJourney();
  const context = useJourneySelector((s) => s.context);
  const payment = context.payment;
  const error = useJourneySelector((s) => s.context.error);
  // The server's answer when another renter paid for the car first: the journey shows the server's record.
  const notice = useSyncNotice();
  const email = useJourneySelector((s) => s.context.renter?.email ?? '');
  const pending = usePending();
  const fieldErrors = useJourneySelector((s) => s.context.fieldErrors);
  const form = useRef<HTMLFormElement>(null);
  const { error: problem, summary, onChange } = useProblems(form, fieldErrors, (fields) =>
    cardProblems(cardOf(fields), new Date()),
  );
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');

  return (
    <Stack>
      {/* Which car and which days, before the card: nobody pays for what the screen does not name. */}
      <Section title={t.rentalContract.details}>
        <BookingFacts booking={context.booking} />
      </Section>
      <Section title={p.summary}>
        <PriceSummary ledger={ledgerOf(context)} heldAt={context.deposit?.heldAt ?? null} />
      </Section>
      {payment ? (
        <>
          <Done>
            <Fill
              text={p.paid}
              values={{
                amount: <Money fils={payment.amount} />,
                last4: payment.last4,
                date: formatDate(new Date(payment.paidAt), lang, 'dateTime'),
              }}
            />
          </Done>
          <NextStep>
            <Button block onClick={() => journey.send({ type: 'payment.proceed' })}>
              {p.proceed}
            </Button>
          </NextStep>
        </>
      ) : (
        <Section title={p.details} bare>
          <FormCard
            ref={form}
            onChange={onChange}
            onSubmit={(fields) => journey.send({ type: 'payment.submit', card: cardOf(fields), at: Date.now() })}
          >
            {summary}
            <TextField
              label={p.email}
              name="email"
              type="email"
              autoComplete="email"
              dir="ltr"
              defaultValue={email}
              error={problem('email')}
            />
            <TextField
              label={p.cardholder}
              name="cardholder"
              autoComplete="cc-name"
              error={problem('name')}
            />
            <TextField
              label={p.cardNumber}
              name="cardNumber"
              inputMode="numeric"
              autoComplete="cc-number"
              dir="ltr"
              value={number}
              onChange={(e) => setNumber(groupCardNumber(e.target.value))}
              hint={p.brands[cardBrand(number)] || undefined}
              error={problem('number')}
            />
            <div className={styles.pair}>
              <TextField
                label={p.expiry}
                name="expiry"
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder={p.expiryPlaceholder}
                dir="ltr"
                value={expiry}
                onChange={(e) => setExpiry(formatExpiry(e.target.value))}
                error={problem('expiry')}
              />
              <TextField
                label={p.cvv}
                name="cvv"
                inputMode="numeric"
                autoComplete="cc-csc"
                dir="ltr"
                error={problem('cvv')}
              />
            </div>
            {error && <FormError>{t.journey.errors[error]}</FormError>}
            {/* Someone else paid for the car first: nothing was charged; the cars still free for the same trip. */}
            {(error === 'taken' || notice === 'taken') && <ButtonLink to={`${to('search')}${queryString(tripQuery(context.booking))}`}>{t.bookingChanges.findAnother}</ButtonLink>}
            <Button type="submit" block disabled={pending} aria-busy={pending}>
              {pending ? p.paying : p.pay}
            </Button>
          </FormCard>
        </Section>
      )}
    </Stack>
  );
}
