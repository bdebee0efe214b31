import { useState } from 'react';
import type { CarBooking, CarPageData } from '../../client/staffApi';
import { fill } from '../../i18n/format';
import { periodText } from './periods';
import { useLocale } from '../../i18n/locale';
import { Button } from '../../ui/Button';
import { SelectField } from '../../ui/Field';
import { FormError } from '../../ui/Form';
import { Section } from '../../ui/Section';
import { useStaffApi } from '../../ui/staffApi';
import { useSending } from '../../ui/useSending';
import styles from './Fleet.module.css';

/**
 * The paid bookings that still need a car, each movable to another of the company's cars that is as
 * good or better and free for its time (the server offers those and decides): so the car can go out
 * of service. The renter is told by the server, and pays nothing more.
 */
export function CarBookings({ carId, bookings, changed }: { carId: string; bookings: CarBooking[]; changed: (page: CarPageData) => void }) {
  const { t, lang } = useLocale('fleet', 'forms');
  const k = t.fleet;
  const api = useStaffApi();
  const [note, setNote] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { sending, call } = useSending();

  const move = async (booking: CarBooking, to: string) => {
    setNote(null);
    setFailure(null);
    const answer = await call(() => api.moveBooking(carId, booking.number, to));
    const model = booking.moveTo.find((c) => c.id === to)?.model ?? '';
    if (answer?.ok) {
      setNote(fill(k.moved, { number: booking.number, model }));
      changed(answer.body);
    } else if (answer?.status === 409 && 'bookings' in answer.body) {
      // Someone else was first (a booking took that car, or this one changed): the page as it is now.
      const now = answer.body as unknown as CarPageData & { error: 'taken' | 'changed' };
      setFailure(now.error === 'taken' ? fill(k.moveTaken, { model }) : fill(k.moveChanged, { number: booking.number }));
      changed(now);
    } else setFailure(k.failed);
  };

  return (
    <Section title={k.bookingsTitle}>
      <p>{bookings.length > 0 ? k.bookingsText : k.noBookings}</p>
      {bookings.length > 0 && (
        <ul className={styles.blocks}>
          {bookings.map((b) => (
            <li key={b.number} className={styles.moving}>
              <span>{periodText(b, k.neededBooking, lang)}</span>
              {b.moveTo.length === 0 ? (
                <span className={styles.blockNote}>{k.noMove}</span>
              ) : (
                <form
                  className={styles.moveForm}
                  aria-label={fill(k.moveLabel, { number: b.number })}
                  method="post"
                  onSubmit={(event) => {
                    event.preventDefault();
                    void move(b, String(new FormData(event.currentTarget).get('to')));
                  }}
                >
                  <SelectField
                    label={k.moveTo}
                    name="to"
                    // A model and a plate are written in Latin (as the car form takes them): read left to right
                    // on an Arabic page too, so a long one is cut at its plate's end, not its model's start.
                    dir="ltr"
                    options={b.moveTo.map((c) => ({ value: c.id, label: `${c.model} · ${c.plate}` }))}
                  />
                  <Button type="submit" variant="secondary" disabled={sending} aria-busy={sending}>
                    {k.move}
                  </Button>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
      {failure && <FormError>{failure}</FormError>}
      <p role="status">{note}</p>
    </Section>
  );
}
