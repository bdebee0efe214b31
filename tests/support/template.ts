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

export default async function setup(project: TestProject) {
  const dir = scratchDir('movecar-template-');
  const database = await openDatabase({ dataDir: dir });
  await seed(database.db, { ...readConfig({ DEMO: '1' }), scryptCost: 1024 });
  await database.close();
  project.provide('pgliteTemplate', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
