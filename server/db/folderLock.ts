// One process at a time on an embedded database's folder. PGlite has no lock of its own: two
// processes on one DATA_DIR both opened it, both wrote, and the next start found its catalog broken
// (every record lost). The lock is a Unix socket in Linux's abstract namespace, named for the
// folder: the kernel lets one process hold a name, and frees it when that process ends, however it
// ends (a kill -9 leaves no stale lock to clear, and two processes starting at once cannot both
// take it). The holder answers whoever connects with its pid, for the refusal to name it. Other
// systems (a developer's macOS) get a pid file, taken with an exclusive create.
import { createHash } from 'node:crypto';
import { openSync, readFileSync, realpathSync, rmSync, writeSync, closeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { connect, createServer, type Server } from 'node:net';

export interface FolderLock {
  release(): Promise<void>;
}

/** Why a folder could not be locked: another process holds it (its pid when it said). */
export class FolderInUse extends Error {
  constructor(
    readonly folder: string,
    readonly holder: { pid: number; host: string; since: string } | null,
  ) {
    const who = holder ? `process ${holder.pid} on ${holder.host}, since ${holder.since}` : 'another process';
    super(
      `The embedded database in ${folder} is open in ${who}. One process at a time may open it (two corrupt it): stop that one first, or run several on PostgreSQL (DATABASE_URL).`,
    );
    this.name = 'FolderInUse';
  }
}

const about = () => JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() });

/** Takes the lock on `folder` (which exists), or throws FolderInUse. */
export async function lockFolder(folder: string, kind: 'socket' | 'file' = process.platform === 'linux' ? 'socket' : 'file'): Promise<FolderLock> {
  const real = realpathSync(folder);
  return kind === 'socket' ? lockBySocket(real) : lockByFile(real);
}

async function lockBySocket(folder: string): Promise<FolderLock> {
  const name = `\0movecar-pglite-${createHash('sha256').update(folder).digest('hex')}`;
  const line = about();
  const server: Server = createServer((socket) => socket.end(line));
  const taken = await new Promise<boolean>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? resolve(false) : reject(error)));
    server.listen(name, () => resolve(true));
  });
  if (!taken) throw new FolderInUse(folder, await askHolder(name));
  // The lock never keeps the process alive by itself.
  server.unref();
  return { release: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** What the process holding `name` says of itself; null if it says nothing within a second. */
function askHolder(name: string): Promise<FolderInUse['holder']> {
  return new Promise((resolve) => {
    let text = '';
    const socket = connect(name);
    const give = (holder: FolderInUse['holder']) => {
      socket.destroy();
      resolve(holder);
    };
    socket.setTimeout(1_000, () => give(null));
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('error', () => give(null));
    socket.on('end', () => {
      try {
        give(JSON.parse(text) as FolderInUse['holder']);
      } catch {
        give(null);
      }
    });
  });
}

/** The pid file: made with O_EXCL; one whose process is gone (same host) is removed and taken again. */
async function lockByFile(folder: string): Promise<FolderLock> {
  const path = join(folder, 'movecar.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, about());
      closeSync(fd);
      return { release: async () => rmSync(path, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(path);
    if (holder && (holder.host !== hostname() || alive(holder.pid))) throw new FolderInUse(folder, holder);
    rmSync(path, { force: true });
  }
  throw new FolderInUse(folder, readHolder(path));
}

function readHolder(path: string): FolderInUse['holder'] {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as FolderInUse['holder'];
  } catch {
    return null;
  }
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
