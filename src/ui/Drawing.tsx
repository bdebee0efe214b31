// The app's own drawings: the cars' art and the logo. A page whose first HTML shows one carries it
// as a <symbol> of a hidden SVG (build/art.ts), and the drawing is a <use> of it: painted with the
// page's first frame, with no request before it. Rendered on the server, the page will have it; in
// the browser, the page it started from says (the same answer before hydration and after, so both
// renders agree); elsewhere the drawing is its file.

/** The id of the page's hidden SVG of drawings; each drawing's symbol is `${ART_ID}-${name}`. */
export const ART_ID = 'art';

const inPage = (name: string) => typeof document === 'undefined' || document.getElementById(`${ART_ID}-${name}`) !== null;

/** A drawing of `width`×`height` (its file's own box), with `alt` as its name ('' when it says nothing). */
export function Drawing({ name, file, alt, width, height, className }: { name: string; file: string; alt: string; width: number; height: number; className?: string }) {
  return inPage(name) ? (
    <svg viewBox={`0 0 ${width} ${height}`} width={width} height={height} className={className} role="img" aria-label={alt || undefined} aria-hidden={!alt || undefined}>
      <use href={`#${ART_ID}-${name}`} />
    </svg>
  ) : (
    <img src={file} alt={alt} width={width} height={height} className={className} />
  );
}
