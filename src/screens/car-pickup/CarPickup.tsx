import { useNavigate } from 'react-router-dom';
import { carOf } from '../../../machines/fleet';
import { DAY_MS } from '../../../machines/money';
import { useLocale } from '../../i18n/locale';
import { fill, formatDate, formatNumber } from '../../i18n/format';
import { CAR_SPECS } from '../../data/sample';
import { useJourney, useJourneySelector } from '../../ui/journey';
import { Button } from '../../ui/Button';
import { CarPicture } from '../../ui/CarPicture';
import { Fill } from '../../ui/Fill';
import { Done } from '../../ui/Form';
import { Money } from '../../ui/Money';
import { Actions, Facts, Section, Stack } from '../../ui/Section';

export default function CarPickup() {
  const { t, lang } = useLocale();
  const p = t.carPickup;
  const journey = useJourney();
  const navigate = useNavigate();
  const booking = useJourneySelector((s) => s.context.booking);
  const pickedUpAt = useJourneySelector((s) => s.context.pickedUpAt);
  const quote = useJourneySelector((s) => s.context.extensionQuote);
  const canExtend = useJourneySelector((s) => s.can({ type: 'rental.extend', days: 1 }));
  const car = carOf(booking.carId);
  const spec = CAR_SPECS[booking.carId];
  const when = (ms: number) => <time>{formatDate(new Date(ms), lang, 'dateTime')}</time>;

  return (
    <Stack>
      <Section title={p.details}>
        <CarPicture kind={car.picture} alt={fill(p.carPicture, { car: car.model })} />
        {pickedUpAt === null ? (
          <Actions>
            <Button onClick={() => journey.send({ type: 'pickup.confirm', at: Date.now() })}>
              {p.confirm}
            </Button>
            <Button variant="secondary" onClick={() => navigate(-1)}>
              {p.cancel}
            </Button>
          </Actions>
        ) : (
          <>
            <Done>{fill(p.pickedUp, { date: formatDate(new Date(pickedUpAt), lang, 'dateTime') })}</Done>
            <Button onClick={() => journey.send({ type: 'return.start' })}>{p.returnCar}</Button>
          </>
        )}
      </Section>

      <Section title={p.timeline}>
        <Facts
          rows={[
            { label: p.start, value: when(booking.pickupAt) },
            { label: p.end, value: when(booking.dropoffAt) },
          ]}
        />
        {quote ? (
          <>
            <p role="status">
              <Fill
                text={p.quote}
                values={{
                  days: quote.days,
                  cost: <Money fils={quote.price.cost} />,
                  vat: <Money fils={quote.price.vat} />,
                  total: <Money fils={quote.price.total} />,
                  date: formatDate(new Date(booking.dropoffAt + quote.days * DAY_MS), lang, 'dateTime'),
                }}
              />
            </p>
            <Actions>
              <Button onClick={() => journey.send({ type: 'rental.confirmExtension' })}>
                {p.confirmExtension}
              </Button>
              <Button variant="secondary" onClick={() => journey.send({ type: 'rental.cancelExtension' })}>
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
            { label: p.plate, value: car.plate },
            { label: p.engine, value: spec.engine[lang] },
            {
              label: p.horsepower,
              value: fill(p.horsepowerValue, { n: formatNumber(spec.horsepower, lang) }),
            },
            {
              label: p.topSpeed,
              value: formatNumber(spec.topSpeedKmh, lang, { style: 'unit', unit: 'kilometer-per-hour' }),
            },
            { label: p.fuel, value: spec.fuel[lang] },
            { label: p.transmission, value: spec.transmission[lang] },
            { label: p.seating, value: formatNumber(spec.seats, lang) },
          ]}
        />
      </Section>
    </Stack>
  );
}
