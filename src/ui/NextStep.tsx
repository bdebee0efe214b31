import type { ReactNode } from 'react';
import { bookingStatus, isOver } from '../../machines/journey-rules';
import { useLocale } from '../i18n/locale';
import { ButtonLink } from './Button';
import { Done } from './Form';
import { useJourneySelector } from './journey';

/**
 * Where a step would lead on (contract → payment → pickup) but the booking is over: it says the
 * rental is finished or cancelled and offers what comes next, instead of a step that is done.
 */
export function NextStep({ children }: { children: ReactNode }) {
  const { t, to } = useLocale();
  const context = useJourneySelector((s) => s.context);
  if (!isOver(context)) return children;
  const cancelled = bookingStatus(context) === 'cancelled';
  return (
    <>
      <Done>{cancelled ? t.journey.over.cancelled : t.journey.over.finished}</Done>
      <ButtonLink to={to(cancelled ? 'search' : 'pastRentals')} block>
        {cancelled ? t.journey.over.findCar : t.journey.over.invoice}
      </ButtonLink>
    </>
  );
}
