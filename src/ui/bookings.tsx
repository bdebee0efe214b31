import { useEffect, useRef, type ReactNode } from 'react';
import { bookingStatus } from '../../machines/journey-rules';
import type { BookingSummary } from '../client/api';
import { useLocale } from '../i18n/locale';
import { ButtonLink } from './Button';
import { useServerData } from './serverData';
import { FormError } from './Form';
import { useLoadedJourneyValue, useSession, useSessionState } from './session';
import { Section } from './Section';

/**
 * The signed-in renter's bookings from the server, for the screens that list or show them; a prompt
 * to log in for anyone else, and the honest states while loading or when it failed.
 */
export function RenterBookings({ children }: { children: (bookings: BookingSummary[]) => ReactNode }) {
  const { t, to } = useLocale('rental');
  const b = t.bookingDetails;
  const { user } = useSessionState();
  if (user?.role !== 'renter')
    return (
      <Section title={b.number}>
        <p>{b.signIn}</p>
        <ButtonLink to={to('logIn')}>{b.logIn}</ButtonLink>
      </Section>
    );
  return <Loaded key={user.id}>{children}</Loaded>;
}

function Loaded({ children }: { children: (bookings: BookingSummary[]) => ReactNode }) {
  const { t } = useLocale('rental');
  const { api } = useSession();
  const { data, failed, reload } = useServerData(() => api.bookings(), 'bookings', ['journey']);
  // The renter's own steps (paid, changed, cancelled) change the list too: read it again after each
  // (a page that has not loaded the journey has taken no step).
  const step = useLoadedJourneyValue(
    (s) => `${bookingStatus(s.context)}:${s.context.changes.length}:${s.context.booking.offer ?? ''}`,
    null,
  );
  const seen = useRef(step);
  useEffect(() => {
    if (seen.current === step) return;
    seen.current = step;
    reload();
  }, [step, reload]);
  if (failed) return <FormError>{t.bookingDetails.loadFailed}</FormError>;
  if (!data) return <p aria-busy="true" />;
  return children(data.bookings);
}
