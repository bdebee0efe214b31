// Records the server makes at start: the platform's operator named by OPERATOR_EMAIL/OPERATOR_PASSWORD,
// and with DEMO=1 the sample data: the three sample rental companies and their cars, the sample
// company's two contracts, the sample people the README documents (a manager per company, to see that
// each sees only their own, each company's branch agent, the sample company's admin and an operator),
// and the sample company's manager named by MANAGER_EMAIL/MANAGER_PASSWORD. A production database
// gets none of it: its companies are the operator's to create. Without DEMO, the sample accounts of a
// database once started with it are locked.
import { eq } from 'drizzle-orm';
import { normaliseEmail } from '../machines/renter';
import { normaliseName } from '../machines/text';
import { checkEmail, checkPassword } from '../machines/validation';
import type { Config } from './config';
import type { Db } from './db/open';
import type { StaffRole } from '../machines/roles';
import { companies, sessions, users } from './db/schema';
import { hashPassword, verifyPassword } from './auth/passwords';
import { ensureSampleContracts, SAMPLE_COMPANY } from './demo/contracts';
import { ensureCompanies } from './demo/companies';
import { ensureSampleCars } from './demo/cars';
import { ensureSampleBranches } from './demo/branches';
import { backfillPeriods } from './journey/bookings';

export const SAMPLE_MANAGER = {
  email: 'manager@movecar.ae',
  password: 'fleet-manager-2026',
  name: 'Omar Haddad',
  company: SAMPLE_COMPANY,
};

/** A manager of another company, for trying company isolation (DEMO=1 only). */
export const SECOND_MANAGER = {
  email: 'manager@desertdrive.ae',
  password: 'dune-manager-2026',
  name: 'Layla Karim',
  company: 'desert-drive',
};

/** The sample company's branch agent, who hands its cars over at the counter (DEMO=1 only). */
export const SAMPLE_AGENT = {
  email: 'agent@movecar.ae',
  password: 'counter-agent-2026',
  name: 'Yousef Rahman',
  company: SAMPLE_COMPANY,
  role: 'agent' as const,
};

/** The second company's branch agent (DEMO=1 only). */
export const SECOND_AGENT = {
  email: 'agent@desertdrive.ae',
  password: 'dune-agent-2026',
  name: 'Hamdan Saeed',
  company: 'desert-drive',
  role: 'agent' as const,
};

/** The third company's branch agent (DEMO=1 only): every sample company's cars can be handed over. */
export const THIRD_AGENT = {
  email: 'agent@marinamotors.ae',
  password: 'marina-agent-2026',
  name: 'Salma Al Mazrouei',
  company: 'marina-motors',
  role: 'agent' as const,
};

/** The sample company's admin, who keeps its staff (DEMO=1 only). */
export const SAMPLE_ADMIN = {
  email: 'admin@movecar.ae',
  password: 'fleet-admin-2026',
  name: 'Noura Al Falasi',
  company: SAMPLE_COMPANY,
  role: 'admin' as const,
};

/** The platform's operator, who creates companies (DEMO=1 only). */
export const SAMPLE_OPERATOR = {
  email: 'operator@movecar.ae',
  password: 'platform-operator-2026',
  name: 'Move car operations',
  company: null,
  role: 'operator' as const,
};

/** The sample branch agent of each company, by company. */
export const SAMPLE_AGENTS: Record<string, typeof SAMPLE_AGENT> = {
  [SAMPLE_AGENT.company]: SAMPLE_AGENT,
  [SECOND_AGENT.company]: SECOND_AGENT,
  [THIRD_AGENT.company]: THIRD_AGENT,
};

/** Every sample account (DEMO=1), whose passwords the README publishes. */
const SAMPLE_PEOPLE: ManagerInput[] = [SAMPLE_MANAGER, SECOND_MANAGER, ...Object.values(SAMPLE_AGENTS), SAMPLE_ADMIN, SAMPLE_OPERATOR];

export interface ManagerInput {
  email: string;
  password: string;
  name: string;
  /** The company's id; none for the operator. */
  company: string | null;
  /** A manager unless said otherwise. */
  role?: StaffRole | 'operator';
}

export class ManagerInputError extends Error {}

/**
 * Creates a company's person (a manager unless said otherwise), or the platform's operator; 'exists'
 * when the e-mail already has an account (nothing changes).
 */
export async function createManager(db: Db, input: ManagerInput, scryptCost: number): Promise<'created' | 'exists'> {
  const email = normaliseEmail(input.email);
  const problem = checkEmail(email) ?? checkPassword(input.password, email);
  if (problem) throw new ManagerInputError(problem === 'email' ? 'not a valid e-mail' : `password refused (${problem})`);
  const operator = input.role === 'operator';
  if (!operator) {
    const [company] = input.company ? await db.select({ id: companies.id }).from(companies).where(eq(companies.id, input.company)) : [];
    if (!company) {
      const known = (await db.select({ id: companies.id }).from(companies)).map((c) => c.id);
      throw new ManagerInputError(`no company "${input.company}" (one of ${known.join(', ')})`);
    }
  }
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) return 'exists';
  // Another instance starting at the same moment may create it between the look and the insert.
  const [created] = await db
    .insert(users)
    .values({
      email,
      role: input.role ?? 'manager',
      passwordHash: await hashPassword(input.password, scryptCost),
      fullName: normaliseName(input.name) || email,
      companyId: operator ? null : input.company,
      verified: true,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return created ? 'created' : 'exists';
}

/**
 * What the seed did that the operator must hear of: the sample managers it locked (DEMO off), and
 * MANAGER_EMAIL's manager not made because there is no sample company to make them for.
 */
export interface Seeded {
  locked: string[];
  managerSkipped?: true;
}

export async function seed(db: Db, config: Config): Promise<Seeded> {
  if (config.demo) {
    await ensureCompanies(db);
    await ensureSampleCars(db);
    await ensureSampleBranches(db);
  }
  await backfillPeriods(db);
  // The sample company's manager: where that company is (DEMO, or a database once started with it).
  const [sample] = config.manager ? await db.select({ id: companies.id }).from(companies).where(eq(companies.id, SAMPLE_COMPANY)) : [];
  if (config.manager && sample) {
    await createManager(db, { ...config.manager, name: 'Contract manager', company: SAMPLE_COMPANY }, config.scryptCost);
  }
  const skipped = config.manager && !sample ? { managerSkipped: true as const } : {};
  if (config.operator) {
    await createManager(db, { ...config.operator, name: 'Move car operations', company: null, role: 'operator' }, config.scryptCost);
  }
  if (config.demo) {
    await ensureSampleContracts(db);
    for (const person of SAMPLE_PEOPLE) await createManager(db, person, config.scryptCost);
    return { locked: [], ...skipped };
  }
  return { locked: await lockSampleManagers(db), ...skipped };
}

/**
 * Without DEMO, a sample manager whose password is still the one the README publishes can no longer
 * sign in, and its sessions end: a database once started with DEMO=1 must not keep a door anyone can
 * open. An account of that e-mail with a password of its own (MANAGER_EMAIL) is left as it is.
 */
async function lockSampleManagers(db: Db): Promise<string[]> {
  const locked: string[] = [];
  for (const sample of SAMPLE_PEOPLE) {
    const [row] = await db.select().from(users).where(eq(users.email, sample.email));
    if (!row?.passwordHash || !(await verifyPassword(sample.password, row.passwordHash))) continue;
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash: null }).where(eq(users.id, row.id));
      await tx.delete(sessions).where(eq(sessions.userId, row.id));
    });
    locked.push(sample.email);
  }
  return locked;
}
