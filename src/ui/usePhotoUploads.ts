import { useState } from 'react';
import type { Problem } from '../../machines/validation';
import type { Answer } from '../client/api';
import { useLocale } from '../i18n/locale';
import { compressPhoto } from './photos';

/** A photo kept on the server, and what shows it here (the phone's own copy when it was just taken). */
export type KeptPhoto = { id: string; preview: string };

/**
 * Photos taken and uploaded one by one, each made smaller first (the counter's at a handover, the
 * renter's at return or of an incident's scene): those kept, how many are on their way, and why the
 * last one was refused (in the form's words, else `failed`). `urlOf` shows a photo kept before.
 */
export function usePhotoUploads(
  upload: (photo: File) => Promise<Answer<{ photo: { id: string } }>>,
  failed: string,
  urlOf: (id: string) => string,
  initial: readonly string[] = [],
) {
  const { t } = useLocale('forms');
  const [photos, setPhotos] = useState<KeptPhoto[]>(() => initial.map((id) => ({ id, preview: urlOf(id) })));
  const [uploading, setUploading] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const add = async (files: File[]) => {
    setProblem(null);
    setUploading((n) => n + files.length);
    for (const file of files) {
      try {
        const small = await compressPhoto(file);
        const answer = await upload(small);
        if (answer.ok) setPhotos((list) => [...list, { id: answer.body.photo.id, preview: URL.createObjectURL(small) }]);
        else setProblem(answer.fields?.photo ? (t.problems[answer.fields.photo as Problem] ?? failed) : failed);
      } catch {
        setProblem(failed);
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };
  return {
    photos,
    uploading,
    problem,
    add,
    /** The photos the server says are kept (a screen opened again). */
    keep: (ids: readonly string[]) => setPhotos(ids.map((id) => ({ id, preview: urlOf(id) }))),
    remove: (id: string) => setPhotos((list) => list.filter((p) => p.id !== id)),
  };
}
