import { useEffect } from 'react';
import { HANDOVER_PHOTOS_MAX } from '../../../machines/validation';
import { useLocale } from '../../i18n/locale';
import { fill, formatNumber } from '../../i18n/format';
import { usePhotoUploads } from '../../ui/usePhotoUploads';
import { PhotoField } from '../../ui/Field';
import { useSession } from '../../ui/session';

/**
 * The renter's own photos of the car as they bring it back: their side of the evidence, kept with
 * the rental (the company sees them beside its own when a charge is disputed). A photo kept stays.
 */
export function ReturnPhotos({ number, open }: { number: string; open: boolean }) {
  const { t, lang } = useLocale('rental', 'forms');
  const r = t.carReturn;
  const { api } = useSession();
  const { photos, keep, uploading, problem, add } = usePhotoUploads(
    (photo) => api.uploadReturnPhoto(number, photo),
    r.photoFailed,
    (id) => api.photoUrl('handovers', id),
  );

  useEffect(() => {
    let live = true;
    void api.returnPhotos(number).then((answer) => {
      if (live && answer.ok) keep(answer.body.photos);
    });
    return () => {
      live = false;
    };
    // `keep` is a new function each render; the answer is asked once per booking.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, number]);

  return (
    <PhotoField
      label={r.yourPhotos}
      hint={fill(r.yourPhotosHint, { max: formatNumber(HANDOVER_PHOTOS_MAX, lang) })}
      error={problem ?? undefined}
      choose={r.addPhotos}
      status={uploading > 0 ? r.uploading : fill(r.photosCount, { n: formatNumber(photos.length, lang) })}
      full={!open || photos.length >= HANDOVER_PHOTOS_MAX}
      photos={photos.map(({ id, preview }, i) => ({ id, src: preview, alt: fill(r.photoAlt, { n: formatNumber(i + 1, lang) }) }))}
      onFiles={(files) => void add(files.slice(0, HANDOVER_PHOTOS_MAX - photos.length))}
    />
  );
}
