// @vitest-environment node
// Each screen loads the parts of the catalogs it reads with its code (WORDS_OF in src/app/routes.tsx).
// A part a screen's modules name but the table leaves out would be fetched only once the screen
// renders: a wait after the code, and a prerendered page that cannot be taken over at once. The
// build checks the pages it prerenders; this checks every screen's modules, signed in or not.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WORDS_OF } from '../src/app/routes';
import type { Part } from '../src/i18n/locale';

const root = resolve(__dirname, '..');

function moduleFile(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`])
    if (existsSync(candidate) && statSync(candidate).isFile() && /\.tsx?$/.test(candidate)) return candidate;
  return null;
}

/** The parts named by `useLocale('…')` in a module and in every module of the app it imports. */
function partsRead(file: string, seen = new Set<string>()): Set<Part> {
  const parts = new Set<Part>();
  if (seen.has(file)) return parts;
  seen.add(file);
  // Without comments: a comment that shows `useLocale('…')` reads nothing.
  const source = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
  for (const [, args] of source.matchAll(/useLocale\(([^)]*)\)/g))
    for (const [, part] of args!.matchAll(/'(\w+)'/g)) parts.add(part as Part);
  for (const [, specifier] of source.matchAll(/^import (?!type )[^;]*? from '(\.[^']+)';/gm)) {
    const imported = moduleFile(file, specifier!);
    if (imported) partsRead(imported, seen).forEach((part) => parts.add(part));
  }
  return parts;
}

/** Each page's module, as src/app/routes.tsx loads it (the company's screens through src/app/staffScreens.ts). */
const routes = ['routes.tsx', 'staffScreens.ts'].map((f) => readFileSync(join(root, 'src/app', f), 'utf8')).join('\n');
const pages = [...routes.matchAll(/(\w+): \(\) => import\('\.\.\/([^']+)'\)/g)].map(([, id, module]) => ({
  id: id as keyof typeof WORDS_OF,
  file: join(root, 'src', `${module}.tsx`),
}));

describe('each screen loads the words it reads, with its code', () => {
  it('finds every page of the routes table', () => {
    expect(pages.map((p) => p.id).sort()).toEqual(Object.keys(WORDS_OF).sort());
  });

  it.each(pages)('$id', ({ id, file }) => {
    expect([...partsRead(file)].sort()).toEqual([...WORDS_OF[id]].sort());
  });
});
