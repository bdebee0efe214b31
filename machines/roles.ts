// Who may do what, by role: one rule for the server's checks and the screens' gates.

export type Role = 'renter' | 'manager' | 'agent' | 'admin' | 'operator';

/** The roles of a company's people (the operator is the platform's, of no company). */
export const STAFF_ROLES = ['admin', 'manager', 'agent'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * True when someone of `role` may do what `wanted` may. A company's admin keeps its staff and may also
 * do everything its managers do (contracts, fines, incidents, import keys): in a small company the
 * owner is both, and one e-mail is one account.
 */
export const actsAs = (role: Role, wanted: Role) => role === wanted || (role === 'admin' && wanted === 'manager');

/** True when someone of `role` may do what any of `roles` may. */
export const actsAsAny = (role: Role, roles: readonly Role[]) => roles.some((wanted) => actsAs(role, wanted));
