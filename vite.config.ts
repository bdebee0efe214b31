/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/compress.ts';
import { arabicFaces } from './build/fonts.ts';
import { prerenderPages } from './build/prerender.ts';
import { pureRouter } from './build/pure.ts';
import { pwa } from './build/pwa.ts';

const serverTests = ['tests/server/**/*.test.ts'];
// The tests run on the tests' calendar, not the day they run (tests/support/clock.ts; the browser
// tests set it in their server and pages, tests/e2e/browser.ts).
const clock = 'tests/support/clock-setup.ts';
const serverSetup = 'tests/support/server-setup.ts';

/**
 * The API tests against PostgreSQL need a server to run on (TEST_DATABASE_URL; .ci/run starts
 * Debian's and sets it). Without one their project has no files (a file would otherwise start on a
 * PGlite copy the project does not make), and a test run says so; REQUIRE_POSTGRES makes it fail.
 */
function postgresTests(mode: string) {
  if (process.env.TEST_DATABASE_URL) return serverTests;
  const message = 'TEST_DATABASE_URL is not set: the server tests against PostgreSQL were SKIPPED (only PGlite ran).';
  if (mode === 'test' && process.env.REQUIRE_POSTGRES) throw new Error(message);
  if (mode === 'test' && !(globalThis as { postgresSkipSaid?: true }).postgresSkipSaid) {
    (globalThis as { postgresSkipSaid?: true }).postgresSkipSaid = true; // the config is read once per project
    console.warn(`\n*** ${message}\n*** .ci/run starts PostgreSQL and runs them; see README, "PostgreSQL".\n`);
  }
  return [];
}

export default defineConfig(({ command, mode }) => ({
  plugins: [arabicFaces(), react(), pureRouter(), prerenderPages(), pwa(), precompress()],
  // React Router publishes a production build beside the development one its package points to (the
  // same code without its development warnings): the build uses it; development and tests keep the
  // warnings.
  resolve: {
    alias:
      command === 'build'
        ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) }]
        : [],
  },
  build: {
    target: 'es2022',
    // A screen's chunk is preloaded with what it imports, less what the entry has always loaded by
    // then (the runtime, React, the router, the app's shared code and its CSS): every page's script
    // lists each screen's preloads, and naming those again is bytes on every first visit.
    modulePreload: {
      // Vite's polyfill for a browser without modulepreload would run in the entry, the last module a
      // page runs (src/boot.ts has fetched and run the rest by then): about 300 bytes that do nothing.
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'js' ? deps.filter((d) => !/(^|\/)(rolldown-runtime|react|router|app)-[\w-]+\.(js|css)$/.test(d)) : deps,
    },
    // The car pictures and the logo are files of their own (cached like any asset, fetched with the
    // page's HTML that names them), not text inside the JavaScript that every page would carry.
    assetsInlineLimit: (file) => (/[\\/]assets[\\/](cars[\\/]|logo\.svg$)/.test(file) ? false : undefined),
    rolldownOptions: {
      output: {
        // A catalog's part is named by its language too (ar-rental-….js): the two languages' parts
        // share their modules' names.
        chunkFileNames: (chunk) => {
          const words = /[\\/]i18n[\\/](en|ar)[\\/](\w+)\.ts$/.exec(chunk.facadeModuleId ?? '');
          return words ? `assets/${words[1]}-${words[2]}-[hash:7].js` : 'assets/[name]-[hash:7].js';
        },
        // Seven characters of hash (42 bits; rolldown asks that many for this count of chunks) tell a build's files apart; every page's script names
        // every chunk it may preload, and a hash is what gzip cannot shorten.
        assetFileNames: 'assets/[name]-[hash:7][extname]',
        // What every page runs comes in a few cacheable chunks instead of a chain of small ones,
        // split where evaluating them is a task of its own (the boot script runs one per task, see
        // build/prerender.ts): React; the router; the app's shared code. The journey (XState, the
        // journey machine and its client) is a chunk of its own that only the screens driving it
        // load, with them (and a tap on "Rent"); so are the form rules (zod). Each screen stays its
        // own chunk. A group takes what its modules import too, so the order matters (priority, then
        // place): React and the router first, then the app's shared code, then the rest.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              priority: 2,
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            },
            {
              name: 'router',
              priority: 2,
              test: /node_modules[\\/]react-router[\\/]/,
            },
            {
              // The form rules (machines/validation.ts, plain functions, with zod's e-mail pattern
              // alone): a form without the journey, like Emergency's report, takes them without
              // XState or zod (docs/decisions/validation.md).
              name: 'rules',
              test: /node_modules[\\/]zod[\\/]v4[\\/]core[\\/]regexes\.js$|[\\/]machines[\\/]validation\.ts$/,
            },
            {
              // The journey's libraries apart from the journey itself: evaluating the journey's chunk
              // builds its machine, a task of its own (45-70 ms at Lighthouse's 4x CPU together with
              // XState and zod, one task over 50 ms, while it also built its stored snapshot's schemas,
              // which machines/persistence.ts now builds on first use).
              name: 'statecharts',
              test: /node_modules[\\/](xstate|@xstate[\\/]react|use-sync-external-store|zod)[\\/]/,
            },
            {
              name: 'journey',
              test: /[\\/]machines[\\/](journey\.ts|journey[\\/]|persistence\.ts|journeyUpgrades\.ts)|[\\/]src[\\/](client[\\/]journeyClient\.ts|ui[\\/]journey\.tsx)/,
            },
            {
              // The form fields and what a refused submit says: shared by the screens with forms,
              // not part of what a page without one (Home) runs.
              name: 'forms',
              priority: 1,
              // The file field's own icons (the camera, the paper clip) go with it, and how a form sends.
              test: /[\\/]src[\\/]ui[\\/](Field\.tsx|Field\.module\.css|problems\.tsx|useSending\.ts)$|[\\/]lucide-react[\\/].*[\\/](camera|paperclip)\.m?js$/,
              minShareCount: 2,
              // What they use is the app's shared code, which stays where it is.
              includeDependenciesRecursively: false,
            },
            {
              // The rules of a booking once made (its statuses, changes, cancellation, ledger,
              // offers, contracts): shared by the screens about bookings, with or without the
              // journey's machine (Past rentals, Reservations), not by a page that only lists cars.
              // The sample fleet (the journey's placeholder car, old bookings' cars) goes with the
              // rules that read it: in the journey's group it would make the two chunks import each other.
              name: 'booking-rules',
              priority: 1,
              test: /[\\/]machines[\\/](journey-rules|ledger|offers|cards|renter|contract|sampleFleet|refunds)\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              // The app's shared code (layout, session, the UI kit, the rules a page shows: fleet,
              // prices, steps); the catalogs' parts (each language's, each screen's), the carousel
              // (Swiper) and a rental's money, handover records and photos (Ledger, CheckoutRecord,
              // PhotoGallery: never on Home), the radio group (Radix's, about 9 KB: the forms that
              // choose one of a few, none on Home), the date pickers (they bring the form fields), the cars' searches and company names (ui/cars.ts:
              // Home's featured cars, Search, Services and the Home box's chips, not every page), the renter's bookings list (ui/bookings.tsx: it reads the
              // booking rules, a chunk that imports this one) and the staff's sign-in gate and calls (ManagerGate,
              // staffApi: staff code stays out of renters' pages) stay with the pages that need them. Before the journey's
              // group, which would otherwise take these with the journey's modules, away from pages
              // that need no journey.
              name: 'app',
              priority: 1,
              test: (id: string) =>
                (/[\\/]src[\\/](app|client|i18n|ui|data|search)[\\/]/.test(id) &&
                  !/[\\/](i18n[\\/](en|ar)[\\/.]|ui[\\/](Carousel|RadioGroup|DateTimeField|cars\.ts|journey|violation|Ledger|CheckoutRecord|PhotoGallery|Photos\.module|ManagerGate|staffApi|bookings\.tsx)|client[\\/]((journey|violation)Client|staffApi))/.test(id)) ||
                /[\\/]machines[\\/](booking|fleet|money|steps|text)\.ts$/.test(id),
              // Only what many pages share: a part one or two screens use stays with them.
              minShareCount: 4,
            },
          ],
        },
      },
    },
  },
  test: {
    // Every core: Vitest's default leaves one free, which on a two-core machine runs the whole suite in
    // one worker (in CI 1,336 s with one, 1,077 s with two). The screens' waits have a loaded
    // machine's ceiling (tests/support/wait.ts).
    maxWorkers: availableParallelism(),
    projects: [
      {
        // Screens, forms and model-based paths in jsdom, against the real server in-process (PGlite);
        // machine and rule tests in Node. A worker's files share what they import from node_modules
        // and evaluate the app's own modules afresh (tests/support/fresh-modules.ts).
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          setupFiles: ['tests/support/fresh-modules.ts', clock, 'tests/setup.ts'],
          globalSetup: ['tests/support/template.ts'],
          include: ['tests/**/*.test.{ts,tsx}'],
          isolate: false,
          exclude: ['tests/e2e/**', ...serverTests],
          testTimeout: 60_000,
        },
      },
      {
        // The API against PGlite, in-process. After the screens' files (groupOrder; Vitest runs one
        // project after another, by name otherwise): the screens' longest file, the model paths, then
        // starts first and the API's short files fill the end (phase 220 s → 212 s here).
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          setupFiles: [clock, serverSetup],
          globalSetup: ['tests/support/template.ts'],
          include: serverTests,
          isolate: false,
          sequence: { groupOrder: 1 },
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
          setupFiles: [clock, serverSetup],
          globalSetup: ['tests/support/postgres.ts'],
          include: postgresTests(mode),
          isolate: false,
          sequence: { groupOrder: 1 },
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
          // The PGlite template (made once per run, as for the others): the servers the browser tests
          // start open a copy of it instead of a new database (tests/e2e/production.ts).
          globalSetup: ['tests/support/template.ts', 'tests/e2e/global-setup.ts'],
          setupFiles: ['tests/e2e/failures.ts'],
          // After the other projects, with the machine to itself: a browser test shares no core with
          // a unit or server test file. Two files at a time, each on a server it leases while it runs
          // (global-setup.ts): one file at a time left the two cores two-thirds idle (480 s, 346 s so).
          sequence: { groupOrder: 2 },
          maxWorkers: 2,
          // In CI a browser test that fails is run once more, on a new page; the failed try stays in
          // the log with what its page showed (tests/e2e/browser.ts), so a flaky test is still seen.
          retry: process.env.CI ? 1 : 0,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
}));
