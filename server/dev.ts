// `npm run dev`: one process serves the app (Vite, with hot reload) and the API (/api) on the
// embedded database under DATA_DIR, with the demo shortcuts and the local UAE PASS and payment stand-ins.
// `tsx watch` restarts it when server or machine code changes.
import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createServer as createVite } from 'vite';
import { readConfig } from './config';
import { openDatabase } from './db/open';
import { makeDeps, stopWorkers, uaePassFor } from './deps';
import { createApp } from './app';
import { seed, SAMPLE_MANAGER } from './seed';
import { reconcileAll } from './journey/intents';
import { applyStep } from './journey/service';
import { startLocalMailbox, type LocalMailbox } from './mail/local';

const env = readConfig({ DEMO: '1', PORT: '5173', ...process.env });
// Without a mail server of its own, e-mails go to the local stand-in and are read at /api/dev/mail.
const mailbox = env.mail.smtpUrl ? null : await startLocalMailbox();
const config = mailbox ? { ...env, mail: { ...env.mail, smtpUrl: mailbox.url } } : env;
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await seed(database.db, config);

const deps = { ...(await makeDeps(config, database)), mailbox };
// As the production server does: steps left half done with the gateway end before anyone is answered.
await reconcileAll(deps, applyStep);
const { uaePass, local } = await uaePassFor(config, [config.publicOrigin], true);
deps.uaePass = uaePass;
const api = getRequestListener(createApp(deps).fetch);

const server = createServer();
const vite = await createVite({ server: { middlewareMode: true, hmr: { server } }, appType: 'spa' });
server.on('request', (req, res) => {
  if (mailbox && req.url === '/api/dev/mail') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(inbox(mailbox));
  return req.url?.startsWith('/api/') ? api(req, res) : vite.middlewares(req, res);
});
server.listen(config.port, config.host === '127.0.0.1' ? 'localhost' : config.host, () => {
  console.log(`\n  Move car (dev) on ${config.publicOrigin}  ·  API /api  ·  data ${config.dataDir}`);
  console.log(`  Sample manager: ${SAMPLE_MANAGER.email} / ${SAMPLE_MANAGER.password}`);
  if (local) console.log(`  UAE PASS stand-in: ${local.issuer} (signs in a sample verified person)`);
  if (deps.paymentsStandIn) console.log(`  Payments stand-in: ${deps.paymentsStandIn.origin} (test cards in docs/payments.md)`);
  if (mailbox) console.log(`  E-mails: caught locally, read them at http://localhost:${config.port}/api/dev/mail\n`);
});

/** The caught e-mails, newest first, each as its own HTML (a development page, not the app's). */
function inbox(box: LocalMailbox) {
  const escape = (t: string) => t.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const items = [...box.messages].reverse().map(
    (m) => `<article><h2>${escape(m.subject)}</h2><p>To ${escape(m.to)} · ${m.at.toISOString()}</p><iframe sandbox="allow-popups allow-top-navigation-by-user-activation" srcdoc="${escape(m.html)}" title="${escape(m.subject)}"></iframe></article>`,
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Move car · caught e-mails</title><style>body{font-family:system-ui;margin:24px}iframe{width:100%;height:420px;border:1px solid #ccc}</style></head><body><h1>Caught e-mails (${box.messages.length})</h1>${items.join('') || '<p>None yet.</p>'}</body></html>`;
}

const stop = async () => {
  server.close();
  await vite.close();
  await local?.close();
  await deps.live.close();
  await stopWorkers(deps);
  await deps.paymentsStandIn?.close();
  await mailbox?.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
