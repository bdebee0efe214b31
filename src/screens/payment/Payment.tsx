import { useEffect, useRef, useState } from 'react';
import { ledgerOf } from '../../../machines/ledger';
import { useLocale } from '../../i18n/locale';
import { formatDate } from '../../i18n/format';
import { useJourney, useJourneySelector, usePending } from '../../ui/journey';
import { useSyncNotice } from '../../ui/session';
import { Button, ButtonAnchor, ButtonLink } from '../../ui/Button';
import { queryString, tripQuery } from '../../search/query';
import { NextStep } from '../../ui/NextStep';
import { Checkbox } from '../../ui/Field';
import { Fill } from '../../ui/Fill';
import { Done, FormCard, FormError } from '../../ui/Form';
import { useProblems } from '../../ui/problems';
import { Money } from '../../ui/Money';
import { PriceSummary } from '../../ui/Ledger';
import { BookingFacts } from '../../ui/BookingFacts';
import { Section, Stack } from '../../ui/Section';
import { CancellationRules } from '../../ui/CancellationRules';
import { serverNow } from '../../client/serverClock';
import { leaveTo } from '../../ui/leave';
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

/**
 * No card field here: the renter agrees to the card being kept, then pays on the provider's page.
 * While a session is open (this device or another), the way back to it, its time, and what the
 * provider said of the last try (its 3-D Secure check under way, a card refused).
 */
function PaymentForm() {
  const { t, to, lang } = useLocale('forms', 'rental');
  const p = t.payment;
  const journey = useJourney();
  const booking = useJourneySelector((s) => s.context.booking);
  const error = useJourneySelector((s) => s.context.error);
  const session = useJourneySelector((s) => s.context.paymentSession);
  // The server's answer when another renter paid for the car first: the journey shows the server's record.
  const notice = useSyncNotice();
  const pending = usePending();
  const fieldErrors = useJourneySelector((s) => s.context.fieldErrors);
  const form = useRef<HTMLFormElement>(null);
  const { error: problem, summary, onChange } = useProblems(form, fieldErrors);
  // The page this tab just opened: go to it (a session found open on loading is offered, not followed).
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current && session) leaveTo(session.url);
  }, [session]);
  const submit = (consent: boolean) => {
    opened.current = true;
    journey.send({ type: 'payment.submit', consent, at: Date.now() });
  };

  return (
    <FormCard ref={form} onChange={onChange} onSubmit={(fields) => submit(fields.checked('consent'))}>
      {summary}
      <p className={styles.note}>{p.secure}</p>
      {session ? (
        <>
          <p>{session.challenge ? p.challenge : <Fill text={p.atProvider} values={{ time: formatDate(new Date(session.expiresAt), lang, 'time') }} />}</p>
          {session.failure && (
            <FormError>
              {t.errors[session.failure]} {p.failedHint}
            </FormError>
          )}
          <ButtonAnchor block href={session.url}>
            {p.continueAtProvider}
          </ButtonAnchor>
          <Button type="button" variant="secondary" block disabled={pending} aria-busy={pending} onClick={() => submit(true)}>
            {p.startAgain}
          </Button>
        </>
      ) : (
        <>
          <Checkbox label={p.consent} name="consent" error={problem('consent')} />
          {error && <FormError>{t.errors[error]}</FormError>}
          {/* Someone else paid for the car first: nothing was charged; the cars still free for the same trip. */}
          {(error === 'taken' || notice === 'taken') && <ButtonLink to={`${to('search')}${queryString(tripQuery(booking))}`}>{t.bookingChanges.findAnother}</ButtonLink>}
          <Button type="submit" block disabled={pending} aria-busy={pending}>
            {pending ? p.paying : p.pay}
          </Button>
        </>
      )}
    </FormCard>
  );
}
