// Vitest global setup of the PostgreSQL half of the server tests: runs only with TEST_DATABASE_URL
// (CI starts Debian's PostgreSQL 15 and sets it).
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server to create test databases on. */
    postgresUrl: string;
  }
}

export default function setup(project: TestProject) {
  // Without TEST_DATABASE_URL the project has no files and this does not run (vite.config.ts says so).
  project.provide('postgresUrl', process.env.TEST_DATABASE_URL ?? '');
}
