import { useLocale } from '../../i18n/locale';
import { sampleBooking, sampleReturn } from '../../data/sample';
import { depositRefund } from '../../../machines/money';
import { formatDate } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { TextArea, TextField } from '../../ui/Field';
import { Money } from '../../ui/Money';
import { Actions, Facts, Section, Stack } from '../../ui/Section';

export default function CarReturn() {
  const { t, lang } = useLocale();
  const r = t.carReturn;
  const b = t.bookingDetails;
  const refund = depositRefund(sampleReturn.deposit, sampleReturn.deductions);
  // The rental was paid at booking; what is left to settle is the deposit less fees and deductions.
  const balance = refund.refundable - sampleReturn.additionalFees;
  return (
    <Stack>
      <Section title={r.pickup}>
        <Facts
          rows={[
            { label: b.model, value: sampleBooking.model },
            { label: b.plate, value: sampleBooking.plate },
            { label: b.pickup, value: <time>{formatDate(sampleBooking.pickup, lang, 'dateTime')}</time> },
            { label: b.pickupLocation, value: sampleBooking.pickupLocation[lang] },
          ]}
        />
        <Actions>
          <Button>{r.confirm}</Button>
          <Button variant="secondary">{r.cancel}</Button>
        </Actions>
      </Section>

      <Section title={r.inspection}>
        <TextField label={r.fuel} name="fuel" />
        <TextField label={r.mileage} name="mileage" inputMode="numeric" />
        <TextField label={r.damage} name="damage" />
        <TextArea label={r.notes} name="notes" />
        <Button block>{r.confirmInspection}</Button>
      </Section>

      <Section title={r.refund}>
        <Facts
          rows={[
            { label: r.initial, value: <Money fils={refund.held} whole /> },
            { label: r.deductions, value: <Money fils={refund.deductions} whole /> },
            { label: r.refundable, value: <Money fils={refund.refundable} whole />, strong: true },
          ]}
        />
      </Section>

      <Section title={r.invoice}>
        <Facts
          rows={[
            { label: r.totalRental, value: <Money fils={sampleReturn.totalRental} whole /> },
            { label: r.fees, value: <Money fils={sampleReturn.additionalFees} whole /> },
            { label: r.deposit, value: <Money fils={refund.held} whole /> },
            { label: r.balance, value: <Money fils={balance} whole />, strong: true },
          ]}
        />
        <Button block>{r.processRefund}</Button>
      </Section>
    </Stack>
  );
}
