// Photos taken on a phone (a handover's, an incident's): compressed by the browser, checked here by
// their bytes, kept in the document store without their metadata; served only to those they concern,
// never cached by others.
import type { Context } from 'hono';
import { z } from 'zod';
import sharp from 'sharp';
import type { AppEnv } from '../deps';
import { overPictureAllowance } from '../auth/usage';
import { upload } from '../http/validate';
import { MAX_INPUT_PIXELS, sha256, sniffType, UPLOAD_LIMIT } from './store';

const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
/** A photo's multipart body: the photo (compressed by the browser first) and little else. */
export const PHOTO_BODY_MAX = UPLOAD_LIMIT + 16 * 1024;
export const photoForm = z.object({ photo: upload });

/**
 * Checks a photo by its content (JPEG, PNG or WebP), counts it against the person's picture
 * allowances (server/auth/usage.ts), re-encodes it without what the camera wrote in it (place,
 * device, time: sharp keeps no metadata unless asked) and keeps it. What its row records, or the
 * answer that refuses it.
 */
export async function keepPhoto(c: Context<AppEnv>, file: File): Promise<Response | { kept: KeptPhoto }> {
  const deps = c.var.deps;
  const invalid = (photo: 'required' | 'fileSize' | 'fileType') => c.json({ error: 'invalid' as const, fields: { photo } }, 400);
  if (file.size === 0) return invalid('required');
  if (file.size > UPLOAD_LIMIT) return invalid('fileSize');
  const tooMany = await overPictureAllowance(c, file.size);
  if (tooMany) return tooMany;
  const given = new Uint8Array(await file.arrayBuffer());
  const type = sniffType(given);
  if (!type || !PHOTO_TYPES.has(type)) return invalid('fileType');
  const bytes = await withoutMetadata(given, type);
  if (!bytes) return invalid('fileType');
  if (!(await deps.documents.room(bytes.byteLength))) return c.json({ error: 'storageFull' as const }, 507);
  const storageKey = await deps.documents.put(bytes);
  return { kept: { contentType: type, size: bytes.byteLength, storageKey, sha256: sha256(bytes) } };
}

interface KeptPhoto {
  contentType: string;
  size: number;
  storageKey: string;
  sha256: string;
}

/**
 * The photo as it stands (EXIF orientation applied), in its own format, with no metadata: JPEG and
 * WebP at a quality a phone's compressed photo keeps its detail at, PNG lossless. Null when it does
 * not decode, or would decode into more pixels than a phone's camera takes.
 */
async function withoutMetadata(bytes: Uint8Array, type: string): Promise<Uint8Array | null> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const encoded = type === 'image/png' ? image.png() : type === 'image/webp' ? image.webp({ quality: 90 }) : image.jpeg({ quality: 90 });
    return new Uint8Array(await encoded.toBuffer());
  } catch {
    return null;
  }
}

/** A kept photo's bytes: the id's bytes never change, so the browser keeps them; nothing shared does. */
export const photoResponse = (c: Context, bytes: Uint8Array, contentType: string) =>
  c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': contentType,
    'Cache-Control': 'private, max-age=31536000, immutable',
    'Content-Security-Policy': "default-src 'none'; img-src 'self'; sandbox",
  });
