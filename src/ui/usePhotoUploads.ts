import { useState } from 'react';
import type { Problem } from '../../machines/validation';
import type { Answer } from '../client/api';
import { useLocale } from '../i18n/locale';
import { compressPhoto } from './photos';

/**
 * Photos a renter takes and uploads one by one, each made smaller first (a car at return, an
 * incident's scene): the ids kept, how many are on their way, and why the last one was refused (in
 * the form's words, else `failed`).
 */
export function usePhotoUploads(upload: (photo: File) => Promise<Answer<{ photo: { id: string } }>>, failed: string) {
  const { t } = useLocale('forms');
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const add = async (files: File[]) => {
    setProblem(null);
    setUploading((n) => n + files.length);
    for (const file of files) {
      try {
        const answer = await upload(await compressPhoto(file));
        if (answer.ok) setPhotos((list) => [...list, answer.body.photo.id]);
        else setProblem(answer.fields?.photo ? (t.problems[answer.fields.photo as Problem] ?? failed) : failed);
      } catch {
        setProblem(failed);
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };
  return { photos, setPhotos, uploading, problem, add };
}
