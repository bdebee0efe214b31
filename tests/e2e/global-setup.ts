import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { preview } from 'vite';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the served production build; empty when the browser tests are skipped. */
    baseURL: string;
    /** Path of the Chromium binary; empty when none was found. */
    chromium: string;
  }
}

const OUT_DIR = 'tests/e2e/output/dist';
// vite's package exports hide bin/, so resolve it from the package.json next to it.
const VITE = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');

/** Builds the app once and serves it on a free loopback port for the Chromium tests. */
export default async function setup(project: TestProject) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    const message = `Chromium not found at ${chromium}: the browser tests did NOT run.`;
    // CI must never pass without them (.ci/run installs Debian's chromium and sets REQUIRE_CHROMIUM).
    if (process.env.CI || process.env.REQUIRE_CHROMIUM) throw new Error(message);
    console.warn(`\n*** ${message}\n*** Install it with: apt-get install chromium (or set CHROMIUM_PATH)\n`);
    project.provide('chromium', '');
    project.provide('baseURL', '');
    return;
  }

  // Build in a child process: Vitest's NODE_ENV=test would otherwise bundle React's development build
  // and dev JSX runtime. The browser tests check what ships.
  execFileSync(
    process.execPath,
    [VITE, 'build', '--outDir', OUT_DIR, '--emptyOutDir', '--logLevel', 'warn'],
    {
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'inherit',
    },
  );
  const server = await preview({
    logLevel: 'warn',
    build: { outDir: OUT_DIR },
    preview: { host: '127.0.0.1', port: 0, strictPort: false },
  });
  const address = server.httpServer.address();
  if (!address || typeof address === 'string') throw new Error('preview server has no port');
  project.provide('chromium', chromium);
  project.provide('baseURL', `http://127.0.0.1:${address.port}`);
  return async () => {
    await server.close();
  };
}
