import sedan from '../assets/cars/sedan.svg';
import suv from '../assets/cars/suv.svg';
import sports from '../assets/cars/sports.svg';
import type { CarPicture as Kind, ImageSizes } from '../../machines/fleet';
import { imagePath, srcSetOf } from '../../machines/images';

const PICTURES: Record<Kind, string> = { sedan, suv, sports };

/** The id of the page's own drawings of the cars (build/carArt.ts), when the page has them. */
export const CAR_ART_ID = 'car-art';
// A page whose first HTML shows cars (Home, Services) carries the art as <symbol>s: each picture is
// then drawn with the page's first frame instead of one request later. Rendered on the server, the
// page has them; in the browser, the page it started from says (the same answer before hydration and
// after, so both renders agree); elsewhere each picture is its file.
const ART_IN_PAGE = typeof document === 'undefined' || document.getElementById(CAR_ART_ID) !== null;

/**
 * The car as renters see it: its company's photo when it has one (16:9, every size offered, the
 * browser taking the one its screen needs), else the app's own art of its type. Either way the box is
 * known before it loads (16:9), so nothing shifts.
 */
export function CarPicture({ kind, photo, alt, className }: { kind: Kind; photo?: ImageSizes; alt: string; className?: string }) {
  const size = photo?.[0];
  return size ? (
    <img src={imagePath(size.hash)} srcSet={srcSetOf(photo!)} sizes="(max-width:600px) 100vw,600px" alt={alt} width={size.width} height={size.height} className={className} />
  ) : ART_IN_PAGE ? (
    <svg viewBox="0 0 320 180" width={320} height={180} className={className} role="img" aria-label={alt || undefined} aria-hidden={!alt || undefined}>
      <use href={`#${CAR_ART_ID}-${kind}`} />
    </svg>
  ) : (
    <img src={PICTURES[kind]} alt={alt} width={320} height={180} className={className} />
  );
}
