import { useEffect } from 'react';
import { HANDOVER_PHOTOS_MAX } from '../../../machines/validation';
import { fill, formatNumber } from '../../i18n/format';
import { useLocale } from '../../i18n/locale';
import { PhotoField } from '../../ui/Field';
import { useSession } from '../../ui/session';
import { usePhotoUploads } from '../../ui/usePhotoUploads';

/** Photos of the scene on Emergency's report, uploaded as they are taken; `onChange` gets the ids kept. */
export default function ScenePhotos({ onChange }: { onChange: (ids: string[]) => void }) {
  const { t, lang } = useLocale('emergency', 'forms');
  const e = t.emergency;
  const { api } = useSession();
  const { photos, uploading, problem, add } = usePhotoUploads(api.uploadIncidentPhoto, e.photoFailed, (id) => api.photoUrl('incidents', id));
  useEffect(() => onChange(photos.map((p) => p.id)), [photos, onChange]);
  return (
    <PhotoField
      label={e.photos}
      hint={fill(e.photosHint, { max: formatNumber(HANDOVER_PHOTOS_MAX, lang) })}
      error={problem ?? undefined}
      choose={e.addPhotos}
      status={uploading > 0 ? e.uploading : fill(e.photosCount, { n: formatNumber(photos.length, lang) })}
      full={photos.length >= HANDOVER_PHOTOS_MAX}
      photos={photos.map(({ id, preview }, n) => ({ id, src: preview, alt: fill(e.photoAlt, { n: formatNumber(n + 1, lang) }) }))}
      onFiles={(files) => void add(files.slice(0, HANDOVER_PHOTOS_MAX - photos.length))}
    />
  );
}
