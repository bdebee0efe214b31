// Who rents: the profile the journey carries. Accounts, passwords and sessions live on the server.

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

/** One spelling of an e-mail address for lookups and uniqueness. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

const FIELDS = ['email', 'fullName', 'fullNameAr', 'phone', 'emiratesId', 'address', 'verified'] as const;

/** The same facts about the renter (whatever the order they were written in). */
export const sameRenter = (a: Renter | null, b: Renter | null) =>
  a === b || (a !== null && b !== null && FIELDS.every((f) => (a[f] ?? null) === (b[f] ?? null)));
