// Photos taken on a phone are several megabytes: they are made smaller in the browser before they
// are uploaded (a counter's mobile data, the server's disk). A browser that cannot decode the image
// sends it as it is; the server still checks what it is.

/** The longest side a handover photo keeps: enough to see a scratch, a few hundred kilobytes. */
export const PHOTO_MAX_SIDE = 1600;

export async function compressPhoto(file: File): Promise<File> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.82));
    // Smaller only: a small PNG can grow as a JPEG.
    return blob && blob.size < file.size ? new File([blob], file.name.replace(/\.\w+$/, '') + '.jpg', { type: 'image/jpeg' }) : file;
  } catch {
    return file;
  }
}
