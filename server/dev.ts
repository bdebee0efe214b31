// `npm run dev`: one process serves the app (Vite, with hot reload) and the API (/api) on the
// embedded database under DATA_DIR, with the demo shortcuts and the local UAE PASS stand-in.
// `tsx watch` restarts it when server or machine code changes.
import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createServer as createVite } from 'vite';
import { readConfig } from './config';
import { openDatabase } from './db/open';
import { makeDeps, uaePassFor } from './deps';
import { createApp } from './app';
import { seed, SAMPLE_MANAGER } from './seed';

const config = readConfig({ DEMO: '1', PORT: '5173', ...process.env });
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await seed(database.db, config);

const origins = [`http://localhost:${config.port}`, `http://127.0.0.1:${config.port}`];
const deps = await makeDeps(config, database);
const { uaePass, local } = await uaePassFor(config, origins, true);
deps.uaePass = uaePass;
const api = getRequestListener(createApp(deps).fetch);

const server = createServer();
const vite = await createVite({ server: { middlewareMode: true, hmr: { server } }, appType: 'spa' });
server.on('request', (req, res) => (req.url?.startsWith('/api/') ? api(req, res) : vite.middlewares(req, res)));
server.listen(config.port, config.host === '127.0.0.1' ? 'localhost' : config.host, () => {
  console.log(`\n  Move car (dev) on http://localhost:${config.port}  ·  API /api  ·  data ${config.dataDir}`);
  console.log(`  Sample manager: ${SAMPLE_MANAGER.email} / ${SAMPLE_MANAGER.password}`);
  if (local) console.log(`  UAE PASS stand-in: ${local.issuer} (signs in a sample verified person)\n`);
});

const stop = async () => {
  server.close();
  await vite.close();
  await local?.close();
  await deps.live.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
