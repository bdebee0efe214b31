// Vitest global setup: one PGlite database, migrated and seeded, made once per run. Each test file
// opens its own copy of it (a folder copy opens in a fraction of a second; a fresh PGlite takes
// several), so files run in parallel without sharing records.
import { rmSync } from 'node:fs';
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

async function makeTemplate() {
  const dir = scratchDir('movecar-template-');
  const database = await openDatabase({ dataDir: dir });
  await seed(database.db, { ...readConfig({ DEMO: '1' }), scryptCost: 1024 });
  await database.close();
  return dir;
}
