import { freeCancellationUntil, lateCancellationFee, noShowAt, type JourneyContext } from '../../machines/journey-rules';
import { formatDate } from '../i18n/format';
import { useLocale } from '../i18n/locale';
import { Fill } from './Fill';
import { Money } from './Money';

/**
 * The cancellation and no-show rules with this booking's own dates and amounts (after its offer), by
 * the rules the server decides with (machines/journey-rules.ts): before paying, and until the car is
 * picked up. A booking that starts within 48 hours is never said to be free until a time already past.
 */
export function CancellationRules({ context, now }: { context: JourneyContext; now: number }) {
  const { t, lang } = useLocale('rental');
  const c = t.bookingChanges;
  const freeUntil = freeCancellationUntil(context.booking);
  const fee = <Money fils={lateCancellationFee(context.booking)} />;
  return (
    <>
      <p>
        <Fill text={now <= freeUntil ? c.policy : c.policyLate} values={{ fee, date: formatDate(new Date(freeUntil), lang, 'dateTime') }} />
      </p>
      <p>
        <Fill text={c.noShowRule} values={{ fee, date: formatDate(new Date(noShowAt(context)), lang, 'dateTime') }} />
      </p>
    </>
  );
}
