import { useRef } from 'react';
import { Plate } from '../../ui/Plate';
import { FUEL_LEVELS } from '../../../machines/validation';
import { carOf } from '../../../machines/fleet';
import { ledgerOf } from '../../../machines/ledger';
import { dueBackAt } from '../../../machines/journey-rules';
import { useLocale } from '../../i18n/locale';
import { fill, formatDate, formatNumber } from '../../i18n/format';
import { LOCATION_NAMES } from '../../data/sample';
import { useJourney, useJourneySelector } from '../../ui/journey';
import { Button, ButtonLink } from '../../ui/Button';
import { SelectField, TextArea, TextField } from '../../ui/Field';
import { Done, FormCard, FormError } from '../../ui/Form';
import { useProblems } from '../../ui/problems';
import { EmergencyShortcut } from '../../ui/EmergencyShortcut';
import { DepositSettlement, RentalInvoice } from '../../ui/Ledger';
import { Actions, Facts, Section, Stack } from '../../ui/Section';
import styles from './CarReturn.module.css';

export default function CarReturn() {
  const { t, lang, to } = useLocale('rental');
  const r = t.carReturn;
  const b = t.bookingDetails;
  const journey = useJourney();
  const context = useJourneySelector((s) => s.context);
  const inInspection = useJourneySelector((s) => s.matches({ signedIn: { carReturn: 'inspection' } }));
  const canRefund = useJourneySelector((s) => s.can({ type: 'return.processRefund', at: 0 }));
  const canFinish = useJourneySelector((s) => s.can({ type: 'return.finish', at: 0 }));
  const settling = useJourneySelector((s) => s.hasTag('pending'));
  const { booking, returnedAt, completedAt, fieldErrors, error } = context;
  const form = useRef<HTMLFormElement>(null);
  const { message, summary } = useProblems(form, fieldErrors);
  const car = carOf(booking.carId);
  const ledger = ledgerOf(context);
  const date = (ms: number) => formatDate(new Date(ms), lang, 'dateTime');

  return (
    <Stack>
      <Section title={r.details}>
        <Facts
          rows={[
            { label: b.model, value: car.model },
            { label: b.plate, value: <Plate plate={car.plate} /> },
            { label: r.dueBack, value: <time>{date(dueBackAt(context))}</time> },
            { label: b.returnLocation, value: LOCATION_NAMES[booking.dropoffLocation][lang] },
          ]}
        />
        {returnedAt === null ? (
          <Actions>
            <Button onClick={() => journey.send({ type: 'return.confirmHandover', at: Date.now() })}>
              {r.confirm}
            </Button>
          </Actions>
        ) : (
          <Done>{fill(r.handedBack, { date: date(returnedAt) })}</Done>
        )}
      </Section>

      <Section title={r.inspection} bare>
        <FormCard
          ref={form}
          onSubmit={({ text }) => {
            journey.send({
              type: 'return.submitInspection',
              inspection: {
                fuel: text('fuel'),
                mileage: text('mileage'),
                damage: text('damage'),
                notes: text('notes'),
              },
            });
          }}
        >
          {summary}
          <SelectField
            label={r.fuel}
            name="fuel"
            placeholder={r.fuelChoose}
            options={FUEL_LEVELS.map((level) => ({ value: level, label: r.fuelLevels[level] }))}
            defaultValue={context.inspection?.fuel}
            disabled={!inInspection}
            error={message(fieldErrors.fuel)}
          />
          <TextField
            label={r.mileage}
            name="mileage"
            inputMode="numeric"
            dir="ltr"
            hint={fill(r.mileageHint, { km: formatNumber(car.odometerKm, lang) })}
            defaultValue={context.inspection?.mileage}
            disabled={!inInspection}
            error={message(fieldErrors.mileage, { km: formatNumber(car.odometerKm, lang) })}
          />
          <TextField
            label={r.damage}
            name="damage"
            defaultValue={context.inspection?.damage}
            disabled={!inInspection}
          />
          <TextArea
            label={r.notes}
            name="notes"
            defaultValue={context.inspection?.notes}
            disabled={!inInspection}
          />
          {inInspection && returnedAt === null && <p className={styles.note}>{r.handoverFirst}</p>}
          {inInspection && (
            <Button type="submit" block disabled={returnedAt === null}>
              {r.confirmInspection}
            </Button>
          )}
        </FormCard>
      </Section>

      <Section title={r.refund}>
        <DepositSettlement ledger={ledger} />
        {ledger.releaseBy !== null ? (
          <Done>{fill(r.releaseBy, { date: formatDate(new Date(ledger.releaseBy), lang, 'date') })}</Done>
        ) : (
          <p className={styles.note}>{r.releaseAfter}</p>
        )}
        {error && <FormError>{t.journey.errors[error]}</FormError>}
        {(canRefund || settling) && (
          <Button
            block
            disabled={settling}
            aria-busy={settling}
            onClick={() => journey.send({ type: 'return.processRefund', at: Date.now() })}
          >
            {settling ? r.processing : r.processRefund}
          </Button>
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

      {/* Until the rental is finished the renter may still be on the road or at the handover. */}
      {completedAt === null && <EmergencyShortcut />}
    </Stack>
  );
}
