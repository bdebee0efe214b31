// The production server as plain JavaScript (`npm run build` runs it after the app's build):
// server/main.ts and the CLI bundled into dist-server/ for Node 20, with the packages they import left
// in node_modules, and the database migrations copied beside them (server/db/open.ts reads them from
// its own folder). `npm start` then runs Node on the output: no TypeScript compiler at run time.
import { cpSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';

export const SERVER_OUT_DIR = 'dist-server';

const migrations = (): Plugin => ({
  name: 'movecar:migrations',
  apply: 'build',
  writeBundle(options) {
    cpSync('server/db/migrations', `${options.dir ?? SERVER_OUT_DIR}/migrations`, { recursive: true });
  },
});

export default defineConfig({
  plugins: [migrations()],
  // No public/ copy, no index.html: this build is the server only.
  publicDir: false,
  build: {
    ssr: true,
    target: 'node20',
    outDir: SERVER_OUT_DIR,
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    rolldownOptions: {
      input: { main: 'server/main.ts', 'create-manager': 'server/cli/createManager.ts', 'payments-standin': 'server/payments/standin/main.ts' },
      // Every file in one folder: server/db/open.ts finds migrations/ beside whichever file it lands in.
      output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
