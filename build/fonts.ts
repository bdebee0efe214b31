// The Arabic face cut to the basic Arabic block (letters, digits, punctuation; the shaping forms come
// along through the font's own substitution tables): a 49 KB woff2 per weight becomes about 21 KB,
// which an Arabic page's first paint waits on. Made at build (and dev) start from @fontsource's files
// into node_modules/.movecar-fonts (src/fonts.css points there); characters outside the block, rare
// in a name or an address, fall to the phone's own Arabic face.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

/** What the cut face covers; src/fonts.css gives the same as its unicode-range. */
export const ARABIC_RANGES: [number, number][] = [
  [0x0600, 0x06ff],
  [0x200c, 0x200f],
  [0x2010, 0x2011],
];
const WEIGHTS = [400, 600, 700];
export const FONTS_DIR = 'node_modules/.movecar-fonts';

const characters = (ranges: [number, number][]) =>
  ranges
    .flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)))
    .join('');

export async function cutArabicFaces(root: string) {
  mkdirSync(join(root, FONTS_DIR), { recursive: true });
  for (const weight of WEIGHTS) {
    const source = join(
      root,
      `node_modules/@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-${weight}-normal.woff2`,
    );
    const target = join(root, FONTS_DIR, `noto-sans-arabic-${weight}.woff2`);
    if (existsSync(target) && statSync(target).mtimeMs >= statSync(source).mtimeMs) continue;
    writeFileSync(
      target,
      await subsetFont(readFileSync(source), characters(ARABIC_RANGES), { targetFormat: 'woff2' }),
    );
  }
}

export function arabicFaces(): Plugin {
  return {
    name: 'movecar:arabic-faces',
    async configResolved(config) {
      // Vitest renders no CSS. Its mode, not its VITEST variable: the browser tests' own build runs in
      // a child process that inherits the variable, and must cut the faces on a fresh clone.
      if (config.mode !== 'test') await cutArabicFaces(config.root);
    },
  };
}
