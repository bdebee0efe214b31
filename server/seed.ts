// Records the server makes at start: the rental companies, the manager named by
// MANAGER_EMAIL/MANAGER_PASSWORD, and with DEMO=1 the sample company's two contracts and the sample
// managers the README documents (one per company, to see that each sees only their own) and the
// sample company's branch agent; without DEMO, those sample accounts locked.
import { eq } from 'drizzle-orm';
import { normaliseEmail } from '../machines/renter';
import { normaliseName } from '../machines/text';
import { checkEmail, checkPassword } from '../machines/validation';
import type { Config } from './config';
import type { Db } from './db/open';
import { sessions, users } from './db/schema';
import { hashPassword, verifyPassword } from './auth/passwords';
import { ensureSampleContracts, SAMPLE_COMPANY } from './manager/contracts';
import { COMPANIES, ensureCompanies } from './companies/companies';
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

/** The sample branch agent of each company, by company. */
export const SAMPLE_AGENTS: Record<string, typeof SAMPLE_AGENT> = {
  [SAMPLE_AGENT.company]: SAMPLE_AGENT,
  [SECOND_AGENT.company]: SECOND_AGENT,
  [THIRD_AGENT.company]: THIRD_AGENT,
};

export interface ManagerInput {
  email: string;
  password: string;
  name: string;
  company: string;
  /** A manager unless said otherwise. */
  role?: 'manager' | 'agent';
}

export class ManagerInputError extends Error {}

/** Creates a company's manager (or agent); 'exists' when the e-mail already has an account (nothing changes). */
export async function createManager(db: Db, input: ManagerInput, scryptCost: number): Promise<'created' | 'exists'> {
  const email = normaliseEmail(input.email);
  const problem = checkEmail(email) ?? checkPassword(input.password, email);
  if (problem) throw new ManagerInputError(problem === 'email' ? 'not a valid e-mail' : `password refused (${problem})`);
  if (!Object.hasOwn(COMPANIES, input.company)) throw new ManagerInputError(`no company "${input.company}" (one of ${Object.keys(COMPANIES).join(', ')})`);
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
      companyId: input.company,
      verified: true,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return created ? 'created' : 'exists';
}

/** What the seed did that the operator must hear of: the sample managers it locked (DEMO off). */
export interface Seeded {
  locked: string[];
}

export async function seed(db: Db, config: Config): Promise<Seeded> {
  await ensureCompanies(db);
  await backfillPeriods(db);
  if (config.manager) {
    await createManager(db, { ...config.manager, name: 'Contract manager', company: SAMPLE_COMPANY }, config.scryptCost);
  }
  if (config.demo) {
    await ensureSampleContracts(db);
    await createManager(db, SAMPLE_MANAGER, config.scryptCost);
    await createManager(db, SECOND_MANAGER, config.scryptCost);
    for (const agent of Object.values(SAMPLE_AGENTS)) await createManager(db, agent, config.scryptCost);
    return { locked: [] };
  }
  return { locked: await lockSampleManagers(db) };
}

/**
 * Without DEMO, a sample manager whose password is still the one the README publishes can no longer
 * sign in, and its sessions end: a database once started with DEMO=1 must not keep a door anyone can
 * open. An account of that e-mail with a password of its own (MANAGER_EMAIL) is left as it is.
 */
async function lockSampleManagers(db: Db): Promise<string[]> {
  const locked: string[] = [];
  for (const sample of [SAMPLE_MANAGER, SECOND_MANAGER, ...Object.values(SAMPLE_AGENTS)]) {
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
