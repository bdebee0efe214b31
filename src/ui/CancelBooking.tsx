import { useState } from 'react';
import { cancellationQuote, isCancelled, isChangeable } from '../../machines/journey-rules';
import { serverNow } from '../client/serverClock';
import { fill, formatDate } from '../i18n/format';
import { useLocale } from '../i18n/locale';
import { Button, ButtonLink } from './Button';
import { Fill } from './Fill';
import { CancellationRules } from './CancellationRules';
import { Done, FormError } from './Form';
import { useJourney, useJourneySelector, usePending } from './journey';
import { Money } from './Money';
import { Actions, Facts, Section } from './Section';

/**
 * Cancelling the renter's paid booking before pickup: the policy, and what goes back if cancelled
 * now, shown before a second, explicit confirmation. The server decides with the same rule
 * (machines/journey-rules.ts cancellationQuote) at its own time. Once cancelled, it says so.
 */
export function CancelBooking() {
  const { t, lang, to } = useLocale('forms', 'rental');
  const c = t.bookingChanges;
  const journey = useJourney();
  const context = useJourneySelector((s) => s.context);
  const busy = usePending() && context.pending === 'cancel';
  const [confirming, setConfirming] = useState(false);
  // The quote's time: when the screen opened, and again when the renter asks to cancel.
  const [now, setNow] = useState(serverNow);
  const last4 = context.payment?.last4 ?? '';
  const money = (fils: number) => <Money fils={fils} />;

  if (isCancelled(context)) {
    const { at, refunded, fee, noShow, byCompany } = context.cancellation!;
    return (
      <Section title={c.cancelTitle}>
        <Done>
          <Fill
            text={byCompany ? c.byCompany : noShow ? c.noShow : c.cancelled}
            values={{ date: formatDate(new Date(at), lang, 'dateTime'), refund: money(refunded), fee: money(fee), last4, reason: byCompany ? c.companyReasons[byCompany] : '' }}
          />
        </Done>
        <ButtonLink to={to('search')}>{c.findAnother}</ButtonLink>
      </Section>
    );
  }
  if (!isChangeable(context) && !busy) return null;

  const quote = cancellationQuote(context, now);
  return (
    <Section title={c.cancelTitle}>
      <CancellationRules context={context} now={now} />
      <Facts
        rows={[
          { label: c.kept, value: money(quote.fee) },
          { label: fill(c.refundTo, { last4 }), value: money(quote.refund), strong: true },
          { label: c.deposit, value: <Fill text={c.depositReleased} values={{ amount: money(context.deposit?.amount ?? 0) }} /> },
        ]}
      />
      {context.error && context.pending === null && confirming && <FormError>{t.errors[context.error]}</FormError>}
      {confirming ? (
        <Actions>
          <Button aria-busy={busy} disabled={busy} onClick={() => journey.send({ type: 'booking.cancel', at: Date.now() })}>
            <Fill text={c.confirmCancel} values={{ refund: money(quote.refund) }} />
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => setConfirming(false)}>
            {c.keep}
          </Button>
        </Actions>
      ) : (
        <Button
          variant="secondary"
          onClick={() => {
            setNow(serverNow());
            setConfirming(true);
          }}
        >
          {c.cancel}
        </Button>
      )}
    </Section>
  );
}
