import { useEffect, useRef, useState } from 'react';
import { ledgerOf } from '../../../machines/ledger';
import type { CardForm } from '../../../machines/journey';
import { cardBrand, checkExpiry, formatExpiry, groupCardNumber, paymentProblems, type CardOnFile } from '../../../machines/validation';
import { useLocale } from '../../i18n/locale';
import { fill, formatDate } from '../../i18n/format';
import { useJourney, useJourneySelector, usePending } from '../../ui/journey';
import { useSession, useSyncNotice } from '../../ui/session';
import { useServerData } from '../../ui/serverData';
import { cardOnFile, forgetCard } from '../../client/cardApi';
import { RadioGroup } from '../../ui/RadioGroup';
import { Button, ButtonLink } from '../../ui/Button';
import { queryString, tripQuery } from '../../search/query';
import { NextStep } from '../../ui/NextStep';
import { Checkbox, TextField } from '../../ui/Field';
import { Fill } from '../../ui/Fill';
import { Done, FormCard, FormError, type SubmittedFields } from '../../ui/Form';
import { useProblems } from '../../ui/problems';
import { Money } from '../../ui/Money';
import { PriceSummary } from '../../ui/Ledger';
import { BookingFacts } from '../../ui/BookingFacts';
import { Section, Stack } from '../../ui/Section';
import { CancellationRules } from '../../ui/CancellationRules';
import { serverNow } from '../../client/serverClock';
import styles from './Payment.module.css';

export default function Payment() {
  const { t, lang } = useLocale('rental');
  const p = t.payment;
  const journey = useJourney();
  const context = useJourneySelector((s) => s.context);
  const payment = context.payment;
  const [now] = useState(serverNow);

  return (
    <Stack>
      {/* Which car and which days, before the card: nobody pays for what the screen does not name. */}
      <Section title={t.rentalContract.details}>
        <BookingFacts booking={context.booking} />
      </Section>
      <Section title={p.summary}>
        <PriceSummary ledger={ledgerOf(context)} heldAt={context.deposit?.heldAt ?? null} />
      </Section>
      {/* What cancelling or not coming would keep, with this booking's dates and amounts, before paying. */}
      {!payment && (
        <Section title={t.bookingChanges.rulesTitle}>
          <CancellationRules context={context} now={now} />
        </Section>
      )}
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
          <PaymentForm />
        </Section>
      )}
    </Stack>
  );
}

/** The card as the machine checks it, read from the form's fields: the one on file, or one typed now. */
function cardOf({ text, checked }: SubmittedFields, onFile: CardOnFile | null): CardForm {
  if (onFile) return { email: text('email'), cvv: text('cvv'), onFile };
  return { email: text('email'), name: text('cardholder'), number: text('cardNumber'), expiry: text('expiry'), cvv: text('cvv'), keep: checked('keep') };
}

/**
 * The card to pay with: the renter's card on file (asked its CVV again), or another typed now, which
 * they may ask us to keep. Which card is on file is the server's: a stale offer is refused there.
 */
function PaymentForm() {
  const { t, to } = useLocale('forms', 'rental');
  const p = t.payment;
  const journey = useJourney();
  const { api } = useSession();
  const booking = useJourneySelector((s) => s.context.booking);
  const error = useJourneySelector((s) => s.context.error);
  // The server's answer when another renter paid for the car first: the journey shows the server's record.
  const notice = useSyncNotice();
  const email = useJourneySelector((s) => s.context.renter?.email ?? '');
  const pending = usePending();
  const fieldErrors = useJourneySelector((s) => s.context.fieldErrors);
  const saved = useServerData(() => cardOnFile(api), 'cardOnFile');
  const { reload } = saved;
  // A card that expired since it was kept is not offered.
  const kept = saved.data?.card ?? null;
  const offered = kept && checkExpiry(kept.expiry, new Date()) === null ? kept : null;
  const [choice, setChoice] = useState<'onFile' | 'another'>('onFile');
  const onFile = choice === 'onFile' ? offered : null;
  const [forgotten, setForgotten] = useState<string | null>(null);
  const [forgetFailed, setForgetFailed] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const { error: problem, summary, onChange } = useProblems(form, fieldErrors, (fields) => paymentProblems(cardOf(fields, onFile), new Date()));
  // The card offered was forgotten or replaced in another tab: what is on file now is offered instead.
  useEffect(() => {
    if (error === 'cardGone') reload();
  }, [error, reload]);

  const forget = async () => {
    if (!offered) return;
    // Unreachable (offline) is a failure too: the card stays offered, and the screen says so.
    const answer = await forgetCard(api).catch(() => null);
    setForgetFailed(!answer?.ok);
    if (!answer?.ok) return;
    saved.replace({ card: null });
    setForgotten(offered.last4);
  };

  return (
    <FormCard ref={form} onChange={onChange} onSubmit={(fields) => journey.send({ type: 'payment.submit', card: cardOf(fields, onFile), at: Date.now() })}>
      {summary}
      {forgotten && !offered && <Done>{fill(p.forgotten, { last4: forgotten })}</Done>}
      {offered && (
        <RadioGroup
          label={p.payWith}
          value={choice}
          onValueChange={(value) => setChoice(value as typeof choice)}
          options={[
            { value: 'onFile', label: fill(p.onFile, { brand: p.brands[offered.brand] || p.card, last4: offered.last4, expiry: offered.expiry }) },
            { value: 'another', label: p.anotherCard },
          ]}
        />
      )}
      <TextField label={p.email} name="email" type="email" autoComplete="email" dir="ltr" defaultValue={email} error={problem('email')} />
      {onFile ? (
        <>
          <TextField label={p.cvv} name="cvv" inputMode="numeric" autoComplete="cc-csc" dir="ltr" hint={p.cvvAgain} error={problem('cvv') ?? problem('expiry')} />
          <Button type="button" variant="secondary" onClick={forget}>
            {p.forget}
          </Button>
          {forgetFailed && <FormError>{t.errors.network}</FormError>}
        </>
      ) : (
        <TypedCard problem={problem} />
      )}
      {error && <FormError>{t.errors[error]}</FormError>}
      {/* Someone else paid for the car first: nothing was charged; the cars still free for the same trip. */}
      {(error === 'taken' || notice === 'taken') && <ButtonLink to={`${to('search')}${queryString(tripQuery(booking))}`}>{t.bookingChanges.findAnother}</ButtonLink>}
      <Button type="submit" block disabled={pending} aria-busy={pending}>
        {pending ? p.paying : p.pay}
      </Button>
    </FormCard>
  );
}

/** A card typed now: number, expiry and CVV as cards print them, and whether to keep it on file. */
function TypedCard({ problem }: { problem: (field: string) => string | undefined }) {
  const { t } = useLocale('rental');
  const p = t.payment;
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  return (
    <>
      <TextField label={p.cardholder} name="cardholder" autoComplete="cc-name" error={problem('name')} />
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
        <TextField label={p.cvv} name="cvv" inputMode="numeric" autoComplete="cc-csc" dir="ltr" error={problem('cvv')} />
      </div>
      <Checkbox label={p.keep} name="keep" />
      <p className={styles.note}>{p.keepNote}</p>
    </>
  );
}
