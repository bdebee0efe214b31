// Where a company's uploaded pictures are served (a logo, a car's photo): each size is a file named by
// the SHA-256 of its bytes, so the name never changes and a browser keeps it for a year.
import type { ImageSizes } from './fleet';

export const imagePath = (hash: string) => `/api/images/${hash}`;

/** Every size of a picture, for `<img srcset>`: the browser takes the one its screen needs. */
export const srcSetOf = (sizes: ImageSizes) => sizes.map((s) => `${imagePath(s.hash)} ${s.width}w`).join(', ');
