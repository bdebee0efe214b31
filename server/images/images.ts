// Pictures a company uploads (its logo; later its cars' photos): checked by their content, decoded and
// resized by sharp into the sizes the screens use, re-encoded as WebP (which also drops what the camera
// wrote in them: place, device), and kept in the document store under the SHA-256 of each size's bytes.
// A size's name is its content, so it is served to anyone with a year's caching and never changes.
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import sharp, { type OutputInfo } from 'sharp';
import { z } from 'zod';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '../../machines/company';
import type { Problem } from '../../machines/validation';
import { imageFiles, type ImageSizes } from '../db/schema';
import type { AppEnv, Deps } from '../deps';
import { validate } from '../http/validate';
import { MAX_INPUT_PIXELS, sha256, sniffType } from '../documents/store';
import { imagePath, srcSetOf } from '../../machines/images';

/** A picture's multipart body: the file and a little room for the form's framing. */
export const IMAGE_BODY_MAX = IMAGE_MAX_BYTES + 16 * 1024;

/** The widths a logo is kept at: 192 px, as the company cards and the admin's page show it, and twice that for sharp screens. */
export const LOGO_WIDTHS = [192, 384] as const;
/**
 * A car's photo: cut to 16:9, as the car cards and the pickup screen draw a car (the app's own car
 * pictures are 16:9 too), at a phone's card width and twice it.
 */
export const CAR_PHOTO = { widths: [400, 800], aspect: 9 / 16 } as const;

type Refusal = { problem: Extract<Problem, 'required' | 'imageType' | 'imageSize' | 'imageUnreadable'> } | { storageFull: true };

/**
 * Decodes the upload and keeps it at each of `widths`: never enlarged, its own aspect kept; or, given an
 * `aspect` (height ÷ width), cut to it from the middle at exactly each width. Outside any transaction:
 * decoding takes a while, and a kept size is a file of its own, valid whoever refers to it (the caller
 * then saves the reference over its record's version).
 */
export async function keepImage(
  deps: Deps,
  companyId: string,
  file: File,
  widths: readonly number[],
  aspect?: number,
): Promise<Refusal | { sizes: ImageSizes }> {
  if (file.size === 0) return { problem: 'required' };
  if (file.size > IMAGE_MAX_BYTES) return { problem: 'imageSize' };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffType(bytes);
  if (!type || !(IMAGE_TYPES as readonly string[]).includes(type)) return { problem: 'imageType' };
  let encoded: { data: Buffer; info: OutputInfo }[];
  try {
    // rotate(): a phone's photo stands as it was taken (EXIF orientation) before the metadata goes.
    const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    encoded = await Promise.all(
      widths.map((width) =>
        source
          .clone()
          .resize(aspect ? { width, height: Math.round(width * aspect), fit: 'cover' } : { width, withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer({ resolveWithObject: true }),
      ),
    );
  } catch {
    return { problem: 'imageUnreadable' };
  }
  if (!(await deps.documents.room(encoded.reduce((sum, e) => sum + e.data.byteLength, 0)))) return { storageFull: true };
  const sizes: ImageSizes = [];
  for (const { data, info } of encoded) {
    const hash = sha256(data);
    // The same bytes uploaded again (by anyone) are the same file: kept once.
    const [known] = await deps.db.select({ hash: imageFiles.hash }).from(imageFiles).where(eq(imageFiles.hash, hash));
    if (!known) {
      const storageKey = await deps.documents.put(new Uint8Array(data));
      await deps.db
        .insert(imageFiles)
        .values({ hash, companyId, contentType: 'image/webp', width: info.width, height: info.height, size: data.byteLength, storageKey })
        .onConflictDoNothing();
    }
    if (!sizes.some((s) => s.hash === hash)) sizes.push({ hash, width: info.width, height: info.height });
  }
  return { sizes };
}

/** A picture as the screens draw it: the smallest size as `src`, every size in `srcSet`, its box for no shift. */
export function imageView(sizes: ImageSizes | null) {
  if (!sizes || sizes.length === 0) return null;
  const [first] = sizes;
  return {
    src: imagePath(first!.hash),
    srcSet: srcSetOf(sizes),
    width: first!.width,
    height: first!.height,
  };
}
export type ImageView = NonNullable<ReturnType<typeof imageView>>;

/** Public: what companies show renters (a logo, a car) is public, and its name is its content. */
export const imageRoutes = new Hono<AppEnv>().get('/:hash', validate('param', z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/) })), async (c) => {
  const { hash } = c.req.valid('param');
  const [row] = await c.var.deps.db.select().from(imageFiles).where(eq(imageFiles.hash, hash));
  const bytes = row ? await c.var.deps.documents.get(row.storageKey) : null;
  if (!row || !bytes) return c.json({ error: 'notFound' as const }, 404);
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': row.contentType,
    'Cache-Control': 'public, max-age=31536000, immutable',
    ETag: `"${hash}"`,
    'Content-Security-Policy': "default-src 'none'; sandbox",
  });
});
