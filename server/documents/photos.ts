// Photos taken on a phone (a handover's, an incident's): compressed by the browser, checked here by
// their bytes, kept in the document store; served only to those they concern, never cached by others.
import type { Context } from 'hono';
import { z } from 'zod';
import type { Deps } from '../deps';
import { upload } from '../http/validate';
import { sha256, sniffType, UPLOAD_LIMIT } from './store';

const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
/** A photo's multipart body: the photo (compressed by the browser first) and little else. */
export const PHOTO_BODY_MAX = UPLOAD_LIMIT + 16 * 1024;
export const photoForm = z.object({ photo: upload });

type Refusal =
  | { refused: { error: 'invalid'; fields: { photo: 'required' | 'fileSize' | 'fileType' } }; status: 400 }
  | { refused: { error: 'storageFull' }; status: 507 };

/** Checks a photo by its content (JPEG, PNG or WebP) and keeps it: what its row records, or the answer that refuses it. */
export async function keepPhoto(deps: Deps, file: File): Promise<Refusal | { kept: { contentType: string; size: number; storageKey: string; sha256: string } }> {
  const invalid = (photo: 'required' | 'fileSize' | 'fileType') => ({ refused: { error: 'invalid' as const, fields: { photo } }, status: 400 as const });
  if (file.size === 0) return invalid('required');
  if (file.size > UPLOAD_LIMIT) return invalid('fileSize');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffType(bytes);
  if (!type || !PHOTO_TYPES.has(type)) return invalid('fileType');
  if (!(await deps.documents.room(bytes.byteLength))) return { refused: { error: 'storageFull' as const }, status: 507 as const };
  const storageKey = await deps.documents.put(bytes);
  return { kept: { contentType: type, size: bytes.byteLength, storageKey, sha256: sha256(bytes) } };
}

/** A kept photo's bytes: the id's bytes never change, so the browser keeps them; nothing shared does. */
export const photoResponse = (c: Context, bytes: Uint8Array, contentType: string) =>
  c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': contentType,
    'Cache-Control': 'private, max-age=31536000, immutable',
    'Content-Security-Policy': "default-src 'none'; img-src 'self'; sandbox",
  });
