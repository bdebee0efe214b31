// Password hashing (scrypt at its production cost, ~100 ms of a core each) on threads of its own that
// run at a lower priority than everything else in the process. On the libuv pool a burst of
// registrations and log-ins took the cores from the requests that do not hash: a crowd's journey
// steps waited behind them (npm run bench:api). At a lower priority a hash takes what the cores have
// left; the gate (passwords.ts) still decides how many run at once and whose turn it is.
import { Worker } from 'node:worker_threads';
import type { ScryptOptions } from 'node:crypto';

/**
 * How much lower (a nice value, 0–19). Measured with npm run bench:api on two cores (2026-11-28):
 * at 10 a flood of refused log-ins left the real user's hash a tenth of a core (log-in p95 1.2 s);
 * at 4 a crowd's steps p95 went from 2,002 to 103 ms on PostgreSQL and the log-in during a flood
 * stayed at p95 0.7 s (0.5 s on the pool).
 */
const NICENESS = 4;

// The worker is plain CommonJS given as text: the same in development (tsx), in tests (Vitest) and in
// the compiled server, with no file of its own to bundle. On Linux a thread's id can be given to
// setpriority; elsewhere it runs at the usual priority.
const WORKER = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(tid, ${NICENESS});
} catch {}
parentPort.on('message', ({ password, salt, keyLength, options }) => {
  try {
    parentPort.postMessage({ key: scryptSync(password, salt, keyLength, options) });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : 'scrypt failed' });
  }
});
`;

type Answer = { key?: Uint8Array; error?: string };
const idle: Worker[] = [];
/** Idle threads kept for the next hashes; more (after HASH_CONCURRENCY's many at once) end. */
const KEEP = 8;

/** A thread for one hash: an idle one, or a new one (the gate keeps them few). */
function thread(): Worker {
  const worker = idle.pop() ?? new Worker(WORKER, { eval: true });
  worker.ref(); // while it hashes, the process waits for it (a command that hashes then exits)
  return worker;
}

/** scrypt on a low-priority thread; resolves with the derived key. */
export function scryptLow(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  const worker = thread();
  return new Promise<Buffer>((resolve, reject) => {
    const done = (answer: Answer) => {
      worker.off('error', failed);
      worker.unref(); // idle, it keeps nothing alive
      if (idle.length < KEEP) idle.push(worker);
      else void worker.terminate();
      if (answer.key) resolve(Buffer.from(answer.key.buffer, answer.key.byteOffset, answer.key.byteLength));
      else reject(new Error(answer.error ?? 'scrypt failed'));
    };
    const failed = (error: Error) => {
      worker.off('message', done);
      reject(error); // a thread that died is not given another hash
    };
    worker.once('message', done);
    worker.once('error', failed);
    worker.postMessage({ password, salt, keyLength, options });
  });
}
