// npm run manager:create -- --email omar@company.ae --password '…' [--name 'Omar Haddad'] [--company elite-auto|desert-drive|marina-motors] [--role manager|agent]
// Creates a company's contract manager, or branch agent, in the configured database (DATA_DIR's PGlite, or DATABASE_URL).
import { parseArgs } from 'node:util';
import { readConfig } from '../config';
import { openDatabase } from '../db/open';
import { ensureCompanies } from '../companies/companies';
import { createManager, ManagerInputError } from '../seed';
import { SAMPLE_COMPANY } from '../manager/contracts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string', default: '' },
    company: { type: 'string', default: SAMPLE_COMPANY },
    role: { type: 'string', default: 'manager' },
  },
});

if (values.role !== 'manager' && values.role !== 'agent') {
  console.error('--role is manager or agent');
  process.exit(2);
}
const role = values.role;

if (!values.email || !values.password) {
  console.error('Usage: npm run manager:create -- --email EMAIL --password PASSWORD [--name NAME] [--company COMPANY] [--role manager|agent]');
  process.exit(2);
}

const config = readConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await ensureCompanies(database.db);
  const result = await createManager(
    database.db,
    { email: values.email, password: values.password, name: values.name, company: values.company, role },
    config.scryptCost,
  );
  console.log(result === 'created' ? `${role === 'agent' ? 'Agent' : 'Manager'} ${values.email} created.` : `An account for ${values.email} already exists; nothing changed.`);
} catch (error) {
  if (!(error instanceof ManagerInputError)) throw error;
  console.error(`Not created: ${error.message}.`);
  process.exitCode = 1;
} finally {
  await database.close();
}
