import { Plate } from '../../ui/Plate';
import { DAY_MS } from '../../../machines/money';
import { bookingStatus, dueBackAt, isChangeable, noShowAt, pickupOpensAt, PICKUP_WINDOW_MS } from '../../../machines/journey-rules';
import { LOCATION_NAMES } from '../../data/content';
import { BranchDesk } from '../../ui/BranchDesk';
import { CheckoutRecord } from '../../ui/CheckoutRecord';
import { FlagDifference } from './FlagDifference';
import { useLocale } from '../../i18n/locale';
import { fill, formatDate, formatNumber, plural } from '../../i18n/format';
import { useJourney, useJourneySelector, usePending } from '../../ui/journey';
import { useNow } from '../../ui/useNow';
import { useHydrated } from '../../ui/hydrated';
import { Button, ButtonLink } from '../../ui/Button';
import { CancelBooking } from '../../ui/CancelBooking';
import { CarPicture } from '../../ui/CarPicture';
import { Fill } from '../../ui/Fill';
import { Done, FormError } from '../../ui/Form';
import { EmergencyShortcut } from '../../ui/EmergencyShortcut';
import { Money } from '../../ui/Money';
import { Actions, Facts, Section, Stack } from '../../ui/Section';

export default function CarPickup() {
  const { t, lang, to } = useLocale('forms', 'rental');
  const p = t.carPickup;
  const journey = useJourney();
  const context = useJourneySelector((s) => s.context);
  const { booking, pickedUpAt, checkout, extensionQuote: quote, extensions, error } = context;
  const canConfirm = useJourneySelector((s) => s.can({ type: 'pickup.confirm', at: 0 }));
  // While the deposit is being authorised the confirmation stays on screen, busy.
  const confirming = useJourneySelector((s) => s.matches({ signedIn: { carPickup: 'holdingDeposit' } }));
  const last4 = context.payment?.last4 ?? '';
  const canExtend = useJourneySelector((s) => s.can({ type: 'rental.extend', days: 1 }));
  const charging = usePending();
  const status = bookingStatus(context);
  const { car } = booking;
  // The car's facts as its company gave them when the booking was made (none for an older booking).
  const spec = car.specs ?? {};
  const when = (ms: number) => <time>{formatDate(new Date(ms), lang, 'dateTime')}</time>;
  // The counter hands the car over from PICKUP_WINDOW_MS before the booked time until the no-show mark.
  const opensAt = pickupOpensAt(context);
  const missedAt = noShowAt(context);
  const now = useNow([opensAt, missedAt]);
  // What depends on the time now waits for the browser: the prerendered page was made at build time.
  const hydrated = useHydrated();

  return (
    <Stack>
      <Section title={p.details}>
        <CarPicture kind={car.picture} photo={car.photo} alt={fill(p.carPicture, { car: car.model })} />
        {status === 'cancelled' ? null : status === 'completed' ? (
          <>
            <Done>{t.journey.over.finished}</Done>
            <ButtonLink to={to('pastRentals')}>{t.journey.over.invoice}</ButtonLink>
          </>
        ) : pickedUpAt === null ? (
          <>
            {checkout !== null || !hydrated ? null : now < opensAt ? (
              <p role="status">
                <Fill
                  text={p.opensAt}
                  values={{ date: when(opensAt), minutes: formatNumber(PICKUP_WINDOW_MS / 60_000, lang) }}
                />
              </p>
            ) : now >= missedAt ? (
              <p role="status">{fill(p.missed, { date: formatDate(new Date(booking.pickupAt), lang, 'dateTime') })}</p>
            ) : null}
            {checkout === null && (
              <>
                <p>{fill(p.atCounter, { place: LOCATION_NAMES[booking.pickupLocation][lang] })}</p>
                <BranchDesk company={booking.car.company} place={booking.pickupLocation} at={booking.pickupAt} heading={t.desk.pickup} />
              </>
            )}
            {/* Cancelling is its own section below, with the policy and the refund shown first. */}
            {isChangeable(context) && (
              <Actions>
                <ButtonLink variant="secondary" to={to('bookingDetails')}>
                  {p.change}
                </ButtonLink>
              </Actions>
            )}
          </>
        ) : (
          <>
            <Done>{fill(p.pickedUp, { date: formatDate(new Date(pickedUpAt), lang, 'dateTime') })}</Done>
            {/* Also after the handover, until the deposit is settled: the way back to the return. */}
            <Button onClick={() => journey.send({ type: 'return.start' })}>{p.returnCar}</Button>
          </>
        )}
      </Section>

      {/* The counter's record: confirmed, the car is the renter's; flagged, the agent records again. */}
      {checkout && status !== 'cancelled' && (
        <Section title={p.recordTitle}>
          <CheckoutRecord checkout={checkout} />
          {pickedUpAt === null && checkout.flag && <p role="status">{fill(p.flagged, { note: checkout.flag.note })}</p>}
          {(canConfirm || confirming) && (
            <>
              <p>{p.confirmHint}</p>
              {/* The deposit could not be authorised on the card (or the connection dropped): nothing was held. */}
              {error && <FormError>{t.errors[error]}</FormError>}
              <Actions>
                {/* Confirming authorises the deposit on the card: busy until the provider has answered. */}
                <Button disabled={charging} aria-busy={charging} onClick={() => journey.send({ type: 'pickup.confirm', at: Date.now() })}>
                  {p.confirm}
                </Button>
              </Actions>
              {canConfirm && <FlagDifference />}
            </>
          )}
        </Section>
      )}

      <Section title={p.timeline}>
        <Facts
          rows={[
            // Once picked up, the rental started then (not when it was booked for).
            { label: p.start, value: when(pickedUpAt ?? booking.pickupAt) },
            // Where, as well as when: the counter the car is collected from and returned to.
            { label: t.rentalContract.pickupLocation, value: LOCATION_NAMES[booking.pickupLocation][lang] },
            { label: p.end, value: when(dueBackAt(context)) },
            { label: t.rentalContract.dropoffLocation, value: LOCATION_NAMES[booking.dropoffLocation][lang] },
          ]}
        />
        {extensions.map((e) => (
          <Done key={e.reference}>
            <Fill text={p.extended} values={{ amount: <Money fils={e.price.total} />, last4, days: plural(t.form.days, e.days, lang) }} />
          </Done>
        ))}
        {status !== 'active' ? null : quote ? (
          <>
            <p role="status">
              <Fill
                text={p.quote}
                values={{
                  days: plural(t.form.days, quote.days, lang),
                  cost: <Money fils={quote.price.cost} />,
                  vat: <Money fils={quote.price.vat} />,
                  total: <Money fils={quote.price.total} />,
                  last4,
                  date: formatDate(new Date(dueBackAt(context) + quote.days * DAY_MS), lang, 'dateTime'),
                }}
              />
            </p>
            {error && <FormError>{t.errors[error]}</FormError>}
            <Actions>
              <Button
                disabled={charging}
                aria-busy={charging}
                onClick={() => journey.send({ type: 'rental.confirmExtension', at: Date.now() })}
              >
                {charging ? p.charging : p.confirmExtension}
              </Button>
              <Button
                variant="secondary"
                disabled={charging}
                onClick={() => journey.send({ type: 'rental.cancelExtension' })}
              >
                {p.keepDates}
              </Button>
            </Actions>
          </>
        ) : (
          <Button
            variant="secondary"
            disabled={!canExtend}
            onClick={() => journey.send({ type: 'rental.extend', days: 1 })}
          >
            {p.extend}
          </Button>
        )}
      </Section>

      <Section title={p.car}>
        <Facts
          rows={[
            { label: p.category, value: p.categories[car.category] },
            { label: p.model, value: car.model },
            { label: p.plate, value: <Plate plate={car.plate} /> },
            // What the company gave of the car's facts, each when it is there.
            ...(spec.year === undefined ? [] : [{ label: p.year, value: String(spec.year) }]),
            ...(spec.engine ? [{ label: p.engine, value: spec.engine[lang] }] : []),
            ...(spec.horsepower === undefined ? [] : [{ label: p.horsepower, value: fill(p.horsepowerValue, { n: formatNumber(spec.horsepower, lang) }) }]),
            ...(spec.topSpeedKmh === undefined
              ? []
              : [{ label: p.topSpeed, value: formatNumber(spec.topSpeedKmh, lang, { style: 'unit', unit: 'kilometer-per-hour' }) }]),
            ...(spec.fuel ? [{ label: p.fuel, value: p.fuels[spec.fuel] }] : []),
            ...(spec.transmission ? [{ label: p.transmission, value: p.transmissions[spec.transmission] }] : []),
            ...(spec.seats === undefined ? [] : [{ label: p.seating, value: formatNumber(spec.seats, lang) }]),
          ]}
        />
      </Section>

      {/* The car is with the renter from pickup until it is handed back. */}
      {pickedUpAt !== null && context.returnedAt === null && <EmergencyShortcut />}
      <CancelBooking />
    </Stack>
  );
}
