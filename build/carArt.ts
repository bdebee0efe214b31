// The cars' art (src/assets/cars/*.svg) as one hidden SVG of <symbol>s, put in the pages whose first
// HTML shows cars (src/ui/CarPicture.tsx draws each picture as a <use> of it). Each drawing's own
// ids are already its kind's (sedan-w, suv-b…), so the three live side by side.
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';

export function carArtSprite(root: string, id: string): string {
  const dir = join(root, 'src/assets/cars');
  const symbols = readdirSync(dir)
    .filter((file) => file.endsWith('.svg'))
    .sort()
    .map((file) => {
      const svg = readFileSync(join(dir, file), 'utf8').trim();
      const open = /^<svg[^>]*\bviewBox="([^"]+)"[^>]*>/.exec(svg);
      if (!open || !svg.endsWith('</svg>')) throw new Error(`${file}: not one <svg> with a viewBox`);
      const body = svg.slice(open[0].length, -'</svg>'.length).replace(/\n\s*/g, '');
      return `<symbol id="${id}-${basename(file, '.svg')}" viewBox="${open[1]}">${body}</symbol>`;
    });
  // Not display:none: a clip path in a hidden SVG draws nothing where it is used. 0×0 takes no room.
  return `<svg id="${id}" width="0" height="0" aria-hidden="true">${symbols.join('')}</svg>`;
}
