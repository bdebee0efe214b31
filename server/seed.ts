// Records the server makes at start: the sample company's contracts, the manager named by
// MANAGER_EMAIL/MANAGER_PASSWORD, and with DEMO=1 the sample manager the README documents.
import { eq } from 'drizzle-orm';
import { normaliseEmail } from '../machines/renter';
import { checkEmail, checkPassword, normaliseName } from '../machines/validation';
import type { Config } from './config';
import type { Db } from './db/open';
import { users } from './db/schema';
import { hashPassword } from './auth/passwords';
import { ensureSampleContracts, SAMPLE_COMPANY } from './manager/contracts';

export const SAMPLE_MANAGER = {
  email: 'manager@movecar.ae',
  password: 'fleet-manager-2026',
  name: 'Omar Haddad',
  company: SAMPLE_COMPANY,
};

export interface ManagerInput {
  email: string;
  password: string;
  name: string;
  company: string;
}

export class ManagerInputError extends Error {}

/** Creates a contract manager; 'exists' when the e-mail already has an account (nothing changes). */
export async function createManager(db: Db, input: ManagerInput, scryptCost: number): Promise<'created' | 'exists'> {
  const email = normaliseEmail(input.email);
  const problem = checkEmail(email) ?? checkPassword(input.password, email);
  if (problem) throw new ManagerInputError(problem === 'email' ? 'not a valid e-mail' : `password refused (${problem})`);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) return 'exists';
  await db.insert(users).values({
    email,
    role: 'manager',
    passwordHash: await hashPassword(input.password, scryptCost),
    fullName: normaliseName(input.name) || email,
    company: input.company,
    verified: true,
  });
  return 'created';
}

export async function seed(db: Db, config: Config) {
  await ensureSampleContracts(db);
  if (config.manager) {
    await createManager(db, { ...config.manager, name: 'Contract manager', company: SAMPLE_COMPANY }, config.scryptCost);
  }
  if (config.demo) await createManager(db, SAMPLE_MANAGER, config.scryptCost);
}
