// No password is kept in clear, whichever way it was given: registering (with a car chosen, whose
// form once went whole into the booking's stored journey, password and confirmation included),
// logging in with a car chosen, a reset by e-mail, an invitation accepted, an account made by the
// command. Every table of the database is searched, not only those the schema knows. And a database
// that today's main left with a password in a journey loses it at the next start (migration 0033).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { createManager, SAMPLE_ADMIN } from '../../server/seed';
import { startTestServer, type TestServer } from '../support/server';
import { browser, contextOf, email, MAIL_WAIT, renter, tripIn } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({}, { mail: true });
});
afterAll(() => s.close());

/** Every row of every table (any schema but the system's), as text. */
async function everyRow() {
  const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
  const tables = rowsOf(
    await s.deps.db.execute(
      sql`select table_schema as "schema", table_name as "name" from information_schema.tables where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
    ),
  );
  expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['users', 'bookings', '__drizzle_migrations']));
  const texts: string[] = [];
  for (const { schema, name } of tables) {
    const quoted = `"${String(schema).replaceAll('"', '""')}"."${String(name).replaceAll('"', '""')}"`;
    const [row] = rowsOf(await s.deps.db.execute(sql.raw(`select coalesce(json_agg(t)::text, '') as rows from ${quoted} t`)));
    texts.push(`${quoted}: ${String(row?.rows ?? '')}`);
  }
  return texts.join('\n');
}

/** The stored journey of the renter's booking, as the database keeps it. */
async function storedBooking(bookingId: string) {
  const [row] = (
    (await s.deps.db.execute(sql`select journey #> '{snapshot,context,booking}' as booking from bookings where id = ${bookingId}`)) as unknown as {
      rows: { booking: Record<string, unknown> }[];
    }
  ).rows;
  return row!.booking;
}

const linkIn = (pattern: RegExp) => async (to: string) => {
  const mail = await vi.waitFor(async () => {
    const found = (await s.mailbox!.waitFor(to)).findLast((m) => pattern.test(m.text));
    expect(found).toBeDefined();
    return found!;
  }, MAIL_WAIT);
  return pattern.exec(mail.text)![1]!;
};

describe('no password kept in clear, whichever way it was given', () => {
  it('registering with a car and trip chosen: the booking keeps the car and trip, and no table holds the password', async () => {
    const password = 'Very-Secret-Pw-2026';
    const trip = tripIn(72, 3);
    const r = await renter({ password, carId: 'camry', trip }, s);
    // The choice was taken (the path that once stored the form)…
    const booking = await storedBooking(r.journey().bookingId);
    expect(booking).toMatchObject({ carId: 'camry', ...trip });
    // …and only the booking's own fields are in it.
    expect(Object.keys(booking).sort()).toEqual(['car', 'carId', 'dropoffAt', 'dropoffLocation', 'pickupAt', 'pickupLocation']);
    const everything = await everyRow();
    expect(everything).toContain(r.email.toLowerCase()); // the search does reach the renter's rows
    expect(everything).not.toContain(password);
  });

  it('registering without a car, then logging in with one chosen (a wrong password first): neither password is kept', async () => {
    const password = 'Quiet-Dune-2026';
    const wrong = 'Wrong-Guess-2026';
    const r = await renter({ password }, s);
    const b = await browser(s);
    expect((await b.api.logIn({ email: r.email, password: wrong, role: 'renter' })).ok).toBe(false);
    const trip = tripIn(96, 2);
    const signedIn = await b.api.logIn({ email: r.email, password, role: 'renter', carId: 'patrol', trip });
    expect(signedIn.ok).toBe(true);
    expect(await storedBooking(r.journey().bookingId)).toMatchObject({ carId: 'patrol', ...trip });
    const everything = await everyRow();
    expect(everything).not.toContain(password);
    expect(everything).not.toContain(wrong);
  });

  it('a new password set with a reset link, an invitation accepted, an account made by the command: none is kept', async () => {
    const r = await renter({}, s);
    const b = await browser(s);
    expect((await b.json('POST', '/api/auth/password/forgot', { email: r.email, lang: 'en' })).status).toBe(202);
    const reset = await linkIn(/reset=([A-Za-z0-9_-]+)/)(r.email);
    const resetTo = 'Palm-Grove-Reset-2031';
    expect((await b.json('POST', '/api/auth/password/reset', { token: reset, password: resetTo })).status).toBe(200);

    const admin = await browser(s);
    expect((await admin.api.logIn({ email: SAMPLE_ADMIN.email, password: SAMPLE_ADMIN.password, role: 'staff' })).ok).toBe(true);
    const invited = email('agent');
    expect((await admin.json('POST', '/api/staff/invitations', { email: invited, role: 'agent', lang: 'en' })).status).toBe(201);
    const token = await linkIn(/join\?token=([A-Za-z0-9_-]+)/)(invited);
    const joinedWith = 'Counter-Keys-2031';
    const joined = await (await browser(s)).json('POST', '/api/invitations/accept', { token, fullName: 'Omar Haddad', password: joinedWith, language: 'en' });
    expect(joined.status).toBe(201);

    const commandPassword = 'Fleet-Command-2031';
    expect(await createManager(s.deps.db, { email: email('boss'), password: commandPassword, name: 'Huda Saeed', company: 'desert-drive' }, 1024)).toBe('created');

    const everything = await everyRow();
    expect(everything).toContain(invited);
    for (const password of [resetTo, joinedWith, commandPassword]) expect(everything).not.toContain(password);
  });

  it('an e-mail change proved with the current password (a wrong one first): neither is kept', async () => {
    const password = 'Sand-Proof-2026';
    const wrong = 'Sand-Guess-2026';
    const r = await renter({ password }, s);
    const moved = email('moved');
    const profile = { fullName: 'Mariam Al Suwaidi', phone: '050 123 4567', email: moved, address: '' };
    expect((await r.step({ type: 'account.update', profile }, wrong)).ok).toBe(false);
    expect((await r.step({ type: 'account.update', profile }, password)).ok).toBe(true);
    const everything = await everyRow();
    expect(everything).toContain(moved);
    expect(everything).not.toContain(password);
    expect(everything).not.toContain(wrong);
  });
});

describe('a database that today’s main left with a password in a stored journey', () => {
  it('loses it at the next start, and the booking still opens with its car and trip', async () => {
    const password = 'Left-Behind-Pw-2026';
    const trip = tripIn(120, 2);
    const r = await renter({ password, carId: 'camry', trip }, s);
    const { bookingId } = r.journey();
    // What the old code stored: the whole form spread into the booking (choiceOf passed it as the trip).
    const form = {
      fullName: 'Mariam Al Suwaidi',
      email: r.email,
      phone: '050 123 4567',
      password,
      confirmPassword: password,
      emiratesId: '784-1990-1234567-6',
      emiratesIdExpiry: '2031-01-31',
      licenceExpiry: '2030-06-30',
      termsAccepted: 'true',
      carId: 'camry',
      ...trip,
      language: 'en',
      emiratesIdFile: {},
      emiratesIdBackFile: {},
      licenceFile: {},
    };
    await s.deps.db.execute(
      sql`update bookings set journey = jsonb_set(journey, '{snapshot,context,booking}', (journey #> '{snapshot,context,booking}') || ${JSON.stringify(form)}::jsonb) where id = ${bookingId}`,
    );
    expect(await everyRow()).toContain(password);
    // The database as it was before this migration ran: its record of it (and of those after it)
    // removed, what those after it made undone, and a restart.
    await s.deps.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at >= 1796170000000`);
    await s.deps.db.execute(sql`drop table provider_events`);
    await s.deps.db.execute(sql`alter table sessions drop column seq`);
    await s.deps.db.execute(sql`alter table violations drop column card_tried_at`);
    await s.deps.db.execute(sql`drop table company_refunds`);
    await s.deps.db.execute(sql`drop table audit_lines`);
    await s.deps.db.execute(sql`drop table email_changes`);
    await s.deps.db.execute(sql`drop table reset_asks`);
    await s.deps.db.execute(sql`alter table money_intents drop column owner`);
    await s.deps.db.execute(sql`drop table known_devices`);
    await s.deps.db.execute(sql`alter table bookings drop column picked_up_at, drop column returned_at, drop column checked_out_at, drop column settled_at, drop column cancelled_at, drop column card_token, drop column payment_session_id`);
    await s.deps.db.execute(sql`alter table authority_records drop column card_due_at, drop column card_last4, drop column card_batch, drop column card_tried_at, drop column card_charged_at, drop column card_reference`);
    await s.deps.db.execute(sql`alter table bookings drop column page_closes_at, drop column hold_renew_at, drop column hold_renewal_failed_at`);
    await s.deps.db.execute(sql`create table gateway_operations (idempotency_key text primary key, kind text not null, amount bigint not null, last4 text not null, reference text not null unique, card_token text not null, created_at timestamptz not null default now())`);
    await s.restart();

    expect(await everyRow()).not.toContain(password);
    const booking = await storedBooking(bookingId);
    expect(Object.keys(booking).sort()).toEqual(['car', 'carId', 'dropoffAt', 'dropoffLocation', 'pickupAt', 'pickupLocation']);
    // The renter's session survived the restart; their booking reads as before.
    const read = await r.api.booking(bookingId);
    expect(read.ok).toBe(true);
    expect(read.ok && contextOf(read.body.journey).booking).toMatchObject({ carId: 'camry', ...trip });
  });
});
