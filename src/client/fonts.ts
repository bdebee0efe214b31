// When the app's own faces (src/fonts.css) are used. A first visit paints in the phone's own faces,
// metric-matched to them, so the first paint waits for no font, and text never reflows under the
// reader's eyes when one arrives (a swap moves lines: measured, it shifted whole screens). Once the
// page is up the browser fetches the app's faces, and takes them at the next screen change, right
// after the renter's tap. Later visits start with them: the page's head reads the flag this leaves
// (FONTS_FLAG_SCRIPT, inlined by build/prerender.ts) before anything is painted.

import { whenIdle } from './idle.ts';

const FONTS_KEY = 'movecar.fonts';

/** Sets `data-fonts` on the page (src/styles.css then names the app's faces) when the browser has them. */
export const FONTS_FLAG_SCRIPT = `try{localStorage.getItem('${FONTS_KEY}')&&(document.documentElement.dataset.fonts='')}catch(e){}`;

const root = () => document.documentElement;

/** The app's faces, from now on (a page with nothing painted yet, or one the renter is leaving). */
export function showFonts(): void {
  root().dataset.fonts = '';
}

/** The faces a page in this language uses: Inter for Latin letters and digits, Noto Sans Arabic too. */
function fetchFaces(arabic: boolean): Promise<void> {
  const faces = [400, 600, 700].flatMap((weight) => [
    document.fonts.load(`${weight} 1em Inter`, 'a'),
    ...(arabic ? [document.fonts.load(`${weight} 1em "Noto Sans Arabic"`, 'ب')] : []),
  ]);
  return Promise.all(faces).then(() => {
    try {
      localStorage.setItem(FONTS_KEY, '1');
    } catch {
      // Storage refused (private mode): the next visit starts in the phone's faces again.
    }
  });
}

/** Where the app goes next: called with the new path on each navigation; returns how to stop. */
type Navigations = (listener: (pathname: string) => void) => () => void;

/**
 * For a prerendered page painted without the app's faces: fetches them once the page is idle, and
 * shows them when the renter moves to another screen.
 */
export function showFontsAtNextScreen(arabic: boolean, navigations: Navigations): void {
  if ('fonts' in root().dataset) return;
  whenIdle(() => void fetchFaces(arabic).catch(() => undefined)); // offline: the phone's faces stay
  const here = window.location.pathname;
  const stop = navigations((pathname) => {
    if (pathname === here) return;
    stop();
    showFonts();
  });
}
