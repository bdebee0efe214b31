// @vitest-environment node
// One process at a time on an embedded database: a second one on the same DATA_DIR is refused
// before PGlite reads a byte, names the process holding it, and the first goes on untouched. Two
// processes on one folder used to both write and leave a catalog the next start could not read.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { FolderInUse, lockFolder } from '../server/db/folderLock';
import { openDatabase } from '../server/db/open';
import * as schema from '../server/db/schema';
import { scratchCopy, scratchDir } from './support/scratch';

const HOLDER = join(import.meta.dirname, 'support/hold-database.ts');
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the run's migrated and seeded database, in a folder of its own. */
const seededDir = () => {
  const dir = scratchCopy(inject('pgliteTemplate'), 'movecar-lock-');
  dirs.push(dir);
  return dir;
};

/** Another process opening the database in `dataDir`: resolves with what it said first. */
function holder(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', HOLDER, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const said = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    child.once('exit', (code) => reject(new Error(`the holder stopped (${code}): ${out}`)));
  });
  return { child, said };
}

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)));

describe('one process at a time on an embedded database', () => {
  it('a second process on the folder is refused and told which process holds it; the first keeps its data, which the next start reads', async () => {
    const dataDir = seededDir();
    const first = holder(dataDir);
    expect(await first.said).toBe(`open ${first.child.pid}`);

    // This process, then a third one: refused, naming the first.
    const refusal = await openDatabase({ dataDir }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(FolderInUse);
    expect((refusal as FolderInUse).holder?.pid).toBe(first.child.pid);
    expect((refusal as Error).message).toContain(`process ${first.child.pid}`);
    const third = holder(dataDir);
    await expect(third.said).resolves.toMatch(new RegExp(`^refused .*process ${first.child.pid} .*DATABASE_URL`));
    expect(await exited(third.child)).toBe(3);

    // The first closes as it would on SIGTERM; the folder opens again with everything in it.
    first.child.kill('SIGTERM');
    expect(await exited(first.child)).toBe(0);
    const again = await openDatabase({ dataDir });
    try {
      const companies = await again.db.select().from(schema.companies);
      expect(companies.length).toBeGreaterThan(0);
      await again.db.execute(sql`select count(*) from ${schema.bookings}`);
    } finally {
      await again.close();
    }
  });

  it('a process killed outright (kill -9) leaves no lock behind: the next start opens the folder', async () => {
    const dataDir = seededDir();
    const first = holder(dataDir);
    await first.said;
    first.child.kill('SIGKILL');
    await exited(first.child);
    const again = await openDatabase({ dataDir });
    expect((await again.db.select().from(schema.companies)).length).toBeGreaterThan(0);
    await again.close();
  });

  it('within one process too: the folder opens once until it is closed', async () => {
    const dataDir = seededDir();
    const one = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toThrow(`process ${process.pid}`);
    await one.close();
    const two = await openDatabase({ dataDir });
    await two.close();
  });

  it('where there is no abstract socket (macOS), a pid file: held, refused, freed; one left by a process that is gone is taken', async () => {
    const folder = scratchDir('movecar-lockfile-');
    dirs.push(folder);
    const lock = await lockFolder(folder, 'file');
    await expect(lockFolder(folder, 'file')).rejects.toThrow(`process ${process.pid}`);
    await lock.release();
    const again = await lockFolder(folder, 'file');
    await again.release();
    // A pid that is not running (the largest a Linux pid can be, plus one).
    writeFileSync(join(folder, 'movecar.lock'), JSON.stringify({ pid: 4_194_305, host: (await import('node:os')).hostname(), since: '2026-01-01T00:00:00Z' }));
    const taken = await lockFolder(folder, 'file');
    await taken.release();
  });
});
