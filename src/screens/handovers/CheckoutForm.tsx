import { useRef } from 'react';
import {
  checkoutProblems,
  type CheckoutInput,
} from '../../../machines/validation';
import { useLocale } from '../../i18n/locale';
import type { HandoverView } from '../../client/api';
import { useCounterPhotos } from './useCounterPhotos';
import { useCounterSend } from './useCounterSend';
import { CarReadings } from './CarReadings';
import { Button } from '../../ui/Button';
import { Checkbox, TextArea, TextField } from '../../ui/Field';
import { FormCard, FormError } from '../../ui/Form';
import { useProblems } from '../../ui/problems';
import { Section } from '../../ui/Section';
import { serverNow } from '../../client/serverClock';
import { useSession } from '../../ui/session';

/**
 * What the agent records at the counter: the renter checked against the documents, the licence's
 * expiry, the odometer, the fuel, the damage already there and photos (the phone's camera; each photo
 * is made smaller and uploaded as it is taken). Sent, it goes to the renter's phone to confirm.
 */
export function CheckoutForm({
  handover,
  onAnswer,
}: {
  handover: HandoverView;
  onAnswer: (handover: HandoverView, saved: boolean) => void;
}) {
  const { t } = useLocale('manager', 'counter', 'rental', 'forms');
  const k = t.counter;
  const { api } = useSession();
  const previous = handover.checkout;
  const form = useRef<HTMLFormElement>(null);
  const { problems, failure, sending, send } = useCounterSend(onAnswer);
  const photos = useCounterPhotos(handover.number, previous?.photos ?? [], k.photoAlt);
  /** The record as the form holds it now (the photos are the list's; the checkbox is read off the form). */
  const read = (text: (name: string) => string): CheckoutInput => ({
    identityChecked:
      form.current?.querySelector<HTMLInputElement>('input[name="identityChecked"]')?.checked ?? false,
    licenceExpiry: text('licenceExpiry'),
    odometer: text('odometer'),
    fuel: text('fuel'),
    damage: text('damage'),
    photos: photos.ids,
  });
  // A field's problem goes as soon as what it holds is right (the same rules as on submit).
  const { error, summary, onChange } = useProblems(form, problems, ({ text }) =>
    checkoutProblems(read(text), handover.carKm, serverNow()),
  );

  return (
    <Section title={previous ? k.recordAgain : k.handOver} bare>
      <FormCard
        ref={form}
        onChange={onChange}
        onSubmit={async ({ text }) => {
          const checkout = read(text);
          // The same rules the machine applies on the server, said at once and next to each field.
          const local = checkoutProblems(checkout, handover.carKm, serverNow());
          await send(local, () => api.recordCheckout(handover.number, checkout, handover.version));
        }}
      >
        {summary}
        <Checkbox
          name="identityChecked"
          label={k.identityChecked}
          error={error('identityChecked')}
          defaultChecked={previous !== null}
        />
        <TextField
          name="licenceExpiry"
          label={k.licenceExpiry}
          hint={k.licenceHint}
          error={error('licenceExpiry')}
          defaultValue={previous?.licenceExpiry ?? handover.renter.licenceExpiry ?? undefined}
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
        />
        <CarReadings km={handover.carKm} hint={k.odometerHint} previous={previous} error={error} />
        <TextArea
          name="damage"
          label={k.damage}
          hint={k.damageHint}
          error={error('damage')}
          defaultValue={previous?.damage}
        />
        {photos.field(k.photosHint, error('photos'))}
        {failure && <FormError>{k[failure]}</FormError>}
        <Button type="submit" block disabled={sending || photos.uploading} aria-busy={sending}>
          {sending ? k.sending : previous ? k.recordAgain : k.handOver}
        </Button>
      </FormCard>
    </Section>
  );
}
