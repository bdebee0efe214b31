import { useRef, useState } from 'react';
import { IMAGE_TYPES, pictureProblem } from '../../../machines/company';
import { CAR_PHOTOS_MAX, type CarProblem } from '../../../machines/cars';
import type { CarPageData, FleetCar } from '../../client/staffApi';
import { fill } from '../../i18n/format';
import { useLocale } from '../../i18n/locale';
import { Button } from '../../ui/Button';
import { FileField } from '../../ui/Field';
import { FormCard, type SubmittedFields } from '../../ui/Form';
import { FormEnd } from '../../ui/FormEnd';
import { useProblems } from '../../ui/problems';
import { Section } from '../../ui/Section';
import { useStaffApi } from '../../ui/staffApi';
import { useSending } from '../../ui/useSending';
import styles from './Fleet.module.css';

/** What the browser can tell before sending (machines/company.ts pictureProblem). */
function photoProblems({ file }: SubmittedFields): { photo?: CarProblem } {
  const photo = pictureProblem(file('photo'));
  return photo ? { photo } : {};
}

/** A car's photos as renters will see them (the first one in search), each removable, and one more to upload. */
export function CarPhotos({ car, changed }: { car: FleetCar; changed: (page: CarPageData) => void }) {
  const { t } = useLocale('fleet', 'forms');
  const k = t.fleet;
  const api = useStaffApi();
  const form = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<{ photo?: CarProblem }>({});
  const [note, setNote] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { sending, call } = useSending();
  // A fresh picker after each upload: the file sent is no longer shown as chosen.
  const [round, setRound] = useState(0);
  const { error, summary, onChange } = useProblems(form, problems, photoProblems, k.problems);

  const send = async (request: () => ReturnType<typeof api.removeCarPhoto>, done: string) => {
    setNote(null);
    setFailure(null);
    const answer = await call(request);
    if (answer?.ok) {
      changed(answer.body);
      setNote(done);
      setRound((n) => n + 1);
    } else if (answer?.status === 409 && 'car' in answer.body) {
      changed(answer.body as unknown as CarPageData);
      setFailure(k.photoConflict);
    } else if (answer?.status === 400 && answer.fields?.photo) setProblems({ photo: answer.fields.photo as CarProblem });
    else setFailure(answer?.status === 507 ? k.storageFull : k.failed);
  };

  const upload = (fields: SubmittedFields) => {
    const found = photoProblems(fields);
    setProblems(found);
    if (found.photo) return;
    void send(() => api.addCarPhoto(car.id, fields.file('photo')!, car.version), k.photoUploaded);
  };

  return (
    <Section title={k.photosTitle}>
      <p>{k.photosText}</p>
      {car.photos.length === 0 ? (
        <p>{k.noPhotos}</p>
      ) : (
        <ul className={styles.photos}>
          {car.photos.map((photo, i) => (
            <li key={photo.src}>
              <img src={photo.src} srcSet={photo.srcSet} sizes="(max-width: 600px) 45vw, 240px" width={photo.width} height={photo.height} alt={fill(k.photoAlt, { car: car.model, n: i + 1 })} />
              <Button
                variant="secondary"
                disabled={sending}
                aria-label={fill(k.removePhoto, { n: i + 1 })}
                onClick={() => void send(() => api.removeCarPhoto(car.id, i, car.version), k.photoRemoved)}
              >
                {k.removePhotoShort}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {car.photos.length < CAR_PHOTOS_MAX && (
        <FormCard ref={form} label={k.newPhoto} onChange={onChange} onSubmit={upload}>
          {summary}
          <FileField key={round} label={k.newPhoto} name="photo" accept={IMAGE_TYPES.join(',')} error={error('photo')} />
          <FormEnd failure={failure} done={note} sending={sending} send={k.uploadPhoto} busy={k.uploadingPhoto} />
        </FormCard>
      )}
    </Section>
  );
}
