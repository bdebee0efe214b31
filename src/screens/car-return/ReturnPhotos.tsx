import { useEffect, useState } from 'react';
import { HANDOVER_PHOTOS_MAX, type Problem } from '../../../machines/validation';
import { useLocale } from '../../i18n/locale';
import { fill, formatNumber } from '../../i18n/format';
import { compressPhoto } from '../../ui/photos';
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
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void api.returnPhotos(number).then((answer) => {
      if (live && answer.ok) setPhotos(answer.body.photos);
    });
    return () => {
      live = false;
    };
  }, [api, number]);

  const add = async (files: File[]) => {
    setProblem(null);
    setUploading((n) => n + files.length);
    for (const file of files) {
      try {
        const answer = await api.uploadReturnPhoto(number, await compressPhoto(file));
        if (answer.ok) setPhotos((list) => [...list, answer.body.photo.id]);
        else setProblem(answer.fields?.photo ? (t.problems[answer.fields.photo as Problem] ?? r.photoFailed) : r.photoFailed);
      } catch {
        setProblem(r.photoFailed);
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  return (
    <PhotoField
      label={r.yourPhotos}
      hint={fill(r.yourPhotosHint, { max: formatNumber(HANDOVER_PHOTOS_MAX, lang) })}
      error={problem ?? undefined}
      choose={r.addPhotos}
      status={uploading > 0 ? r.uploading : fill(r.photosCount, { n: formatNumber(photos.length, lang) })}
      full={!open || photos.length >= HANDOVER_PHOTOS_MAX}
      photos={photos.map((id, i) => ({ id, src: api.handoverPhotoUrl(id), alt: fill(r.photoAlt, { n: formatNumber(i + 1, lang) }) }))}
      onFiles={(files) => void add(files.slice(0, HANDOVER_PHOTOS_MAX - photos.length))}
    />
  );
}
