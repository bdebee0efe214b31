// Contract managers (the rental company's side). One sample manager ships with the app; its password
// is only here as a salted PBKDF2 hash (the README gives the sample credentials).
import { hashPassword, normaliseEmail } from './accounts';

export interface Manager {
  email: string;
  name: string;
  company: string;
}

const SAMPLE_MANAGER = {
  manager: { email: 'manager@movecar.ae', name: 'Omar Haddad', company: 'Elite Auto Rentals' },
  salt: '6d6f7665636172206d616e6167657221',
  hash: 'c6c94a68e4248bc246d1f6eee485c2386ccf20b172ef118aed5bde4e26a4a49d',
  iterations: 210_000,
};

/** The manager for these credentials, or null: one answer whichever of the two was wrong. */
export async function verifyManager(email: string, password: string): Promise<Manager | null> {
  const account = SAMPLE_MANAGER;
  if (normaliseEmail(email) !== account.manager.email) return null;
  const hash = await hashPassword(password, account.salt, account.iterations);
  return hash === account.hash ? account.manager : null;
}

export const isManagerEmail = (email: string) => normaliseEmail(email) === SAMPLE_MANAGER.manager.email;
export const managerByEmail = (email: string): Manager | null =>
  isManagerEmail(email) ? SAMPLE_MANAGER.manager : null;
