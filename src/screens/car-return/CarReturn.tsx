import { Plate } from '../../ui/Plate';
import { ledgerOf } from '../../../machines/ledger';
import { BANK_RELEASE_DAYS, bookingPrice, dueBackAt, openDisputes } from '../../../machines/journey-rules';
import { isReturnLine, lateDeduction, LATE_RETURN, unusedDays } from '../../../machines/returns';
import { useLocale } from '../../i18n/locale';
import { fill, formatDate, formatNumber } from '../../i18n/format';
import { LOCATION_NAMES } from '../../data/content';
import { BranchDesk } from '../../ui/BranchDesk';
import { useJourney, useJourneySelector } from '../../ui/journey';
import { Button, ButtonLink } from '../../ui/Button';
import { Done, FormError } from '../../ui/Form';
import { Fill } from '../../ui/Fill';
import { Money } from '../../ui/Money';
import { EmergencyShortcut } from '../../ui/EmergencyShortcut';
import { CheckoutRecord } from '../../ui/CheckoutRecord';
import { DepositSettlement, RentalInvoice, useLineName } from '../../ui/Ledger';
import { Actions, Facts, Section, Stack } from '../../ui/Section';
import { useNow } from '../../ui/useNow';
import { DisputeLine } from './DisputeLine';
import { ReturnPhotos } from './ReturnPhotos';
import styles from './CarReturn.module.css';

/**
 * The return, on the renter's phone: where and by when, what a late or early return costs; then the
 * counter's check-in with every charge, each to accept or dispute; then the deposit settled.
 */
export default function CarReturn() {
  const { t, lang, to } = useLocale('rental', 'forms');
  const r = t.carReturn;
  const b = t.bookingDetails;
  const journey = useJourney();
  const context = useJourneySelector((s) => s.context);
  const returning = useJourneySelector((s) => s.matches({ signedIn: { carReturn: 'returning' } }));
  const reviewing = useJourneySelector((s) => s.matches({ signedIn: { carReturn: 'reviewing' } }));
  const awaiting = useJourneySelector((s) => s.matches({ signedIn: { carReturn: 'awaitingDecision' } }));
  const canFinish = useJourneySelector((s) => s.can({ type: 'return.finish', at: 0 }));
  const settling = useJourneySelector((s) => s.hasTag('pending'));
  const name = useLineName();
  const { booking, checkin, completedAt, error } = context;
  const { car } = booking;
  const ledger = ledgerOf(context);
  const due = dueBackAt(context);
  const now = useNow([due, due + LATE_RETURN.graceMs]);
  const date = (ms: number) => formatDate(new Date(ms), lang, 'dateTime');
  const place = LOCATION_NAMES[booking.dropoffLocation][lang];
  const number = journey.bookingNumber;
  // What returning now would cost or give back, by the same rules the check-in prices with.
  const late = lateDeduction(car.dailyRate, due, now);
  const early = unusedDays(bookingPrice(booking), due, now);
  const perHour = Math.round(car.dailyRate * LATE_RETURN.hourShareOfDay);
  const disputable = context.deductions.flatMap((d, line) => (isReturnLine(d) && !d.dispute ? [{ d, line }] : []));
  const disputed = openDisputes(context).length > 0;

  return (
    <Stack>
      <Section title={r.details}>
        <Facts
          rows={[
            { label: b.model, value: car.model },
            { label: b.plate, value: <Plate plate={car.plate} /> },
            { label: r.dueBack, value: <time>{date(due)}</time> },
            { label: b.returnLocation, value: place },
          ]}
        />
        {returning && (
          <>
            <p>{fill(r.atCounter, { place, date: date(due) })}</p>
            <BranchDesk company={car.company} place={booking.dropoffLocation} at={due} heading={t.desk.dropoff} />
            <p className={styles.note}>
              <Fill
                text={r.lateRule}
                values={{
                  minutes: formatNumber(LATE_RETURN.graceMs / 60_000, lang),
                  perHour: <Money fils={perHour} />,
                  perDay: <Money fils={car.dailyRate} />,
                }}
              />
            </p>
            <p className={styles.note}>{r.earlyRule}</p>
            {late ? (
              <p role="status">
                <Fill text={r.ifNowLate} values={{ amount: <Money fils={late.amount} /> }} />
              </p>
            ) : early.days > 0 ? (
              <p role="status">
                <Fill text={r.ifNowEarly} values={{ days: formatNumber(early.days, lang), amount: <Money fils={early.amount} /> }} />
              </p>
            ) : null}
          </>
        )}
        {/* Until the renter has answered the check-in, their own photos can still be added. */}
        {number && (returning || reviewing) && <ReturnPhotos number={number} open={returning || reviewing} />}
      </Section>

      {checkin && (
        <Section title={r.checkin}>
          <CheckoutRecord checkout={checkin} />
        </Section>
      )}

      {/* What the deposit holds from the start; after the check-in, every charge to dispute or accept. */}
      <Section title={r.refund}>
        <DepositSettlement ledger={ledger} />
        {reviewing && disputable.length > 0 && (
          <Actions>
            {disputable.map(({ d, line }) => (
              <DisputeLine key={line} line={line} name={name(d)} />
            ))}
          </Actions>
        )}
        {error && <FormError>{t.errors[error]}</FormError>}
        {(reviewing || settling) && (
          <>
            <p className={styles.note}>{r.acceptNote}</p>
            <Button
              block
              disabled={settling}
              aria-busy={settling}
              onClick={() => journey.send({ type: 'return.accept', at: Date.now() })}
            >
              {settling ? r.processing : disputed ? r.acceptRest : r.accept}
            </Button>
          </>
        )}
        {awaiting && <p role="status">{r.awaiting}</p>}
        {ledger.releasedAt === null ? (
          <p className={styles.note}>{fill(r.releaseAfter, { days: formatNumber(BANK_RELEASE_DAYS, lang) })}</p>
        ) : ledger.refund > 0 ? (
          <Done>{fill(r.released, { date: formatDate(new Date(ledger.releasedAt), lang, 'date'), days: formatNumber(BANK_RELEASE_DAYS, lang) })}</Done>
        ) : (
          <Done>{r.nothingReleased}</Done>
        )}
      </Section>

      <Section title={r.invoice}>
        <RentalInvoice ledger={ledger} />
        {canFinish && (
          <Button block onClick={() => journey.send({ type: 'return.finish', at: Date.now() })}>
            {r.finish}
          </Button>
        )}
        {completedAt !== null && (
          <>
            <Done>{r.completed}</Done>
            <ButtonLink to={to('home')} variant="secondary">
              {r.bookAgain}
            </ButtonLink>
          </>
        )}
      </Section>

      {/* Until the rental is finished the renter may still be on the road or at the counter. */}
      {completedAt === null && <EmergencyShortcut />}
    </Stack>
  );
}
