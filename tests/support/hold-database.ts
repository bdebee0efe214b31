// A process of its own holding an embedded database open (tests/folderLock.test.ts): opens the
// folder given, says "open <pid>" or "refused <message>", and closes it on SIGTERM.
import { openDatabase } from '../../server/db/open';

const dataDir = process.argv[2]!;
try {
  const database = await openDatabase({ dataDir });
  process.stdout.write(`open ${process.pid}\n`);
  process.on('SIGTERM', () => void database.close().then(() => process.exit(0)));
  setInterval(() => undefined, 1 << 30);
} catch (error) {
  process.stdout.write(`refused ${(error as Error).message}\n`);
  process.exit(3);
}
