import { useRef, useState } from 'react';
import { X } from 'lucide-react';
import { FUEL_LEVELS, HANDOVER_PHOTOS_MAX, checkoutProblems, type CheckoutInput, type Problem } from '../../../machines/validation';
import { useLocale } from '../../i18n/locale';
import { fill, formatNumber } from '../../i18n/format';
import type { HandoverView } from '../../client/api';
import { compressPhoto } from '../../ui/photos';
import { Button } from '../../ui/Button';
import { Checkbox, SelectField, TextArea, TextField } from '../../ui/Field';
import { FormCard, FormError } from '../../ui/Form';
import { useProblems } from '../../ui/problems';
import { Section } from '../../ui/Section';
import { useSession } from '../../ui/session';
import styles from './Handovers.module.css';

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
  const { t, lang } = useLocale('manager', 'rental', 'forms');
  const k = t.counter;
  const r = t.carReturn;
  const { api } = useSession();
  const previous = handover.checkout;
  const form = useRef<HTMLFormElement>(null);
  const [photos, setPhotos] = useState<Photo[]>(() => (previous?.photos ?? []).map((id) => ({ id, preview: api.handoverPhotoUrl(id) })));
  const [uploading, setUploading] = useState(0);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const [problems, setProblems] = useState<Partial<Record<string, Problem>>>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [sending, setSending] = useState(false);
  const { error, message, summary, onChange } = useProblems(form, problems);

  const addPhotos = async (files: File[]) => {
    setPhotoProblem(null);
    setUploading((n) => n + files.length);
    for (const file of files) {
      try {
        const small = await compressPhoto(file);
        const answer = await api.uploadHandoverPhoto(handover.number, small);
        if (answer.ok) setPhotos((list) => [...list, { id: answer.body.photo.id, preview: URL.createObjectURL(small) }]);
        else setPhotoProblem(answer.fields?.photo ? (message(answer.fields.photo as Problem) ?? k.failed) : k.failed);
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
          const checkout: CheckoutInput = {
            identityChecked: form.current?.querySelector<HTMLInputElement>('input[name="identityChecked"]')?.checked ?? false,
            licenceExpiry: text('licenceExpiry'),
            odometer: text('odometer'),
            fuel: text('fuel'),
            damage: text('damage'),
            photos: photos.map((p) => p.id),
          };
          // The same rules the machine applies on the server, said at once and next to each field.
          const local = checkoutProblems(checkout, handover.carKm, Date.now());
          setFailure(null);
          setProblems(local);
          if (Object.keys(local).length > 0) return;
          setSending(true);
          try {
            const answer = await api.recordCheckout(handover.number, checkout, handover.version);
            if (answer.ok) return onAnswer(answer.body.handover, true);
            if (answer.error === 'invalid') setProblems((answer.fields ?? {}) as Partial<Record<string, Problem>>);
            else setFailure(answer.error === 'taken' || answer.error === 'conflict' ? answer.error : answer.status === 409 ? 'refused' : 'failed');
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
        <Checkbox name="identityChecked" label={k.identityChecked} error={error('identityChecked')} defaultChecked={previous !== null} />
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
        <TextArea name="damage" label={k.damage} hint={k.damageHint} error={error('damage')} defaultValue={previous?.damage} />
        <div>
          <label htmlFor="handover-photos">{k.photos}</label>
          <input
            id="handover-photos"
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            disabled={photos.length >= HANDOVER_PHOTOS_MAX}
            aria-describedby="handover-photos-hint handover-photos-error"
            aria-invalid={error('photos') || photoProblem ? true : undefined}
            onChange={(e) => {
              const files = [...(e.currentTarget.files ?? [])].slice(0, HANDOVER_PHOTOS_MAX - photos.length);
              e.currentTarget.value = '';
              void addPhotos(files);
            }}
          />
          <p id="handover-photos-hint">{fill(k.photosHint, { max: formatNumber(HANDOVER_PHOTOS_MAX, lang) })}</p>
          <p id="handover-photos-error" role={photoProblem ? 'alert' : undefined}>
            {photoProblem ?? error('photos') ?? ''}
          </p>
          <p role="status">
            {uploading > 0 ? k.uploading : fill(k.photosCount, { n: formatNumber(photos.length, lang) })}
          </p>
          <ul className={styles.photos}>
            {photos.map((photo, i) => (
              <li key={photo.id} className={styles.photo}>
                <img src={photo.preview} alt={fill(k.photoAlt, { n: formatNumber(i + 1, lang) })} width={96} height={72} />
                <button
                  type="button"
                  aria-label={fill(k.removePhoto, { n: formatNumber(i + 1, lang) })}
                  onClick={() => setPhotos((list) => list.filter((p) => p.id !== photo.id))}
                >
                  <X aria-hidden size={16} />
                </button>
              </li>
            ))}
          </ul>
        </div>
        {failure && <FormError>{k[failure]}</FormError>}
        <Button type="submit" block disabled={sending || uploading > 0} aria-busy={sending}>
          {sending ? k.sending : previous ? k.recordAgain : k.handOver}
        </Button>
      </FormCard>
    </Section>
  );
}
