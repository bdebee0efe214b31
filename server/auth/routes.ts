// Accounts and sessions: register (with the identity documents), log in, log out, who am I, and the
// UAE PASS sign-in. Passwords are hashed here and never sent back or logged.
import { and, eq, gt } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { LOCATIONS, type CarId } from '../../machines/fleet';
import type { Trip } from '../../machines/booking';
import { tripSchema } from '../journey/events';
import { CAR_ID, canStartBooking } from '../../machines/journey-rules';
import { startEvent } from '../cars/store';
import { offeredBranches } from '../companies/store';
import { normaliseEmail, sameRenter } from '../../machines/renter';
import { normaliseName } from '../../machines/text';
import {
  checkEmiratesId,
  DOCUMENT_MAX_BYTES,
  normaliseUaeMobile,
  registrationProblems,
} from '../../machines/validation';
import type { Db } from '../db/open';
import { sessions, uaePassRequests, users } from '../db/schema';
import type { AppEnv, Deps } from '../deps';
import { bytesOf, describeUpload } from '../documents/store';
import { tellOwnerOfTry } from './emailTaken';
import { clientAddress, jsonOnly, limitBody } from '../http/security';
import { instantText, upload, validate } from '../http/validate';
import { currentJourney, readJourney, renterOf, viewOf } from '../journey/bookings';
import { applyStep } from '../journey/service';
import { pushTo } from '../live/hub';
import { publicUser } from './middleware';
import { spend, usedUp } from './usage';
import { createRenter } from './registration';
import { heldBy } from './emailChange';
import { knownDevice, rememberDevice } from './devices';
import { decoyHash, HashingBusy, hashPassword } from './passwords';
import { clearSessionCookie, companySuspended, createSession, invalidateSession, writeSessionCookie, type User } from './sessions';
import { attemptSucceeded, logInCounts, passwordInTurn, throttleState } from './throttle';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createHash, timingSafeEqual } from 'node:crypto';

/** Registration's body: three documents and the form. */
export const REGISTRATION_BODY_MAX = 3 * DOCUMENT_MAX_BYTES + 64 * 1024;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The bytes of the registration bodies being read now, on this instance (see `registrationReadBytes`). */
let reading = 0;
/**
 * What refuses a registration needs no look at its body, so it is asked before the body is read (up
 * to 15 MB of documents, held in memory; a body sent without a length is read whole by the limit
 * check): the password work's line, a disk without room for the size declared, a client past its
 * allowance, and this instance reading too many bytes of them at once. They are asked again, exactly, once the body
 * is read. Mounted before every body limit (server/app.ts).
 */
export const beforeRegistrationBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  const deps = c.var.deps;
  const client = clientAddress(c, deps.config.trustProxy);
  const busy = deps.hashing.refuses(client);
  if (busy) throw busy;
  const length = Number(c.req.header('content-length'));
  const declared = c.req.header('content-length') !== undefined && Number.isSafeInteger(length) && length >= 0 ? length : null;
  if (declared !== null && !(await deps.documents.room(declared))) return c.json({ error: 'storageFull' as const }, 507);
  const spent = await usedUp(deps.db, 'registration', client, deps.config.registrationAllowance, deps.now());
  if (!spent.ok) {
    c.header('Retry-After', String(spent.retryAfter));
    return c.json({ error: 'tooMany' as const, retryAfter: spent.retryAfter }, 429);
  }
  // A body sent without its size is read to the limit: it may hold that much.
  const bytes = Math.min(declared ?? REGISTRATION_BODY_MAX, REGISTRATION_BODY_MAX);
  if (reading > 0 && reading + bytes > deps.config.registrationReadBytes) throw new HashingBusy(1);
  reading += bytes;
  try {
    await next();
  } finally {
    reading -= bytes;
  }
};
const text = (max: number) => z.string().max(max);

const registrationForm = z.object({
  fullName: text(200),
  email: text(254),
  phone: text(40),
  password: text(200),
  confirmPassword: text(200),
  emiratesId: text(40),
  emiratesIdExpiry: text(20),
  licenceExpiry: text(20),
  termsAccepted: z.enum(['true', 'false']),
  carId: z.string().regex(CAR_ID).optional(),
  /** Where and when the visitor chose the car for (form fields, so times come as text). */
  pickupLocation: z.enum(LOCATIONS).optional(),
  dropoffLocation: z.enum(LOCATIONS).optional(),
  pickupAt: instantText().optional(),
  dropoffAt: instantText().optional(),
  /** The language of the page the renter registered on: their first choice of language. */
  language: z.enum(['en', 'ar']).optional(),
  emiratesIdFile: upload.optional(),
  emiratesIdBackFile: upload.optional(),
  licenceFile: upload.optional(),
});

/** Whether an account of `actual` role may sign in where `asked` is asked for: the staff
 * sign-in takes any of a company's people, and the operator; the others their own role. */
const signsInAs = (actual: string, asked: 'renter' | 'manager' | 'staff') =>
  asked === 'staff' ? actual !== 'renter' : actual === asked;

const loginBody = z
  .object({
    email: text(254),
    password: text(200),
    /** `staff`: a company's person (admin, manager or agent) or the operator; the staff sign-in does not ask which. */
    role: z.enum(['renter', 'manager', 'staff']).default('renter'),
    carId: z.string().regex(CAR_ID).optional(),
    trip: tripSchema.optional(),
  })
  .strict();

/** The car a visitor chose before signing in, and where and when for, to come back to. */
type Choice = { carId: CarId; trip?: Trip };
/**
 * The choice, with the trip's four fields taken one by one: the registration form passes itself as
 * the trip, and whatever else it holds (its password) must never reach the stored journey.
 */
const choiceOf = (carId: CarId | undefined, from: Partial<Trip> | undefined): Choice | undefined => {
  if (!carId) return undefined;
  const { pickupLocation, dropoffLocation, pickupAt, dropoffAt } = from ?? {};
  const whole = pickupLocation && dropoffLocation && pickupAt !== undefined && dropoffAt !== undefined;
  return whole ? { carId, trip: { pickupLocation, dropoffLocation, pickupAt, dropoffAt } } : { carId };
};

const uaePassStart = z.object({
  lang: z.enum(['en', 'ar']).default('en'),
  carId: z.string().regex(CAR_ID).optional(),
  pickupLocation: z.enum(LOCATIONS).optional(),
  dropoffLocation: z.enum(LOCATIONS).optional(),
  pickupAt: instantText().optional(),
  dropoffAt: instantText().optional(),
});

/** Where the browser goes after UAE PASS, in the page's language. */
const AFTER_UAE_PASS = {
  en: { ok: '/rental-contract', connected: '/account', failed: '/log-in?uaepass=failed', signInFirst: '/log-in?uaepass=signInFirst' },
  ar: {
    ok: '/arabic/rental-contract',
    connected: '/arabic/account',
    failed: '/arabic/log-in?uaepass=failed',
    signInFirst: '/arabic/log-in?uaepass=signInFirst',
  },
} as const;

/** Signs the user in: a new session, its cookie, and (for a renter) the journey to show. */
export async function signIn(c: Context<AppEnv>, user: User, choice?: Choice) {
  const deps = c.var.deps;
  const at = deps.now();
  const { token, expiresAt } = await createSession(deps.db, user.id, at);
  writeSessionCookie(c, token, expiresAt, at, deps.config.production);
  await rememberDevice(c, user.id);
  if (user.role !== 'renter') return { user: publicUser(user), journey: null };
  return { user: publicUser(user), journey: await journeyFor(deps, user, choice) };
}

/** The renter's journey, with the car a visitor chose before signing in, when a new rental may start. */
async function journeyFor(deps: Deps, user: User, choice?: Choice) {
  let current = await currentJourney(deps.db, user, deps.now());
  // The account may have changed since the journey last saw it (UAE PASS verified it, say).
  const renter = renterOf(user);
  if (!sameRenter(current.snapshot.context.renter, renter)) {
    const refreshed = await applyStep(deps, user, current.row, { type: 'account.refresh', renter }, current.row.version);
    if (refreshed.status === 200) current = await currentJourney(deps.db, user, deps.now());
  }
  const { booking } = current.snapshot.context;
  const same =
    booking.carId === choice?.carId &&
    (!choice.trip || (booking.pickupAt === choice.trip.pickupAt && booking.dropoffAt === choice.trip.dropoffAt && booking.pickupLocation === choice.trip.pickupLocation && booking.dropoffLocation === choice.trip.dropoffLocation));
  if (!choice || same || !canStartBooking(current.snapshot.context)) return viewOf(current.row, current.snapshot, current.problem);
  const start = await startEvent(deps.db, choice.carId, choice.trip, deps.now().getTime());
  // The car left search meanwhile (booked, in maintenance): the renter's journey as it is.
  if (!start) return viewOf(current.row, current.snapshot, current.problem);
  const result = await applyStep(deps, user, current.row, start, current.row.version);
  return 'journey' in result.body ? result.body.journey : viewOf(current.row, current.snapshot);
}

const findUser = async (db: Db, email: string) =>
  (await db.select().from(users).where(eq(users.email, email)))[0] ?? null;

export const authRoutes = new Hono<AppEnv>()
  .get('/session', async (c) => {
    const { user } = c.var;
    const deps = c.var.deps;
    const base = { demo: deps.config.demo, uaePass: deps.uaePass !== null };
    if (!user) return c.json({ ...base, user: null, journey: null, branches: null });
    // Read only. A renter's journey is opened, and brought up to date with the account, where the
    // account signs in or changes (signIn, the account.update step); with no booking it can read,
    // the browser asks POST /api/bookings/current for one.
    const current = user.role === 'renter' ? await readJourney(deps.db, user.id) : null;
    // The counters of the booking's company come with it: the pickup and the return show the renter's
    // branch in their first paint, instead of pushing the screen down a round trip later.
    const company = current?.snapshot.context.booking.car.company;
    return c.json({
      ...base,
      user: publicUser(user),
      journey: current && viewOf(current.row, current.snapshot),
      branches: company ? { company, list: await offeredBranches(deps.db, company) } : null,
    });
  })
  .post(
    '/register',
    limitBody(REGISTRATION_BODY_MAX),
    validate('form', registrationForm),
    async (c) => {
      const deps = c.var.deps;
      const form = c.req.valid('form');
      const [idBytes, idBackBytes, licenceBytes] = await Promise.all([
        bytesOf(form.emiratesIdFile),
        bytesOf(form.emiratesIdBackFile),
        bytesOf(form.licenceFile),
      ]);
      const input = {
        ...form,
        termsAccepted: form.termsAccepted === 'true',
        emiratesIdFile: describeUpload(form.emiratesIdFile ?? null, idBytes),
        emiratesIdBackFile: describeUpload(form.emiratesIdBackFile ?? null, idBackBytes),
        licenceFile: describeUpload(form.licenceFile ?? null, licenceBytes),
      };
      // The same rules as the browser's form, with the documents' types read from their content.
      const problems = registrationProblems(input, deps.now().getTime());
      if (Object.keys(problems).length > 0) return c.json({ error: 'invalid' as const, fields: problems }, 400);
      const client = clientAddress(c, deps.config.trustProxy);
      const busy = deps.hashing.refuses(client);
      if (busy) throw busy;
      const size = idBytes!.byteLength + idBackBytes!.byteLength + licenceBytes!.byteLength;
      // A full disk would stop the database too: documents never take its last free space.
      if (!(await deps.documents.room(size))) return c.json({ error: 'storageFull' as const }, 507);
      // Counted before the e-mail is looked at: trying e-mails to learn who has an account counts too.
      const spent = await spend(deps.db, 'registration', client, size, deps.config.registrationAllowance, deps.now());
      if (!spent.ok) {
        c.header('Retry-After', String(spent.retryAfter));
        return c.json({ error: 'tooMany' as const, retryAfter: spent.retryAfter }, 429);
      }
      const email = normaliseEmail(form.email);
      const taken = async () => {
        await tellOwnerOfTry(deps, email, deps.now());
        return c.json({ error: 'emailTaken' as const, fields: { email: 'emailTaken' as const } }, 409);
      };
      // An address given up in the last days is still its account's while the undo link works.
      if ((await findUser(deps.db, email)) || (await heldBy(deps.db, email, deps.now()))) return taken();

      const passwordHash = await deps.hashing(client, () => hashPassword(form.password, deps.config.scryptCost));
      const { fullName, phone, emiratesId, emiratesIdExpiry, licenceExpiry } = form;
      const user = await createRenter(deps, {
        fullName,
        phone,
        emiratesId,
        emiratesIdExpiry,
        licenceExpiry,
        email,
        passwordHash,
        language: form.language ?? 'en',
        choice: choiceOf(form.carId, form),
        files: [
          { kind: 'emiratesId', bytes: idBytes!, info: input.emiratesIdFile! },
          { kind: 'emiratesIdBack', bytes: idBackBytes!, info: input.emiratesIdBackFile! },
          { kind: 'licence', bytes: licenceBytes!, info: input.licenceFile! },
        ],
      });
      if (!user) return taken();
      deps.log.info('renter registered', { userId: user.id });
      return c.json(await signIn(c, user), 201);
    },
  )
  .post('/login', jsonOnly, validate('json', loginBody), async (c) => {
    const deps = c.var.deps;
    const { password, role, carId, trip } = c.req.valid('json');
    const email = normaliseEmail(c.req.valid('json').email);
    // Counted per account from this client, and per client over every account (auth/throttle.ts).
    const client = clientAddress(c, deps.config.trustProxy);
    // A browser this account signed in from goes ahead of strangers (devices.ts); no cookie, no read.
    const device = await knownDevice(c, email);
    // Past the hashing gate's means, refused before any other work (a flood's requests cost nothing).
    const busy = deps.hashing.refuses(client, device);
    if (busy) throw busy;
    const counted = logInCounts(email, client);
    const locked = (until: Date) => c.json({ error: 'locked' as const, retryAfter: Math.ceil((until.getTime() - deps.now().getTime()) / 1000) }, 429);
    const checked = await passwordInTurn(deps, { client, known: device }, counted, password, async () => {
      const account = await findUser(deps.db, email);
      return { account, hash: account?.passwordHash ?? (await decoyHash(deps.config.scryptCost)) };
    });
    if ('locked' in checked) return locked(checked.locked);
    const found = checked.account;
    if (!checked.right || !found || !signsInAs(found.role, role) || found.passwordHash === null) {
      await sleep(checked.holdMs);
      const after = await throttleState(deps.db, counted, deps.now());
      if (after.locked) return locked(after.until);
      return c.json({ error: 'wrongCredentials' as const }, 401);
    }
    await attemptSucceeded(deps.db, counted);
    // Said only to whoever gave the right password.
    if (await companySuspended(deps.db, found)) return c.json({ error: 'suspended' as const }, 403);
    return c.json(await signIn(c, found, choiceOf(carId, trip)), 200);
  })
  .post('/logout', jsonOnly, validate('json', z.object({}).strict()), async (c) => {
    const token = c.var.sessionToken;
    if (token) await invalidateSession(c.var.deps.db, token);
    // Its live streams end now, on whichever instance they are, not at their next heartbeat.
    if (token && c.var.user) await pushTo(c.var.deps.db, [c.var.user.id], 'session');
    clearSessionCookie(c, c.var.deps.config.production);
    return c.json({ ok: true as const });
  })
  .get('/uaepass/start', validate('query', uaePassStart), async (c) => {
    const deps = c.var.deps;
    const { lang, carId, ...trip } = c.req.valid('query');
    if (!deps.uaePass) return c.redirect(AFTER_UAE_PASS[lang].failed);
    const request = deps.uaePass.newRequest();
    const choice = choiceOf(carId, trip);
    // A renter signed in here connects UAE PASS to this account: they have just proved it is theirs.
    const signedIn = c.var.user?.role === 'renter' ? c.var.user.id : null;
    await deps.db.insert(uaePassRequests).values({
      ...request,
      lang,
      userId: signedIn,
      carId: choice?.carId ?? null,
      trip: choice?.trip ?? null,
      expiresAt: new Date(deps.now().getTime() + UAE_PASS_REQUEST_MS),
    });
    setCookie(c, UAE_PASS_COOKIE, request.state, uaePassCookie(deps));
    return c.redirect((await deps.uaePass.authorizeUrl(request, callbackUrl(deps), lang)).href);
  })
  .get('/uaepass/callback', async (c) => {
    const deps = c.var.deps;
    const state = c.req.query('state') ?? '';
    // The reply must come back to the browser that started the request: a reply opened anywhere else
    // (an attacker's own sign-in sent as a link) would sign that browser into the attacker's account.
    const started = getCookie(c, UAE_PASS_COOKIE) ?? '';
    deleteCookie(c, UAE_PASS_COOKIE, uaePassCookie(deps));
    // Single use: the request is taken out whatever happens next.
    const [request] = await deps.db
      .delete(uaePassRequests)
      .where(and(eq(uaePassRequests.state, state), gt(uaePassRequests.expiresAt, deps.now())))
      .returning();
    const lang = request?.lang === 'ar' ? 'ar' : 'en';
    if (!request || !sameText(started, state) || !deps.uaePass) return c.redirect(AFTER_UAE_PASS[lang].failed);
    try {
      const here = new URL(callbackUrl(deps));
      here.search = new URL(c.req.url).search;
      const profile = await deps.uaePass.finish(request, here);
      const found = await uaePassRenter(deps, profile, lang, request.userId);
      if (found === 'signInFirst') return c.redirect(AFTER_UAE_PASS[lang].signInFirst);
      if (!found) return c.redirect(AFTER_UAE_PASS[lang].failed);
      const user = found;
      // The car and trip chosen before leaving for UAE PASS (read back through the same schema).
      const carId = request.carId && CAR_ID.test(request.carId) ? request.carId : undefined;
      const trip = tripSchema.safeParse(request.trip);
      await signIn(c, user, choiceOf(carId, trip.success ? trip.data : undefined));
      deps.log.info('renter signed in with UAE PASS', { userId: user.id });
      // The account's own language: signing in on another device opens the app as the renter chose.
      // Connected from the account: back there.
      return c.redirect(AFTER_UAE_PASS[user.language][request.userId ? 'connected' : 'ok']);
    } catch (error) {
      deps.log.error('UAE PASS sign-in failed', { reason: error instanceof Error ? error.message : 'unknown' });
      return c.redirect(AFTER_UAE_PASS[lang].failed);
    }
  });

/** The callback address UAE PASS returns to (registered with it), on this server's public origin. */
function callbackUrl(deps: Deps) {
  return `${deps.config.publicOrigin}/api/auth/uaepass/callback`;
}

/** How long a UAE PASS sign-in may take, from our redirect to its reply. */
const UAE_PASS_REQUEST_MS = 10 * 60_000;
/** Holds the request's `state` in the browser that started it, for the callback to compare. */
const UAE_PASS_COOKIE = 'movecar_uaepass';
const uaePassCookie = (deps: Deps) =>
  ({
    httpOnly: true,
    // Lax: sent on UAE PASS's top-level redirect back to us, never on another site's request.
    sameSite: 'Lax',
    secure: deps.config.production,
    path: '/api/auth/uaepass',
    maxAge: UAE_PASS_REQUEST_MS / 1000,
  }) as const;

/** Equal texts, compared in constant time (of their digests: equal lengths). */
const digest = (text: string) => createHash('sha256').update(text).digest();
const sameText = (a: string, b: string) => a !== '' && timingSafeEqual(digest(a), digest(b));

/**
 * The renter for a UAE PASS profile:
 * - the account already linked to it;
 * - the account signed in when the flow started (its owner proved it with their password), now linked;
 * - never the account that merely has its e-mail, verified or not: anyone can register with someone
 *   else's e-mail, and the confirmation link mailed to that person proves the address is theirs, not
 *   that the password is (an attacker's registration sends it to the victim, who clicks it). Linking
 *   would hand the victim's verified identity to whoever chose the password. `signInFirst`: the
 *   owner logs in (a reset by e-mail if the password is not theirs), then connects UAE PASS
 *   (docs/decisions/uae-pass-linking.md);
 * - or a new account (in the language of the page it started from), its e-mail verified by UAE PASS.
 * Names in both languages and the Emirates ID come from UAE PASS, verified. Linking signs the account
 * out everywhere (whoever held a session of it before it was verified).
 */
async function uaePassRenter(
  deps: Deps,
  profile: Awaited<ReturnType<NonNullable<Deps['uaePass']>['finish']>>,
  language: 'en' | 'ar',
  signedIn: string | null,
): Promise<User | 'signInFirst' | null> {
  const { db } = deps;
  const verified = {
    uaePassId: profile.id,
    fullName: normaliseName(profile.fullName),
    fullNameAr: profile.fullNameAr ?? null,
    emiratesId: profile.emiratesId ? (checkEmiratesId(profile.emiratesId).value ?? null) : null,
    verified: true,
  };
  const email = normaliseEmail(profile.email);
  const byId = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0];
  const [linked] = await db.select().from(users).where(eq(users.uaePassId, profile.id));
  // A UAE PASS identity belongs to one account: connecting it to a second one is refused.
  if (linked && signedIn && linked.id !== signedIn) return null;
  const byEmail = linked || signedIn ? undefined : await findUser(db, email);
  if (byEmail) return byEmail.role === 'renter' ? 'signInFirst' : null;
  const existing = linked ?? (signedIn ? await byId(signedIn) : undefined);
  if (existing) {
    if (existing.role !== 'renter') return null;
    return db.transaction(async (tx) => {
      const [updated] = await tx.update(users).set(verified).where(eq(users.id, existing.id)).returning();
      if (!linked) {
        await tx.delete(sessions).where(eq(sessions.userId, existing.id));
        await pushTo(tx, [existing.id], 'session');
      }
      return updated ?? null;
    });
  }
  const phone = profile.mobile ? (normaliseUaeMobile(profile.mobile) ?? '') : '';
  const [created] = await db
    .insert(users)
    .values({ ...verified, email, emailVerifiedAt: deps.now(), role: 'renter', phone, language })
    .returning();
  return created ?? null;
}
