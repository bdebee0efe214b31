// Vitest global setup: one PGlite database, migrated and seeded, made once per run. Each test file
// opens its own copy of it (a folder copy opens in a fraction of a second; a fresh PGlite takes
// several), so files run in parallel without sharing records.
import { appendFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { readConfig } from '../../server/config';
import { openDatabase } from '../../server/db/open';
import { seed } from '../../server/seed';
import { scratchDir } from './scratch';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, seeded PGlite data folder to copy. */
    pgliteTemplate: string;
  }
}

// Made once for the projects that list it (the screens' and the API's): each project runs its
// global setup on a module of its own, so the run keeps it on globalThis.
const shared = Symbol.for('movecar.pgliteTemplate');
type Shared = { dir: Promise<string>; users: number };
const scope = globalThis as unknown as Record<symbol, Shared | undefined>;

export default async function setup(project: TestProject) {
  const template = (scope[shared] ??= { dir: makeTemplate(), users: 0 });
  template.users += 1;
  project.provide('pgliteTemplate', await template.dir);
  return async () => {
    if (--template.users > 0) return;
    scope[shared] = undefined;
    rmSync(await template.dir, { recursive: true, force: true });
  };
}

/**
 * The template's folder, for a global setup in this process (the browser tests' in-process servers);
 * test files get it with `inject('pgliteTemplate')`.
 */
export function pgliteTemplate(): Promise<string> {
  const template = scope[shared];
  if (!template) throw new Error('tests/support/template.ts must be a global setup of this project, before this one');
  return template.dir;
}

async function makeTemplate() {
  const dir = scratchDir('movecar-template-');
  const database = await openDatabase({ dataDir: dir });
  await seed(database.db, { ...readConfig({ DEMO: '1' }), scryptCost: 1024 });
  await database.close();
  // A test's database holds a few hundred rows. PGlite's 128 MB of shared buffers (initdb's default)
  // are set up in WebAssembly memory at every start: a copy opened in 0.19 s with them, 0.12 s with
  // 16 MB (eight opens each), and the tests open a copy for every server they start (`unit` and
  // `server` together: 140 → 125 s, 250 → 221 s of CPU).
  appendFileSync(join(dir, 'pglite', 'postgresql.conf'), '\nshared_buffers = 16MB\n');
  return dir;
}
