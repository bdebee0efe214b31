// One schema for both engines (PGlite embedded, PostgreSQL at scale). Money is integer fils, times
// are timestamptz, journeys and violations are machine snapshots (jsonb) with a version column for
// optimistic concurrency. Migrations are generated from this file by drizzle-kit (npm run db:generate).
import { sql } from 'drizzle-orm';
import type { ImportReport } from '../imports/authority';
import { STAFF_ROLES } from '../../machines/roles';
import { CARD_BRANDS } from '../../machines/validation';
import type { TaxLine } from '../../machines/taxDocuments';
import type { CarCategory, CarPicture, CarSpecs, CarStatus, ImageSizes, LocationId } from '../../machines/fleet';
import type { WeekHours } from '../../machines/branches';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  bigserial,
  uniqueIndex,
  uuid,
  primaryKey,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const fils = (name: string) => bigint(name, { mode: 'number' }).notNull();

/** A rental company: its public card (Services carousel) and the key its authority feeds import with. */
export const companies = pgTable('companies', {
  id: text('id').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar').notNull(),
  subtitleEn: text('subtitle_en').notNull(),
  subtitleAr: text('subtitle_ar').notNull(),
  /** A picture the app ships (its key), not a URL from elsewhere. */
  picture: text('picture').notNull().default('company'),
  /** SHA-256 of the company's import API key (the key itself is shown once, when it is made). */
  apiKeyHash: text('api_key_hash').unique(),
  /** The key it replaced, which works until `previous_key_until` so the authorities' feeds can move to the new one. */
  previousApiKeyHash: text('previous_api_key_hash'),
  previousKeyUntil: timestamp('previous_key_until', { withTimezone: true }),
  /** When the platform's operator suspended it: its cars leave search and its staff cannot sign in. */
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  /** Its VAT registration number (15 digits), printed on what it invoices; null until its admin gives it. */
  trn: text('trn'),
  addressEn: text('address_en').notNull().default(''),
  addressAr: text('address_ar').notNull().default(''),
  /** Where renters call it, normalised (`+97142345678`, `800123456`); null until its admin gives it. */
  supportPhone: text('support_phone'),
  /** Its own clauses of the rental agreement, one a line, in each language (machines/company.ts clausesOf). */
  clausesEn: text('clauses_en').notNull().default(''),
  clausesAr: text('clauses_ar').notNull().default(''),
  /** Its logo, resized on the server: each size's file in image_files, with its width and height. */
  logo: jsonb('logo').$type<ImageSizes>(),
  /** Bumped on every change of the profile: a save over another admin's is refused with the current values. */
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
});

/**
 * A company's branch: where its renters pick cars up and return them, at one of the places renters
 * choose from (one branch per company per place), with the hours it is open (machines/branches.ts).
 */
export const branches = pgTable(
  'branches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    place: text('place').$type<LocationId>().notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    addressEn: text('address_en').notNull(),
    addressAr: text('address_ar').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** By weekday (0 Sunday … 6 Saturday), Dubai wall clock; null is closed that day. */
    hours: jsonb('hours').$type<WeekHours>().notNull(),
    /** Bumped on every change: a save over another admin's is refused with the current values. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [unique('branches_company_place').on(t.companyId, t.place)],
);

/** An uploaded picture's sizes, as the screens use them: each a file in image_files. */
export type { ImageSizes };

/**
 * A company's cars: what search offers and a booking copies its facts from (machines/fleet.ts `Car`).
 * Money in fils. A plate is one car in the whole country, whichever company has it.
 */
export const cars = pgTable(
  'cars',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    model: text('model').notNull(),
    category: text('category').$type<CarCategory>().notNull(),
    picture: text('picture').$type<CarPicture>().notNull(),
    /** As the company writes it (`Dubai K 48213`); `plate_key` is the form fines are matched by. */
    plate: text('plate').notNull(),
    plateKey: text('plate_key').notNull().unique(),
    dailyRate: integer('daily_rate').notNull(),
    deposit: integer('deposit').notNull(),
    odometerKm: integer('odometer_km').notNull(),
    tankLitres: integer('tank_litres').notNull(),
    /** The branch the car belongs to (null for a car added before branches were records, until its admin chooses one). */
    homeBranchId: uuid('home_branch_id').references(() => branches.id),
    /** Available, in maintenance or retired: only available cars are offered. */
    status: text('status').$type<CarStatus>().notNull().default('available'),
    /** Its technical facts as its admin gave them (machines/fleet.ts `CarSpecs`): what the pickup screen shows. */
    specs: jsonb('specs').$type<CarSpecs>().notNull().default({}),
    /** Its photos as the admin uploaded them, each resized (server/images/images.ts); the first is the one renters see. */
    photos: jsonb('photos').$type<ImageSizes[]>().notNull().default([]),
    /** Bumped on every change: a save over another admin's is refused with the current values. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('cars_company_idx').on(t.companyId),
    check('cars_rate_positive', sql`${t.dailyRate} > 0 AND ${t.deposit} >= 0 AND ${t.odometerKm} >= 0 AND ${t.tankLitres} > 0`),
  ],
);

/**
 * When a car is spoken for: a paid booking's hold (kept by a trigger from bookings.holds_car,
 * migration 0020), the hold a booking had before a step in flight moved it (`kept_for`, migration
 * 0031), or a maintenance block its admin planned (`booking_id` null). One exclusion constraint over
 * all of them lets no two overlap, except a booking's own two, so a block cannot take a paid renter's
 * car and a payment cannot take a car in the garage, whichever is written first.
 */
export const carHolds = pgTable(
  'car_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carId: text('car_id').notNull(),
    /** The booking this hold mirrors (or kept for); null for a maintenance block. */
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    /**
     * The money step (its intent's key) that moved the booking's hold to other dates or another car:
     * until the step ends, its old hold stays here, so nobody takes it while the gateway answers and a
     * step that does not go through can always put the booking back (server/journey/availability.ts).
     */
    keptFor: text('kept_for').unique(),
    heldFrom: timestamp('held_from', { withTimezone: true }).notNull(),
    heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
    /** A block's reason as the admin wrote it (shown on the car's page only). */
    note: text('note').notNull().default(''),
    /** The admin who planned the block. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('car_holds_car_idx').on(t.carId, t.heldFrom),
    // One hold per booking that mirrors it; its kept ones besides.
    uniqueIndex('car_holds_booking_id_unique').on(t.bookingId).where(sql`${t.keptFor} is null`),
  ],
);

/**
 * The pictures companies upload (logos; cars' photos), each size one file named by the SHA-256 of its
 * bytes: served to anyone with long caching (a new picture is a new name), never changed in place.
 */
export const imageFiles = pgTable('image_files', {
  hash: text('hash').primaryKey(),
  companyId: text('company_id')
    .notNull()
    .references(() => companies.id),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  size: integer('size').notNull(),
  storageKey: text('storage_key').notNull(),
  createdAt: createdAt(),
});


export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    /**
     * A company's people: its admin keeps the staff (and the fleet), managers run contracts and fines,
     * agents hand cars over at the branch. The operator is the platform's, of no company.
     */
    role: text('role', { enum: ['renter', 'manager', 'agent', 'admin', 'operator'] }).notNull(),
    /** scrypt, with its parameters; null for an account that only signs in with UAE PASS. */
    passwordHash: text('password_hash'),
    fullName: text('full_name').notNull(),
    fullNameAr: text('full_name_ar'),
    phone: text('phone').notNull().default(''),
    emiratesId: text('emirates_id'),
    /**
     * The last day the Emirates ID and the driving licence are valid (YYYY-MM-DD, as on the cards),
     * given at registration; the counter checks them against the cards the renter shows. Null for
     * an account from before, or from UAE PASS, until the counter reads them.
     */
    emiratesIdExpiry: text('emirates_id_expiry'),
    licenceExpiry: text('licence_expiry'),
    address: text('address'),
    verified: boolean('verified').notNull().default(false),
    /**
     * When the e-mail was shown to be this person's (UAE PASS gave it); null while nobody has. UAE PASS
     * links to an account by e-mail only when it is set: registering with someone else's e-mail must
     * not take over their verified account when they later sign in with UAE PASS.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** UAE PASS's stable user id (`sub`/`uuid`), once linked. */
    uaePassId: text('uae_pass_id').unique(),
    /** A manager's or agent's rental company. */
    companyId: text('company_id').references(() => companies.id),
    /** Notifications of the optional kinds (reminders, offers, updates); the live stream updates screens regardless. */
    notificationsOn: boolean('notifications_on').notNull().default(true),
    /** The kinds of notice (server/mail/notices.ts MAIL_GROUPS) the user does not want by e-mail as well; none: all come. */
    mailOff: jsonb('mail_off').$type<string[]>().notNull().default([]),
    /** The language the account chose: screens open in it after sign-in. */
    language: text('language', { enum: ['en', 'ar'] }).notNull().default('en'),
    /** The currency figures are also shown in (payments are always in AED). */
    currency: text('currency', { enum: ['AED', 'USD', 'SAR'] }).notNull().default('AED'),
    /** An agent's branches (their ids): the handovers they see and record. None: all of the company's. */
    branchIds: jsonb('branch_ids').$type<string[]>().notNull().default([]),
    /** When the company's admin revoked this person: they can no longer sign in (their records stay theirs). */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('users_role_check', sql`${t.role} in ('renter', 'manager', 'agent', 'admin', 'operator')`)],
);

/**
 * An invitation to join a company's staff (server/staff/invitations.ts): a link e-mailed to one
 * address, for one role, single use, 72 hours; only its SHA-256 is kept.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    email: text('email').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    /** Who sent it (an admin, or the operator for a company's first admin). */
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    lang: text('lang', { enum: ['en', 'ar'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Withdrawn by an admin before it was used. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('staff_invitations_company_idx').on(t.companyId)],
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
    /** The order they were made in: log-ins in the same millisecond still have an oldest. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * The devices an account signed in from: the device cookie's token as its SHA-256, with each account
 * signed in on it. A log-in from one for its own account goes ahead of a flood in the password line
 * (server/auth/devices.ts); it opens nothing by itself.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tokenHash, t.userId] }), index('known_devices_user_idx').on(t.userId, t.lastSignInAt), index('known_devices_last_idx').on(t.lastSignInAt)],
);

/** Failed log-ins per e-mail: slowed, then locked for a while. */
export const loginThrottle = pgTable('login_throttle', {
  /**
   * What the failures count against (server/auth/throttle.ts): `<e-mail> <client>` or `client
   * <client>`. The column keeps the name it had when it held only an e-mail.
   */
  key: text('email').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * What a client (its address) has spent in the current window: registrations and the bytes of their
 * documents (server/auth/usage.ts). Rows, so every instance counts the same; old ones are removed.
 */
export const clientUsage = pgTable('client_usage', {
  /** `<what> <client>`, e.g. `registration 203.0.113.9`. */
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
  bytes: bigint('bytes', { mode: 'number' }).notNull(),
});

/**
 * Asks for a reset link (Forgot password), turned into links by the mail worker (server/auth/reset.ts):
 * the request itself only writes this row, the same work for an address with an account and one
 * without, so how long it takes to answer says nothing of who has one. Removed once turned.
 */
export const resetAsks = pgTable('reset_asks', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  lang: text('lang', { enum: ['en', 'ar'] }).notNull(),
  createdAt: createdAt(),
});

/**
 * E-mails to send (server/mail/queue.ts): written in the transaction that decides them, sent by a
 * worker that retries with a growing wait, so no request waits on the mail server and a restart
 * loses none. A row is claimed for a while (`nextAttemptAt` moves on) before it is sent.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Tax documents or a booking's signed agreement to attach as PDFs, made when the message is sent (the bytes are not kept twice). */
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Why the last attempt failed (the mail server's answer), for the operator. */
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);

/** A link that shows an e-mail is its account's (server/auth/verify.ts): only its SHA-256 is kept; single use, 24 hours. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the link went to: it verifies only while the account still has it. */
    email: text('email').notNull(),
    lang: text('lang', { enum: ['en', 'ar'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId)],
);

/**
 * An account's e-mail changed (server/auth/emailChange.ts): the old address is mailed a link that puts
 * it back, signs every device out and voids the links sent since. Only the link's SHA-256 is kept;
 * single use, 7 days.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    /** Whether the old address was confirmed, and since when: it comes back as it was. */
    oldVerifiedAt: timestamp('old_verified_at', { withTimezone: true }),
    newEmail: text('new_email').notNull(),
    lang: text('lang', { enum: ['en', 'ar'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_changes_user_idx').on(t.userId), index('email_changes_expires_idx').on(t.expiresAt)],
);

/** A link to set a new password (server/auth/reset.ts): only its SHA-256 is kept; single use, 30 minutes. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

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
    /** When the car is with the renter: picked up (or due to be) until returned (or due back). Fines match on it. */
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    /**
     * The car is this booking's from `heldFrom` to `heldUntil` (the booked pickup to the booked
     * return, extensions included): paid and not cancelled. An exclusion constraint (car_holds, migration 0020)
     * lets no two such bookings of one car overlap, so two renters paying for the last car at the
     * same moment cannot both get it.
     */
    holdsCar: boolean('holds_car').notNull().default(false),
    /** A demo sample rental (DEMO=1): it never holds its car, so reviewers can open any number. */
    sample: boolean('sample').notNull().default(false),
    heldFrom: timestamp('held_from', { withTimezone: true }),
    heldUntil: timestamp('held_until', { withTimezone: true }),
    /** When the renter was reminded of the pickup (server/journey/reminders.ts): once per booking. */
    pickupRemindedAt: timestamp('pickup_reminded_at', { withTimezone: true }),
    /** When the provider's open payment page closes (server/payments/events.ts closes it then), written with the journey. */
    pageClosesAt: timestamp('page_closes_at', { withTimezone: true }),
    /**
     * When the deposit hold is to be renewed (server/payments/holds.ts), written with the journey; put
     * off by the job after a renewal the card refused, when it also sets `holdRenewalFailedAt`.
     */
    holdRenewAt: timestamp('hold_renew_at', { withTimezone: true }),
    holdRenewalFailedAt: timestamp('hold_renewal_failed_at', { withTimezone: true }),
    /**
     * The facts of the journey that queries select bookings by, written with every save
     * (server/journey/bookings.ts factsOf): SQL never reads inside the stored snapshot, whose shape
     * changes with its schema version (machines/journeyUpgrades.ts).
     */
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true }),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    /** When the counter recorded the car going out (the renter came, even before confirming). */
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
    /** When the deposit was settled. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The provider's saved card the booking was paid with (its deposit and charges after the return use it). */
    cardToken: text('card_token'),
    /** The provider's payment page open for the booking. */
    paymentSessionId: text('payment_session_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bookings_renter_idx').on(t.renterId, t.createdAt),
    index('bookings_car_period_idx').on(t.carId, t.periodStart),
    index('bookings_page_closes_idx').on(t.pageClosesAt).where(sql`${t.pageClosesAt} is not null`),
    index('bookings_hold_renew_idx').on(t.holdRenewAt).where(sql`${t.holdRenewAt} is not null`),
  ],
);

export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['emiratesId', 'emiratesIdBack', 'licence'] }).notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** Where the document store keeps the bytes. */
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('documents_user_idx').on(t.userId)],
);

/**
 * A renter's report from Emergency (an accident, a breakdown): attached to the rental that is out, so
 * its company's managers see it; with no rental out it goes to Move car's support (no company).
 * Its status moves received → acknowledged → closed (with the company's note), and the renter sees it.
 */
export const incidents = pgTable(
  'incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the renter and the company quote: `ER-…`. */
    reference: text('reference').notNull().unique(),
    renterId: uuid('renter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    companyId: text('company_id').references(() => companies.id),
    description: text('description').notNull(),
    /** Where, as the renter's phone gave it or as typed: `25.20480, 55.27080`; empty when not given. */
    location: text('location').notNull(),
    more: text('more').notNull(),
    status: text('status', { enum: ['received', 'acknowledged', 'closed'] }).notNull().default('received'),
    /** The company's words on closing it. */
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('incidents_company_idx').on(t.companyId, t.createdAt), index('incidents_renter_idx').on(t.renterId, t.createdAt)],
);

/**
 * Photos of a car's condition at a handover, taken by the company's agent at the counter: evidence for
 * the renter and the company alike, served only to them (server/handovers).
 */
export const handoverPhotos = pgTable(
  'handover_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** Pickup (check-out) or return (check-in); at return the renter's own photos too (takenBy says whose). */
    stage: text('stage', { enum: ['pickup', 'return'] }).notNull(),
    takenBy: uuid('taken_by')
      .notNull()
      .references(() => users.id),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('handover_photos_booking_idx').on(t.bookingId)],
);

/**
 * Photos of an incident, taken by the renter on Emergency's form: uploaded first (no incident yet),
 * then attached by the report that names them; served to the renter and the incident's company.
 */
export const incidentPhotos = pgTable(
  'incident_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    renterId: uuid('renter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    incidentId: uuid('incident_id').references(() => incidents.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('incident_photos_incident_idx').on(t.incidentId), index('incident_photos_renter_idx').on(t.renterId)],
);

/**
 * A rental contract of a company: made when a renter signs for one of its cars (or by the company),
 * with the car the company linked, its set-up and its violation transfer settings.
 */
export const contracts = pgTable(
  'contracts',
  {
    code: text('code').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    bookingId: uuid('booking_id')
      .unique()
      .references(() => bookings.id, { onDelete: 'set null' }),
    carId: text('car_id'),
    setup: jsonb('setup').notNull(),
    settings: jsonb('settings').notNull(),
    /** The company's own clauses as they were when the renter signed (a later edit changes no signed agreement). */
    clauses: jsonb('clauses').$type<{ en: string[]; ar: string[] }>().notNull().default({ en: [], ar: [] }),
    /** Set by the Save that found the contract complete (renter's confirmations, car, booking linked). */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    setupSavedAt: timestamp('setup_saved_at', { withTimezone: true }),
    settingsSavedAt: timestamp('settings_saved_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('contracts_company_idx').on(t.companyId, t.createdAt)],
);

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
    /** When the saved card was last asked to pay it after the deposit's release and refused (server/violations/charges.ts). */
    cardTriedAt: timestamp('card_tried_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('violations_booking_idx').on(t.bookingId), index('violations_contract_idx').on(t.contractCode)],
);

/**
 * What an authority sent a company (a fine or a Salik crossing), once per reference: matched to the
 * booking that had the plate at that time, or kept unmatched for the manager.
 */
export const authorityRecords = pgTable(
  'authority_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    kind: text('kind', { enum: ['fine', 'salik'] }).notNull(),
    /** The authority's own reference: importing the same row again changes nothing. */
    reference: text('reference').notNull(),
    plate: text('plate').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    location: text('location').notNull(),
    code: text('code').notNull(),
    description: text('description').notNull(),
    amount: fils('amount'),
    blackPoints: integer('black_points').notNull().default(0),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    violationId: uuid('violation_id').references(() => violations.id, { onDelete: 'set null' }),
    /** What the renter is charged for a Salik crossing (toll + admin), in fils; null for fines. */
    charged: bigint('charged', { mode: 'number' }),
    /**
     * A Salik crossing that came after the deposit's release (server/violations/salik.ts): when it is
     * charged to the booking's saved card (its last 4 digits), the charge it goes in (crossings due
     * together are one charge), when that was tried last, and when it was charged, by which reference.
     */
    cardDueAt: timestamp('card_due_at', { withTimezone: true }),
    cardLast4: text('card_last4'),
    cardBatch: text('card_batch'),
    cardTriedAt: timestamp('card_tried_at', { withTimezone: true }),
    cardChargedAt: timestamp('card_charged_at', { withTimezone: true }),
    cardReference: text('card_reference'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('authority_records_reference_idx').on(t.companyId, t.kind, t.reference),
    index('authority_records_booking_idx').on(t.bookingId),
    index('authority_records_card_due_idx').on(t.cardDueAt).where(sql`${t.cardChargedAt} is null`),
  ],
);

/**
 * A file of authority records being imported (server/imports/jobs.ts), off the request path: the file
 * as it came, how far the worker has gone and what it found so far. A worker holds a job while its
 * lease runs; a job whose worker stopped (a restart) is taken up again from `done`.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    csv: text('csv').notNull(),
    /** When the file came: its rows are read as of then, by the request and by a resumed worker alike. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull().default('queued'),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    report: jsonb('report').$type<ImportReport>().notNull(),
    /** Salik taken from each renter's deposit so far (renter id → fils, crossings): told once, at the end. */
    charges: jsonb('charges')
      .$type<Record<string, { amount: number; count: number; card?: { amount: number; count: number; last4: string; at: number } }>>()
      .notNull()
      .default({}),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The database's clock: the order files came in, whatever the server's clock says. */
    createdAt: createdAt(),
  },
  (t) => [index('import_jobs_company_idx').on(t.companyId, t.createdAt), index('import_jobs_open_idx').on(t.status).where(sql`${t.status} in ('queued', 'running')`)],
);

/** A user's notifications: what happened, when, and the screen it is about. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** Values the message is filled with (a fine's amount, a contract's code). */
    params: jsonb('params').notNull().default({}),
    /** The app's route the notification opens (a route key and its parameter). */
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** The order they were written in: one step may notify twice in the same millisecond. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

/** Changes pushed to a user's open screens, numbered so a reconnecting stream resumes after the last it saw. */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    ref: text('ref'),
    createdAt: createdAt(),
  },
  (t) => [index('live_events_user_idx').on(t.userId, t.id)],
);

/**
 * The payment provider's webhooks, each once by the provider's own event id: answered at once, then
 * taken in by the worker (server/payments/events.ts), which reads the session from the provider
 * itself, so events that come twice, late or out of order change nothing twice.
 */
export const providerEvents = pgTable(
  'provider_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('provider_events_undone_idx').on(t.receivedAt).where(sql`${t.doneAt} is null`)],
);

/**
 * The renter's card on file: the provider's saved card (customer/payment method; never the number or
 * CVV, which only the provider's page sees), kept with the consent given on the payment page, its
 * last 4 digits, brand and expiry (MM/YY) to show. One per renter: paying with another replaces it.
 */
export const savedCards = pgTable('saved_cards', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  cardToken: text('card_token').notNull(),
  last4: text('last4').notNull(),
  brand: text('brand', { enum: CARD_BRANDS }).notNull(),
  expiry: text('expiry').notNull(),
  savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
});

/**
 * A journey step's dealings with the payment gateway, written before the gateway is called, keyed by
 * the step's idempotency key (`bookingId:version`): the outbox that keeps money and steps together.
 * The step's own transaction marks it completed; one left open past the call timeout (a crash, a lost
 * race) is driven to an end by the reconciler (server/journey/intents.ts): the step replayed, or what
 * the gateway took given back.
 */
export const moneyIntents = pgTable(
  'money_intents',
  {
    key: text('key').primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** A fine paid by card (server/violations/service.ts): the violation whose step it is; none for a journey step. */
    violationId: uuid('violation_id').references(() => violations.id, { onDelete: 'cascade' }),
    /** The version of the booking (or of the violation) the step was decided on. */
    version: integer('version').notNull(),
    /** The step's event as the machine takes it, without card details (a payment cannot be replayed). */
    event: jsonb('event').notNull(),
    status: text('status', { enum: ['open', 'completed', 'reverting', 'reverted'] }).notNull().default('open'),
    /** The instance whose step it is (Deps.instance): while it lives (its lock held), only the grace ends the step; gone, at once. */
    owner: integer('owner'),
    /** What the reconciler did, for the operator: replayed, or the references it voided. */
    outcome: jsonb('outcome'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [index('money_intents_open_idx').on(t.status, t.createdAt)],
);

/** A UAE PASS sign-in under way: what the callback must match (state, nonce, PKCE verifier). */
export const uaePassRequests = pgTable('uae_pass_requests', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  lang: text('lang').notNull(),
  /** The renter signed in when the flow started: UAE PASS is connected to that account. */
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  carId: text('car_id'),
  /** Where and when the visitor chose the car for (checked again when the booking starts). */
  trip: jsonb('trip'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

const TAX_DOCUMENT_KINDS = ['invoice', 'credit'] as const;

/**
 * Per company and kind (invoices, credit notes), the last number issued. The transaction that issues
 * a document moves it on: a rollback gives the number back (no gaps), and the row's lock makes a
 * concurrent issuer, on this instance or another, wait for the first to commit (no repeats).
 */
export const taxCounters = pgTable(
  'tax_counters',
  {
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    kind: text('kind', { enum: TAX_DOCUMENT_KINDS }).notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind] })],
);

/** What an e-mail carries, by reference: a tax document, or the signed agreement of a booking. */
export type MailAttachment = { taxDocument: string; lang: 'en' | 'ar' } | { agreement: string; lang: 'en' | 'ar' };

/** The supplier as printed on a tax document, as it was when the document was issued. */
export interface TaxSupplier {
  nameEn: string;
  nameAr: string;
  addressEn: string;
  addressAr: string;
  trn: string | null;
}

/**
 * A tax invoice (a charge) or tax credit note (a refund), issued by the car's company in the step's
 * own transaction (server/invoices/store.ts) from the figures the step recorded (machines/taxDocuments.ts).
 * Kept as issued: the supplier and the renter as they were then. Records are kept five years, so a
 * booking or an account that goes leaves its documents behind.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    kind: text('kind', { enum: TAX_DOCUMENT_KINDS }).notNull(),
    /** In the company's series for the kind: 1, 2, 3 … never repeated, never skipped. */
    number: integer('number').notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    bookingNumber: text('booking_number').notNull(),
    /** Which of the booking's movements it is (machines/taxDocuments.ts Supply.source): issued once. */
    source: text('source').notNull(),
    renterId: uuid('renter_id').references(() => users.id, { onDelete: 'set null' }),
    renterName: text('renter_name').notNull(),
    supplier: jsonb('supplier').$type<TaxSupplier>().notNull(),
    /** A credit note: the number of the invoice it adjusts. */
    adjusts: text('adjusts'),
    lines: jsonb('lines').$type<TaxLine[]>().notNull(),
    net: fils('net'),
    vat: fils('vat'),
    total: fils('total'),
    suppliedAt: timestamp('supplied_at', { withTimezone: true }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('tax_documents_number_key').on(t.companyId, t.kind, t.number),
    unique('tax_documents_source_key').on(t.bookingId, t.source),
    index('tax_documents_company_idx').on(t.companyId, t.issuedAt),
    index('tax_documents_renter_idx').on(t.renterId, t.issuedAt),
  ],
);

/**
 * A device that asked for Web Push (server/push): the push service's address for it and the keys its
 * messages are encrypted to (RFC 8291). One row per address: the device belongs to whoever turned it on
 * last, while the session it was turned on in lasts (signed out, its alerts stop with it).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** The device's P-256 public key and its auth secret, base64url, as the browser gave them. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** What a push message says, in its user's language; the service worker shows it and opens `link`. */
export interface PushPayload {
  title: string;
  body: string;
  lang: 'en' | 'ar';
  /** The notification's route key (`trafficViolation`, `contracts:MC-2026-0001`). */
  link: string | null;
  /** Messages of one kind about one record replace each other on the device. */
  tag: string;
}

/** Push messages waiting for their push service, as mail_outbox waits for the mail server. */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<PushPayload>().notNull(),
    /** Past it the message is not worth showing (a reminder after the pickup): given up, not sent. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('push_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);

/**
 * Keys the server makes once and every instance shares (the Web Push VAPID pair when the environment
 * gives none): the first instance to start writes them, the others read them.
 */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

/**
 * A refund the company's manager gave of part of one charge (machines/refunds.ts). The row is written
 * before the provider is asked: the same refund asked twice (two managers, a second click) is refused
 * here, by the database, before any money moves. `refundedAt` is set in the journey's save of it; a
 * row without it is being asked, or was left by a process that died, and the payments worker finishes
 * it under the same idempotency key (server/payments/refunds.ts).
 */
export const companyRefunds = pgTable(
  'company_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** The charge's id (`payment`, `change:1`, `extension:0`, `settlement`). */
    charge: text('charge').notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    byName: text('by_name').notNull(),
    reference: text('reference'),
    createdAt: createdAt(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    unique('company_refunds_once').on(t.bookingId, t.charge, t.amount, t.reason),
    check('company_refunds_positive', sql`${t.amount} > 0`),
    index('company_refunds_open_idx').on(t.createdAt).where(sql`${t.refundedAt} is null`),
  ],
);

/** Who did what to a renter's money, and when: written in the same save as what it records. */
export const auditLines = pgTable(
  'audit_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    byName: text('by_name').notNull(),
    companyId: text('company_id'),
    /** What was done (`refund`). */
    action: text('action').notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** The figures of it (charge, amount, reason, reference). */
    details: jsonb('details').notNull(),
  },
  (t) => [index('audit_lines_company_idx').on(t.companyId, t.at)],
);
