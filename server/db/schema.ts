// One schema for both engines (PGlite embedded, PostgreSQL at scale). Money is integer fils, times
// are timestamptz, journeys and violations are machine snapshots (jsonb) with a version column for
// optimistic concurrency. Migrations are generated from this file by drizzle-kit (npm run db:generate).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const fils = (name: string) => bigint(name, { mode: 'number' }).notNull();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    role: text('role', { enum: ['renter', 'manager'] }).notNull(),
    /** scrypt, with its parameters; null for an account that only signs in with UAE PASS. */
    passwordHash: text('password_hash'),
    fullName: text('full_name').notNull(),
    fullNameAr: text('full_name_ar'),
    phone: text('phone').notNull().default(''),
    emiratesId: text('emirates_id'),
    address: text('address'),
    verified: boolean('verified').notNull().default(false),
    /** UAE PASS's stable user id (`sub`/`uuid`), once linked. */
    uaePassId: text('uae_pass_id').unique(),
    /** A manager's rental company. */
    company: text('company'),
    createdAt: createdAt(),
  },
  (t) => [check('users_role_check', sql`${t.role} in ('renter', 'manager')`)],
);

/** A session is its token's SHA-256 (the token itself lives only in the renter's cookie). */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed log-ins per e-mail: slowed, then locked for a while. */
export const loginThrottle = pgTable('login_throttle', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    renterId: uuid('renter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    carId: text('car_id').notNull(),
    /** The journey machine's persisted snapshot, under its schema version. */
    journey: jsonb('journey').notNull(),
    version: integer('version').notNull().default(1),
    completed: boolean('completed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bookings_renter_idx').on(t.renterId, t.createdAt)],
);

export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['emiratesId', 'licence'] }).notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** Where the document store keeps the bytes. */
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('documents_user_idx').on(t.userId)],
);

/** A rental company's contract set-up and its violation transfer settings. */
export const contracts = pgTable('contracts', {
  code: text('code').primaryKey(),
  company: text('company').notNull(),
  setup: jsonb('setup').notNull(),
  settings: jsonb('settings').notNull(),
  setupSavedAt: timestamp('setup_saved_at', { withTimezone: true }),
  settingsSavedAt: timestamp('settings_saved_at', { withTimezone: true }),
  version: integer('version').notNull().default(1),
});

export const violations = pgTable(
  'violations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    contractCode: text('contract_code')
      .notNull()
      .references(() => contracts.code),
    /** The violation machine's persisted snapshot. */
    state: jsonb('state').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('violations_booking_idx').on(t.bookingId), index('violations_contract_idx').on(t.contractCode)],
);

/** The sandbox payment gateway's own books: what a real gateway would keep on its side. */
export const gatewayOperations = pgTable('gateway_operations', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  kind: text('kind', { enum: ['charge', 'hold', 'capture', 'release'] }).notNull(),
  amount: fils('amount'),
  last4: text('last4').notNull(),
  reference: text('reference').notNull().unique(),
  cardToken: text('card_token').notNull(),
  createdAt: createdAt(),
});

/** A UAE PASS sign-in under way: what the callback must match (state, nonce, PKCE verifier). */
export const uaePassRequests = pgTable('uae_pass_requests', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  lang: text('lang').notNull(),
  carId: text('car_id'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
