// npm run manager:create -- --email omar@company.ae --password '…' [--name 'Omar Haddad'] [--company elite-auto] [--role manager|agent|admin|operator]
// Creates a company's contract manager, branch agent or admin, or the platform's operator (no company),
// in the configured database (DATA_DIR's PGlite, or DATABASE_URL).
import { parseArgs } from 'node:util';
import { readConfig } from '../config';
import { openDatabase } from '../db/open';
import { createManager, ManagerInputError } from '../seed';
import { SAMPLE_COMPANY } from '../demo/contracts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string', default: '' },
    company: { type: 'string', default: SAMPLE_COMPANY },
    role: { type: 'string', default: 'manager' },
  },
});

const ROLES = ['manager', 'agent', 'admin', 'operator'] as const;
const role = ROLES.find((r) => r === values.role);
if (!role) {
  console.error(`--role is one of ${ROLES.join(', ')}`);
  process.exit(2);
}

if (!values.email || !values.password) {
  console.error('Usage: npm run manager:create -- --email EMAIL --password PASSWORD [--name NAME] [--company COMPANY] [--role manager|agent|admin|operator]');
  process.exit(2);
}

const config = readConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  // Into a company that exists (the operator creates companies; the sample ones come with DEMO=1).
  const result = await createManager(
    database.db,
    { email: values.email, password: values.password, name: values.name, company: role === 'operator' ? null : values.company, role },
    config.scryptCost,
  );
  console.log(result === 'created' ? `${role[0]!.toUpperCase()}${role.slice(1)} ${values.email} created.` : `An account for ${values.email} already exists; nothing changed.`);
} catch (error) {
  if (!(error instanceof ManagerInputError)) throw error;
  console.error(`Not created: ${error.message}.`);
  process.exitCode = 1;
} finally {
  await database.close();
}
