/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const serverTests = ['tests/server/**/*.test.ts'];

export default defineConfig({
  plugins: [react()],
  build: { target: 'es2022' },
  test: {
    projects: [
      {
        // Screens, forms and model-based paths in jsdom, against the real server in-process (PGlite);
        // machine and rule tests in Node.
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          setupFiles: ['tests/setup.ts'],
          globalSetup: ['tests/support/template.ts'],
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/e2e/**', ...serverTests],
          testTimeout: 20_000,
        },
      },
      {
        // The API against PGlite, in-process.
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          globalSetup: ['tests/support/template.ts'],
          include: serverTests,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The same API tests against PostgreSQL (TEST_DATABASE_URL); skipped, and said so, without it.
        extends: true,
        test: {
          name: 'server-postgres',
          environment: 'node',
          globalSetup: ['tests/support/postgres.ts'],
          include: serverTests,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Real Chromium against the production server (tests/e2e/global-setup.ts builds and starts it).
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
