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
