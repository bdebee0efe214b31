// Local accounts: the password is kept only as a salted PBKDF2 hash (Web Crypto), never as text.

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface Renter {
  email: string;
  fullName: string;
  /** Arabic name, when known (UAE PASS gives one). */
  fullNameAr?: string;
  phone: string;
  emiratesId?: string;
  address?: string;
  /** Identity checked against a national source (UAE PASS), not just typed. */
  verified: boolean;
}

interface StoredAccount {
  renter: Renter;
  salt: string;
  hash: string;
  iterations: number;
}

export const ACCOUNTS_KEY = 'movecar.accounts.v1';
const ITERATIONS = 210_000; // OWASP's PBKDF2-SHA512 figure
const encoder = new TextEncoder();

const toHex = (bytes: ArrayBuffer | Uint8Array) =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
const fromHex = (hex: string) => new Uint8Array(hex.match(/../g)!.map((h) => parseInt(h, 16)));

export async function hashPassword(
  password: string,
  saltHex: string,
  iterations = ITERATIONS,
): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-512', salt: fromHex(saltHex), iterations },
    key,
    256,
  );
  return toHex(bits);
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

function readAll(store: KeyValueStore): Record<string, StoredAccount> {
  try {
    const parsed: unknown = JSON.parse(store.getItem(ACCOUNTS_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, StoredAccount>) : {};
  } catch {
    return {}; // a corrupt entry is treated as no accounts, never a crash
  }
}

export class AccountError extends Error {
  constructor(readonly code: 'emailTaken' | 'wrongCredentials') {
    super(code);
  }
}

export async function createAccount(store: KeyValueStore, renter: Renter, password: string): Promise<Renter> {
  const all = readAll(store);
  const email = normaliseEmail(renter.email);
  if (all[email]) throw new AccountError('emailTaken');
  const salt = toHex(crypto.getRandomValues(new Uint8Array(16)));
  const hash = await hashPassword(password, salt);
  const saved = { ...renter, email };
  all[email] = { renter: saved, salt, hash, iterations: ITERATIONS };
  store.setItem(ACCOUNTS_KEY, JSON.stringify(all));
  return saved;
}

/** The renter for these credentials; one error whichever of the two was wrong. */
export async function verifyAccount(store: KeyValueStore, email: string, password: string): Promise<Renter> {
  const account = readAll(store)[normaliseEmail(email)];
  if (!account) throw new AccountError('wrongCredentials');
  const hash = await hashPassword(password, account.salt, account.iterations);
  if (hash !== account.hash) throw new AccountError('wrongCredentials');
  return account.renter;
}

export function memoryStore(): KeyValueStore {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}
