// The app's drawings (the cars' art, src/assets/cars/*.svg, and the logo) as <symbol>s of one hidden
// SVG, put in a page for the ones its first HTML shows (src/ui/Drawing.tsx draws each as a <use> of
// its symbol). The cars' drawings' own ids are already their kind's (sedan-w, suv-b…), so they live
// side by side.
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';

function symbolOf(file: string, id: string): string {
  const svg = readFileSync(file, 'utf8').trim();
  const open = /^<svg[^>]*\bviewBox="([^"]+)"[^>]*>/.exec(svg);
  if (!open || !svg.endsWith('</svg>')) throw new Error(`${file}: not one <svg> with a viewBox`);
  const body = svg.slice(open[0].length, -'</svg>'.length).replace(/\n\s*/g, '');
  return `<symbol id="${id}" viewBox="${open[1]}">${body}</symbol>`;
}

/**
 * What a page carries of the drawings: those its HTML uses (`#${id}-name`), and every car's on a page
 * rendered live (its cars are the companies' of the moment, src/screens/services, src/screens/home).
 */
export function pageArt(root: string, id: string): (html: string, live: boolean) => string {
  const dir = join(root, 'src/assets/cars');
  const cars = readdirSync(dir).filter((file) => file.endsWith('.svg')).sort().map((file) => join(dir, file));
  const drawings = [...cars, join(root, 'src/assets/logo.svg')].map((file) => {
    const name = basename(file, '.svg');
    return { name, car: cars.includes(file), symbol: symbolOf(file, `${id}-${name}`) };
  });
  return (html, live) => {
    const shown = drawings.filter((d) => (live && d.car) || html.includes(`"#${id}-${d.name}"`));
    // Not display:none: a clip path in a hidden SVG draws nothing where it is used. 0×0 takes no room.
    return shown.length > 0 ? `<svg id="${id}" width="0" height="0" aria-hidden="true">${shown.map((d) => d.symbol).join('')}</svg>` : '';
  };
}
