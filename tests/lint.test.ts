// @vitest-environment node
// The lint keeps the imports acyclic (eslint.config.js, import-x/no-cycle): two modules that import each
// other fail it; a type-only import back does not (it is gone once compiled). The whole tree passing is
// `npm run lint`'s to show, in CI.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

// Inside the project, where its configuration applies (a folder the lint of the tree never sees: removed after).
const dir = mkdtempSync(join(process.cwd(), 'server', '.cycle-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cyclesIn(files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const results = await new ESLint({ cwd: process.cwd() }).lintFiles(Object.keys(files).map((name) => join(dir, name)));
  return results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'import-x/no-cycle').map(() => r.filePath.slice(dir.length + 1)));
}

describe('the import-cycle rule', () => {
  it('fails two modules that import each other', async () => {
    const found = await cyclesIn({
      'a.ts': "import { b } from './b';\nexport const a = () => b() + 1;\n",
      'b.ts': "import { a } from './a';\nexport const b = () => 1;\nexport const twice = () => a() * 2;\n",
    });
    expect(found.sort()).toEqual(['a.ts', 'b.ts']);
  }, 60_000);

  it('lets a type-only import point back', async () => {
    const found = await cyclesIn({
      'c.ts': "import type { D } from './d';\nexport const c = (d: D) => d.n;\n",
      'd.ts': "import { c } from './c';\nexport interface D { n: number }\nexport const d = () => c({ n: 1 });\n",
    });
    expect(found).toEqual([]);
  }, 60_000);
});
