import { HANDOVER_PHOTOS_MAX } from '../../../machines/validation';
import { useLocale } from '../../i18n/locale';
import { fill, formatNumber } from '../../i18n/format';
import { PhotoField } from '../../ui/Field';
import { useSession } from '../../ui/session';
import { usePhotoUploads } from '../../ui/usePhotoUploads';

/**
 * The counter's photos of a handover, pickup or return: each made smaller on the phone and uploaded
 * as it is taken; the list is the form's (a refused form keeps it). `field` renders the picker.
 */
export function useCounterPhotos(number: string, initial: readonly string[], alt: string) {
  const { t, lang } = useLocale('forms', 'counter');
  const k = t.counter;
  const { api } = useSession();
  const { photos, uploading, problem, add, remove } = usePhotoUploads(
    (photo) => api.uploadHandoverPhoto(number, photo),
    k.failed,
    (id) => api.photoUrl('handovers', id),
    initial,
  );

  /** The picker, with the form's problem for the photos (none yet, too many) when there is one. */
  const field = (hint: string, error: string | undefined) => (
    <PhotoField
      label={k.photos}
      hint={fill(hint, { max: formatNumber(HANDOVER_PHOTOS_MAX, lang) })}
      error={problem ?? error}
      choose={k.addPhotos}
      status={uploading > 0 ? k.uploading : fill(k.photosCount, { n: formatNumber(photos.length, lang) })}
      full={photos.length >= HANDOVER_PHOTOS_MAX}
      photos={photos.map((photo, i) => ({
        id: photo.id,
        src: photo.preview,
        alt: fill(alt, { n: formatNumber(i + 1, lang) }),
        remove: fill(k.removePhoto, { n: formatNumber(i + 1, lang) }),
      }))}
      onFiles={(files) => void add(files.slice(0, HANDOVER_PHOTOS_MAX - photos.length))}
      onRemove={remove}
    />
  );
  return { ids: photos.map((p) => p.id), list: photos, uploading: uploading > 0, field };
}
