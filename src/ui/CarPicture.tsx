import sedan from '../assets/cars/sedan.svg';
import suv from '../assets/cars/suv.svg';
import sports from '../assets/cars/sports.svg';
import type { CarPicture as Kind } from '../../machines/fleet';

const PICTURES: Record<Kind, string> = { sedan, suv, sports };

/** Local car art with fixed intrinsic size, so nothing shifts while it loads. */
export function CarPicture({ kind, alt, className }: { kind: Kind; alt: string; className?: string }) {
  return <img src={PICTURES[kind]} alt={alt} width={320} height={180} className={className} />;
}
