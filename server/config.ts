// The server's settings, read once from the environment and checked with zod: a wrong value stops
// the start with a clear message instead of surfacing later.
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { GateLimits } from './auth/passwords';
import { IMPORT_ALLOWANCE, PICTURE_ALLOWANCES, REGISTRATION_ALLOWANCE, REGISTRATION_READ_BYTES, type Allowance, type PictureAllowances } from './auth/usage';
import { DISK_FLOOR_BYTES } from './documents/store';

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./.data'),
  /** The built app the production server serves (npm run build writes it). */
  DIST_DIR: z.string().default('./dist'),
  DATABASE_URL: z.string().url().optional(),
  DEMO: flag,
  MANAGER_EMAIL: z.string().email().optional(),
  MANAGER_PASSWORD: z.string().min(10).optional(),
  /** The platform's operator, made at start if missing: creates companies and their first admin. */
  OPERATOR_EMAIL: z.string().email().optional(),
  OPERATOR_PASSWORD: z.string().min(10).optional(),
  /** The address renters reach the app on (https://movecar.ae): every link and the Origin check. */
  PUBLIC_ORIGIN: z
    .string()
    .url()
    .refine((v) => /^https?:$/.test(new URL(v).protocol), 'an http(s) origin, such as https://movecar.ae')
    .optional(),
  /** Behind a proxy that sets X-Forwarded-For: read the client's address from it. */
  TRUST_PROXY: flag,
  UAEPASS_ISSUER: z.string().url().optional(),
  UAEPASS_ENV: z.enum(['staging', 'production']).default('staging'),
  UAEPASS_CLIENT_ID: z.string().optional(),
  UAEPASS_CLIENT_SECRET: z.string().optional(),
  /** Serve the local stand-in for UAE PASS on this port (development and tests). */
  UAEPASS_LOCAL_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The mail server (smtp://user:pass@host:587, or smtps://); without it e-mails wait in their queue. */
  SMTP_URL: z.string().url().optional(),
  /** Who the e-mails are from. */
  MAIL_FROM: z.string().min(3).default('Move car <no-reply@movecar.ae>'),
  /** Move car's support desk: an Emergency report with no rental out is e-mailed here. */
  SUPPORT_EMAIL: z.string().email().default('support@movecar.ae'),
  /** Web Push's VAPID key pair (base64url, as web-push generates them): both or neither; without them the server makes a pair once and keeps it in the database. */
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/).optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{40,50}$/).optional(),
  /** Who the push services may reach about our messages (mailto: or https:); default: the support desk. */
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)\S+$/).optional(),
  /** More push services the server may send to, as origins separated by commas (the local stand-in in tests). */
  PUSH_SERVICES: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.url())),
  /** Free space (MB) the documents never take from their disk: past it, uploads are refused. */
  DISK_FLOOR_MB: z.coerce.number().int().min(0).optional(),
  /** Password hashes at once (default: the cores); the others wait their turn, client by client. */
  HASH_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  /** Stripe's secret key (sk_live_… or sk_test_…) and its webhook endpoint's signing secret: both or neither. Without them, the local stand-in takes the payments (test cards only). */
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(live|test)_\w+$/).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/).optional(),
  /** The API origin Stripe's SDK calls instead of Stripe's: the stand-in as a process of its own (tests); test keys only. */
  STRIPE_API_ORIGIN: z.string().url().optional(),
  /** The local payment stand-in's port (default: any free one); only without STRIPE_SECRET_KEY. */
  PAYMENTS_LOCAL_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Server processes sharing the port (PostgreSQL only; server/main.ts). */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
});

export interface Config {
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  distDir: string;
  databaseUrl: string | undefined;
  /** Demo shortcuts ("Load sample rental", the sample fine) and the seeded sample manager. */
  demo: boolean;
  manager: { email: string; password: string } | undefined;
  operator: { email: string; password: string } | undefined;
  /**
   * The origin renters reach the app on: where every link points and what the Origin check expects.
   * From configuration only, never from a request (a Host header is the sender's to write).
   */
  publicOrigin: string;
  trustProxy: boolean;
  uaePass: UaePassSettings;
  /** scrypt's cost (N); tests lower it, never production. */
  scryptCost: number;
  /** How long a failed log-in is held before answering, per failure past the first few (ms). */
  throttleDelayMs: number;
  /** How often the mail and push queues look for what is due without being told (ms); a queued notice tells them. */
  outboxTickMs: number;
  /** Password hashes at once, and how long the line may be (server/auth/passwords.ts). */
  hashing: GateLimits;
  /** Outbound e-mail (server/mail/queue.ts): the SMTP server's address, none to keep them queued. */
  mail: { smtpUrl: string | undefined; from: string; support: string };
  /** Stripe's keys, or none: the local stand-in (server/payments/standin) on `localPort`. */
  payments: { stripe: { secretKey: string; webhookSecret: string; apiOrigin?: string } | undefined; localPort: number };
  /** Web Push (server/push): the VAPID pair when configured, who the push services may reach, and the services' origins the server sends to beyond the browsers' own. */
  push: { vapid: { publicKey: string; privateKey: string } | undefined; subject: string; services: string[] };
  /** Registrations and their documents' bytes per client per window (server/auth/usage.ts). */
  registrationAllowance: Allowance;
  /** The bytes of registration bodies one instance reads at once (server/auth/usage.ts); one more is told `busy`. */
  registrationReadBytes: number;
  /** Authority imports per company and per client per window (server/imports/routes.ts). */
  importAllowance: Allowance;
  /** Pictures (photos, the fleet's, logos) per renter, per company person and per company per window (server/auth/usage.ts). */
  pictureAllowances: PictureAllowances;
  /** Live streams open at once on an instance, per session, per user and per client address (server/live/routes.ts). */
  streamLimits: StreamLimits;
  /** Free space the documents leave on their disk (server/documents/store.ts). */
  diskFloorBytes: number;
  /** Server processes asked for (WEB_CONCURRENCY); server/main.ts decides how many run. */
  webConcurrency: number;
}

/**
 * Live streams open at once on one instance: a few tabs per session, a few devices' worth per user,
 * a crowd's worth per client address (phones share a carrier's addresses).
 */
export const STREAM_LIMITS = { perSession: 6, perUser: 12, perAddress: 100 };
export type StreamLimits = typeof STREAM_LIMITS;

export interface UaePassSettings {
  /** The OpenID issuer: UAE PASS staging or production, or the local stand-in. */
  issuer: string | undefined;
  clientId: string | undefined;
  clientSecret: string | undefined;
  localPort: number | undefined;
}

/** UAE PASS's published issuers; the authorize, token and userinfo endpoints come from discovery. */
export const UAE_PASS_ISSUERS = {
  staging: 'https://stg-id.uaepass.ae',
  production: 'https://id.uaepass.ae',
} as const;

/** A setting missing or wrong: the server does not start, and says which and why. */
export class InvalidEnvironment extends Error {
  constructor(lines: string[]) {
    super(`Invalid environment:\n${lines.join('\n')}`);
    this.name = 'InvalidEnvironment';
  }
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new InvalidEnvironment(lines);
  }
  const e = parsed.data;
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET))
    throw new InvalidEnvironment(['  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: set both or neither (docs/payments.md)']);
  if (e.STRIPE_API_ORIGIN && !e.STRIPE_SECRET_KEY?.startsWith('sk_test_'))
    throw new InvalidEnvironment(['  STRIPE_API_ORIGIN: only with a test key (sk_test_…): it points the payments at a stand-in, never live money']);
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    throw new InvalidEnvironment(['  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither']);
  const production = e.NODE_ENV === 'production';
  // Links in e-mails (a password reset) built from the request's Host could be pointed at any site.
  if (production && !e.PUBLIC_ORIGIN)
    throw new InvalidEnvironment([
      '  PUBLIC_ORIGIN: required in production: the address renters reach the app on, such as https://movecar.ae (PUBLIC_ORIGIN=http://localhost:3000 to try the build on this machine). Every link in an e-mail and the check of where a request comes from use it.',
    ]);
  const configured = e.UAEPASS_CLIENT_ID && e.UAEPASS_CLIENT_SECRET;
  // Each process hashes its share of the cores: several processes must not each take them all.
  const hashesAtOnce = e.HASH_CONCURRENCY ?? Math.max(1, Math.floor(availableParallelism() / e.WEB_CONCURRENCY));
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    distDir: resolve(e.DIST_DIR),
    databaseUrl: e.DATABASE_URL,
    demo: e.DEMO,
    manager: e.MANAGER_EMAIL && e.MANAGER_PASSWORD ? { email: e.MANAGER_EMAIL, password: e.MANAGER_PASSWORD } : undefined,
    operator: e.OPERATOR_EMAIL && e.OPERATOR_PASSWORD ? { email: e.OPERATOR_EMAIL, password: e.OPERATOR_PASSWORD } : undefined,
    // Development's own address (`npm run dev` listens on localhost).
    publicOrigin: new URL(e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).origin,
    trustProxy: e.TRUST_PROXY,
    uaePass: {
      issuer: e.UAEPASS_ISSUER ?? (configured ? UAE_PASS_ISSUERS[e.UAEPASS_ENV] : undefined),
      clientId: e.UAEPASS_CLIENT_ID,
      clientSecret: e.UAEPASS_CLIENT_SECRET,
      localPort: e.UAEPASS_LOCAL_PORT,
    },
    scryptCost: 2 ** 15,
    throttleDelayMs: 500,
    outboxTickMs: 2_000,
    // A client may have four rounds of the cores waiting. The line as a whole may take 30 s: a crowd of
    // 200 phones registering at once needs about that on two cores (bench:api), and refusing them
    // would not serve them sooner; past it (many clients flooding) the answer is 429 at once.
    hashing: { running: hashesAtOnce, perClient: 4 * hashesAtOnce, maxWaitMs: 30_000 },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, support: e.SUPPORT_EMAIL },
    payments: {
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, ...(e.STRIPE_API_ORIGIN ? { apiOrigin: new URL(e.STRIPE_API_ORIGIN).origin } : {}) }
          : undefined,
      localPort: e.PAYMENTS_LOCAL_PORT,
    },
    push: {
      vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
      subject: e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL}`,
      services: e.PUSH_SERVICES.map((s) => new URL(s).origin),
    },
    registrationAllowance: REGISTRATION_ALLOWANCE,
    registrationReadBytes: REGISTRATION_READ_BYTES,
    importAllowance: IMPORT_ALLOWANCE,
    pictureAllowances: PICTURE_ALLOWANCES,
    streamLimits: STREAM_LIMITS,
    diskFloorBytes: e.DISK_FLOOR_MB === undefined ? DISK_FLOOR_BYTES : e.DISK_FLOOR_MB * 1024 * 1024,
    webConcurrency: e.WEB_CONCURRENCY,
  };
}
