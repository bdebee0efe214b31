import { useState } from 'react';
import type { Trip, TripField, TripProblem } from '../../../machines/booking';
import { changeQuote, isChangeable } from '../../../machines/journey-rules';
import { fill, plural } from '../../i18n/format';
import { useLocale } from '../../i18n/locale';
import { tripOf, tripQuery } from '../../search/query';
import { Button } from '../../ui/Button';
import { Done, FormError } from '../../ui/Form';
import { useJourney, useJourneySelector, usePending } from '../../ui/journey';
import { Money } from '../../ui/Money';
import { Actions, Facts, Section } from '../../ui/Section';
import { SearchForm } from '../search/SearchForm';

/**
 * New dates or places for a paid booking, before pickup: the form checks the trip with the booking's
 * rules, then the new price and the difference (charged or refunded on the card on file) are shown
 * before the renter confirms. The server re-checks that the car is free and re-prices by the same rule.
 */
export function ChangeBooking() {
  const { t, lang } = useLocale('forms', 'rental');
  const c = t.bookingChanges;
  const journey = useJourney();
  const context = useJourneySelector((s) => s.context);
  const busy = usePending() && context.pending === 'change';
  const [proposal, setProposal] = useState<Trip | null>(null);
  const [changes, setChanges] = useState(context.changes.length);
  // Kept as they are: the form shows the booking's dates again, not the ones set aside.
  const [kept, setKept] = useState(0);
  if (!isChangeable(context) && !busy) return null;

  const done = context.changes.length > changes;
  const last4 = context.payment?.last4 ?? '';
  const quote = proposal && changeQuote(context, proposal);
  const problems = context.fieldErrors as Partial<Record<TripField, TripProblem>>;

  return (
    <Section title={c.changeTitle}>
      <p>{c.changeText}</p>
      {done && <Done>{c.changed}</Done>}
      <SearchForm
        key={`${context.booking.pickupAt}-${context.booking.dropoffAt}-${context.changes.length}-${kept}`}
        query={tripQuery(context.booking)}
        problems={problems}
        submitLabel={c.check}
        // The machine hears a refused trip too: it keeps the booking as it is and records why.
        onRefused={(values) => journey.send({ type: 'booking.modify', trip: tripOf(values) as Trip, at: Date.now() })}
        onSearch={(values) => {
          setChanges(context.changes.length);
          setProposal(tripOf(values) as Trip);
        }}
      />
      {quote && !done && (
        <div aria-live="polite">
          <Facts
            rows={[
              { label: fill(c.newTotal, { days: plural(t.form.days, quote.price.days, lang) }), value: <Money fils={quote.price.total} /> },
              ...(quote.price.fees > 0 ? [{ label: c.oneWayFee, value: <Money fils={quote.price.fees} /> }] : []),
              {
                label: quote.difference > 0 ? fill(c.toPay, { last4 }) : quote.difference < 0 ? fill(c.toRefund, { last4 }) : c.same,
                value: <Money fils={Math.abs(quote.difference)} />,
                strong: true,
              },
            ]}
          />
          {context.error && context.pending === null && <FormError>{t.errors[context.error]}</FormError>}
          <Actions>
            <Button aria-busy={busy} disabled={busy} onClick={() => journey.send({ type: 'booking.modify', trip: proposal!, at: Date.now() })}>
              {c.confirmChange}
            </Button>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => {
                setProposal(null);
                setKept((n) => n + 1);
              }}
            >
              {c.keepDates}
            </Button>
          </Actions>
        </div>
      )}
    </Section>
  );
}
