import { useLocale } from '../../i18n/locale';
import { fill, formatDate, formatNumber } from '../../i18n/format';
import { pickupCar, pickupTimeline } from '../../data/sample';
import { Button } from '../../ui/Button';
import { CarPicture } from '../../ui/CarPicture';
import { Actions, Facts, Section, Stack } from '../../ui/Section';

export default function CarPickup() {
  const { t, lang } = useLocale();
  const p = t.carPickup;
  const car = pickupCar;
  return (
    <Stack>
      <Section title={p.details}>
        <CarPicture kind={car.picture} alt={fill(p.carPicture, { car: car.model })} />
        <Actions>
          <Button>{p.confirm}</Button>
          <Button variant="secondary">{p.cancel}</Button>
        </Actions>
      </Section>

      <Section title={p.timeline}>
        <Facts
          rows={[
            { label: p.start, value: <time>{formatDate(pickupTimeline.start, lang, 'dateTime')}</time> },
            { label: p.end, value: <time>{formatDate(pickupTimeline.end, lang, 'dateTime')}</time> },
          ]}
        />
        <Button variant="secondary">{p.extend}</Button>
      </Section>

      <Section title={p.car}>
        <Facts
          rows={[
            { label: p.category, value: car.category[lang] },
            { label: p.model, value: car.model },
            { label: p.plate, value: car.plate },
            { label: p.engine, value: car.engine[lang] },
            {
              label: p.horsepower,
              value: fill(p.horsepowerValue, { n: formatNumber(car.horsepower, lang) }),
            },
            {
              label: p.topSpeed,
              value: formatNumber(car.topSpeedKmh, lang, { style: 'unit', unit: 'kilometer-per-hour' }),
            },
            { label: p.fuel, value: car.fuel[lang] },
            { label: p.transmission, value: car.transmission[lang] },
            { label: p.seating, value: formatNumber(car.seats, lang) },
          ]}
        />
      </Section>
    </Stack>
  );
}
