import sedan from '../assets/cars/sedan.svg';
import suv from '../assets/cars/suv.svg';
import sports from '../assets/cars/sports.svg';
import type { CarPicture as Kind, ImageSizes } from '../../machines/fleet';
import { imagePath, srcSetOf } from '../../machines/images';
import { Drawing } from './Drawing';

const PICTURES: Record<Kind, string> = { sedan, suv, sports };

/**
 * The car as renters see it: its company's photo when it has one (16:9, every size offered, the
 * browser taking the one its screen needs), else the app's own art of its type (drawn from the page
 * when the page has it). Either way the box is known before it loads, so nothing shifts.
 */
export function CarPicture({ kind, photo, alt, className }: { kind: Kind; photo?: ImageSizes; alt: string; className?: string }) {
  const size = photo?.[0];
  return size ? (
    <img src={imagePath(size.hash)} srcSet={srcSetOf(photo!)} sizes="(max-width:600px) 100vw,600px" alt={alt} width={size.width} height={size.height} className={className} />
  ) : (
    <Drawing name={kind} file={PICTURES[kind]} alt={alt} width={320} height={180} className={className} />
  );
}
