// @vitest-environment node
// build/pure.ts edits React Router's production build by pattern (docs/decisions/build.md): the
// version is pinned, and this says when the installed build no longer has the shapes it edits, before
// the router's unused parts quietly come back into every page (about 4 KB gzipped, measured).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markPure } from '../build/pure';

const DIST = join(process.cwd(), 'node_modules/react-router/dist/production');
const modules = readdirSync(DIST)
  .filter((name) => name.endsWith('.mjs'))
  .map((name) => readFileSync(join(DIST, name), 'utf8'));

describe('marking React Router pure', () => {
  it('is pinned to one version, the one installed', () => {
    const pinned = JSON.parse(readFileSync('package.json', 'utf8')).dependencies['react-router-dom'];
    const installed = JSON.parse(readFileSync('node_modules/react-router/package.json', 'utf8')).version;
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(installed).toBe(pinned);
  });

  it('finds the components and contexts it marks, and leaves none of them unmarked or named', () => {
    const source = modules.join('\n');
    const made = source.match(/\bReact\d*\.(?:forwardRef|createContext|memo)\(/g) ?? [];
    expect(made.length).toBeGreaterThan(10);
    const marked = markPure(source);
    expect(marked.match(/\/\* @__PURE__ \*\/ React\d*\.(?:forwardRef|createContext|memo)\(/g)).toHaveLength(made.length);
    expect(marked).not.toMatch(/^[ \t]*[\w$]+\.displayName = /m);
  });
});
