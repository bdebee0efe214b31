// Vitest global setup of the PostgreSQL half of the server tests: runs only with TEST_DATABASE_URL
// (CI starts Debian's PostgreSQL 15 and sets it); without it, says clearly that it was skipped.
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server to create test databases on; empty when the PostgreSQL half is skipped. */
    postgresUrl: string;
  }
}

export default function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL ?? '';
  if (!url) {
    const message = 'TEST_DATABASE_URL is not set: the server tests against PostgreSQL were SKIPPED (only PGlite ran).';
    if (process.env.REQUIRE_POSTGRES) throw new Error(message);
    console.warn(`\n*** ${message}\n*** .ci/run starts PostgreSQL and runs them; see README, "PostgreSQL".\n`);
  }
  project.provide('postgresUrl', url);
}
