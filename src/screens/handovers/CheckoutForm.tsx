import { useRef, useState } from 'react';
import {
  FUEL_LEVELS,
  HANDOVER_PHOTOS_MAX,
  checkoutProblems,
  type CheckoutInput,
  type Problem,
} from '../../../machines/validation';
import { useLocale } from '../../i18n/locale';
import { fill, formatNumber } from '../../i18n/format';
import type { HandoverView } from '../../client/api';
import { compressPhoto } from '../../ui/photos';
import { Button } from '../../ui/Button';
import { Checkbox, PhotoField, SelectField, TextArea, TextField } from '../../ui/Field';
import { FormCard, FormError } from '../../ui/Form';
import { useProblems } from '../../ui/problems';
import { Section } from '../../ui/Section';
import { useSession } from '../../ui/session';

type Photo = { id: string; preview: string };
type Failure = 'refused' | 'taken' | 'conflict' | 'failed';

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
  const { t, lang } = useLocale('manager', 'counter', 'rental', 'forms');
  const k = t.counter;
  const r = t.carReturn;
  const { api } = useSession();
  const previous = handover.checkout;
  const form = useRef<HTMLFormElement>(null);
  const [photos, setPhotos] = useState<Photo[]>(() =>
    (previous?.photos ?? []).map((id) => ({ id, preview: api.handoverPhotoUrl(id) })),
  );
  const [uploading, setUploading] = useState(0);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const [problems, setProblems] = useState<Partial<Record<string, Problem>>>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [sending, setSending] = useState(false);
  /** The record as the form holds it now (the photos are the list's; the checkbox is read off the form). */
  const read = (text: (name: string) => string): CheckoutInput => ({
    identityChecked:
      form.current?.querySelector<HTMLInputElement>('input[name="identityChecked"]')?.checked ?? false,
    licenceExpiry: text('licenceExpiry'),
    odometer: text('odometer'),
    fuel: text('fuel'),
    damage: text('damage'),
    photos: photos.map((p) => p.id),
  });
  // A field's problem goes as soon as what it holds is right (the same rules as on submit).
  const { error, message, summary, onChange } = useProblems(form, problems, ({ text }) =>
    checkoutProblems(read(text), handover.carKm, Date.now()),
  );

  const addPhotos = async (files: File[]) => {
    setPhotoProblem(null);
    setUploading((n) => n + files.length);
    for (const file of files) {
      try {
        const small = await compressPhoto(file);
        const answer = await api.uploadHandoverPhoto(handover.number, small);
        if (answer.ok)
          setPhotos((list) => [...list, { id: answer.body.photo.id, preview: URL.createObjectURL(small) }]);
        else
          setPhotoProblem(
            answer.fields?.photo ? (message(answer.fields.photo as Problem) ?? k.failed) : k.failed,
          );
      } catch {
        setPhotoProblem(k.failed);
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  return (
    <Section title={previous ? k.recordAgain : k.handOver} bare>
      <FormCard
        ref={form}
        onChange={onChange}
        onSubmit={async ({ text }) => {
          const checkout = read(text);
          // The same rules the machine applies on the server, said at once and next to each field.
          const local = checkoutProblems(checkout, handover.carKm, Date.now());
          setFailure(null);
          setProblems(local);
          if (Object.keys(local).length > 0) return;
          setSending(true);
          try {
            const answer = await api.recordCheckout(handover.number, checkout, handover.version);
            if (answer.ok) return onAnswer(answer.body.handover, true);
            if (answer.error === 'invalid')
              setProblems((answer.fields ?? {}) as Partial<Record<string, Problem>>);
            else
              setFailure(
                answer.error === 'taken' || answer.error === 'conflict'
                  ? answer.error
                  : answer.status === 409
                    ? 'refused'
                    : 'failed',
              );
            const now = answer.body['handover'] as HandoverView | null | undefined;
            if (now) onAnswer(now, false);
          } catch {
            setFailure('failed');
          } finally {
            setSending(false);
          }
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
          defaultValue={previous?.licenceExpiry}
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
        />
        <TextField
          name="odometer"
          label={k.odometer}
          hint={fill(k.odometerHint, { km: formatNumber(handover.carKm, lang) })}
          error={error('odometer', { km: formatNumber(handover.carKm, lang) })}
          defaultValue={previous ? String(previous.odometerKm) : undefined}
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
        />
        <SelectField
          name="fuel"
          label={k.fuel}
          placeholder={r.fuelChoose}
          options={FUEL_LEVELS.map((level) => ({ value: level, label: r.fuelLevels[level] }))}
          defaultValue={previous?.fuel ?? ''}
          error={error('fuel')}
        />
        <TextArea
          name="damage"
          label={k.damage}
          hint={k.damageHint}
          error={error('damage')}
          defaultValue={previous?.damage}
        />
        <PhotoField
          label={k.photos}
          hint={fill(k.photosHint, { max: formatNumber(HANDOVER_PHOTOS_MAX, lang) })}
          error={photoProblem ?? error('photos')}
          choose={k.addPhotos}
          status={uploading > 0 ? k.uploading : fill(k.photosCount, { n: formatNumber(photos.length, lang) })}
          full={photos.length >= HANDOVER_PHOTOS_MAX}
          photos={photos.map((photo, i) => ({
            id: photo.id,
            src: photo.preview,
            alt: fill(k.photoAlt, { n: formatNumber(i + 1, lang) }),
            remove: fill(k.removePhoto, { n: formatNumber(i + 1, lang) }),
          }))}
          onFiles={(files) => void addPhotos(files.slice(0, HANDOVER_PHOTOS_MAX - photos.length))}
          onRemove={(id) => setPhotos((list) => list.filter((p) => p.id !== id))}
        />
        {failure && <FormError>{k[failure]}</FormError>}
        <Button type="submit" block disabled={sending || uploading > 0} aria-busy={sending}>
          {sending ? k.sending : previous ? k.recordAgain : k.handOver}
        </Button>
      </FormCard>
    </Section>
  );
}
