// The company's day for its managers (and admin): today's pickups and returns with where each stands,
// the cars out and the overdue, what waits for them (open incidents, fines with the company), and
// this month against the last (fleet use and money). And a CSV of its bookings, contracts or fines
// over a range of days, safe to open in a spreadsheet. Only the manager's own company.
import { and, count, desc, eq, gte, inArray, lt, ne } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { bookingPaid, bookingPrice, bookingStatus, dueBackAt } from '../../machines/journey-rules';
import { restoreJourney } from '../../machines/persistence';
import { restoreViolation } from '../../machines/violation';
import { toDubaiInput } from '../../machines/booking';
import { DAY_MS } from '../../machines/money';
import { bookings, cars, contracts, incidents, users, violations } from '../db/schema';
import type { Db } from '../db/open';
import type { AppEnv } from '../deps';
import { requireRole } from '../auth/middleware';
import { validate } from '../http/validate';
import { summaryOf } from '../handovers/routes';
import { contractView } from '../contracts/store';
import { companyCarIds } from '../cars/store';
import { branchNamesOf } from '../branches/store';
import { dayAround, monthFigures, monthsAround } from './figures';
import { companyDocuments, taxDocumentView } from '../invoices/store';
import { documentNumber } from '../../machines/taxDocuments';

/** Fines still with the company: not yet passed on, or disputed by the renter. */
const WITH_COMPANY = new Set(['pending', 'disputed']);

/** The company's bookings with their readable journeys and renters' names (sample rentals left out). */
async function companyJourneys(db: Db, companyId: string) {
  const carIds = await companyCarIds(db, companyId);
  if (carIds.length === 0) return [];
  const rows = await db
    .select({ booking: bookings, renter: users.fullName })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.renterId))
    .where(and(inArray(bookings.carId, carIds), eq(bookings.sample, false)))
    .orderBy(desc(bookings.createdAt))
    // A day's and two months' figures need a company's recent bookings; past this many, an aggregate
    // kept as bookings change would take over.
    .limit(10_000);
  return rows.flatMap(({ booking, renter }) => {
    const c = restoreJourney(booking.journey).snapshot?.context;
    return c ? [{ booking, renter, c }] : [];
  });
}

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const exportQuery = z.object({ kind: z.enum(['bookings', 'contracts', 'fines', 'invoices']), from: day, to: day }).strict();
const rangeQuery = z.object({ from: day, to: day }).strict();

/** The Dubai days from `from` to `to` (both included) as instants, or null for a range backwards or over 400 days. */
function rangeOf(from: string, to: string) {
  const start = dayStart(from);
  const end = dayStart(to) + DAY_MS;
  return end > start && end - start <= 400 * DAY_MS ? { start, end } : null;
}

/** A Dubai calendar day (YYYY-MM-DD) to its first instant. */
const dayStart = (value: string) => Date.parse(`${value}T00:00:00+04:00`);

/**
 * One CSV cell: quoted when it holds a comma, a quote or a line break; one that a spreadsheet would
 * run as a formula (starting with =, +, -, @, a tab or a carriage return) starts with ' instead.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
const csv = (rows: (string | number | null)[][]) => rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
const aed = (fils: number) => (fils / 100).toFixed(2);
const dubai = (ms: number | null) => (ms === null ? '' : toDubaiInput(ms).replace('T', ' '));

/** The company's day as its dashboard shows it. */
async function dashboardOf(db: Db, companyId: string, now: number) {
  const today = dayAround(now);
  const journeys = await companyJourneys(db, companyId);
  // Paid and not cancelled: what the counter still has to do something with.
  const live = journeys.filter(({ c: j }) => !['cancelled', 'unpaid'].includes(bookingStatus(j)));
  const within = (at: number) => at >= today.start && at < today.end;
  const pickups = live.filter(({ c: j }) => within(j.booking.pickupAt));
  const returns = live.filter(({ c: j }) => j.pickedUpAt !== null && within(dueBackAt(j)));
  const out = live.filter(({ c: j }) => j.pickedUpAt !== null && j.checkin === null);
  const overdue = out.filter(({ c: j }) => dueBackAt(j) < now);
  const [openIncidents] = await db
    .select({ n: count() })
    .from(incidents)
    .where(and(eq(incidents.companyId, companyId), ne(incidents.status, 'closed')));
  const fines = await db
    .select({ state: violations.state })
    .from(violations)
    .innerJoin(contracts, eq(contracts.code, violations.contractCode))
    .where(eq(contracts.companyId, companyId));
  const waitingFines = fines.filter((f) => WITH_COMPANY.has(String(restoreViolation(f.state)?.value))).length;
  const months = monthsAround(now);
  const contexts = journeys.map((j) => j.c);
  const cars = (await companyCarIds(db, companyId)).length;
  const bySoonest = (key: 'pickupAt' | 'dueBackAt') => (a: Record<typeof key, number>, b: Record<typeof key, number>) => a[key] - b[key];
  return {
    day: today,
    /** The company's own names for its branches, by place: today's lists are headed by them. */
    branches: await branchNamesOf(db, companyId),
    pickups: pickups.map(({ booking, renter, c: j }) => summaryOf(booking, j, renter, now)).sort(bySoonest('pickupAt')),
    returns: returns.map(({ booking, renter, c: j }) => summaryOf(booking, j, renter, now)).sort(bySoonest('dueBackAt')),
    carsOut: out.length,
    overdue: overdue.map(({ booking, renter, c: j }) => summaryOf(booking, j, renter, now)).sort(bySoonest('dueBackAt')),
    openIncidents: openIncidents?.n ?? 0,
    waitingFines,
    months: {
      current: { start: months.current.start, ...monthFigures(contexts, cars, months.current) },
      previous: { start: months.previous.start, ...monthFigures(contexts, cars, months.previous) },
    },
  };
}
export type DashboardView = Awaited<ReturnType<typeof dashboardOf>>;

export const dashboardRoutes = new Hono<AppEnv>()
  .use(requireRole('manager'))
  .get('/', async (c) => c.json(await dashboardOf(c.var.deps.db, c.var.user!.companyId!, c.var.deps.now().getTime())))
  // The company's tax invoices and credit notes issued over a range of days, newest first, with what they add up to.
  .get('/documents', validate('query', rangeQuery), async (c) => {
    const { from, to } = c.req.valid('query');
    const range = rangeOf(from, to);
    if (!range) return c.json({ error: 'invalid' as const, fields: { to: 'invalid' as const } }, 400);
    const rows = await companyDocuments(c.var.deps.db, c.var.user!.companyId!, new Date(range.start), new Date(range.end));
    const sum = (kind: 'invoice' | 'credit') =>
      rows.filter((d) => d.kind === kind).reduce((t, d) => ({ net: t.net + d.net, vat: t.vat + d.vat, total: t.total + d.total }), { net: 0, vat: 0, total: 0 });
    return c.json({ documents: rows.map(taxDocumentView), invoiced: sum('invoice'), credited: sum('credit') });
  })
  .get('/export', validate('query', exportQuery), async (c) => {
    const { db } = c.var.deps;
    const companyId = c.var.user!.companyId!;
    const { kind, from, to } = c.req.valid('query');
    const range = rangeOf(from, to);
    if (!range) return c.json({ error: 'invalid' as const, fields: { to: 'invalid' as const } }, 400);
    const { start, end } = range;
    let rows: (string | number | null)[][];
    if (kind === 'bookings') {
      const journeys = (await companyJourneys(db, companyId)).filter(({ c: j }) => j.booking.pickupAt >= start && j.booking.pickupAt < end);
      rows = [
        ['booking', 'status', 'car', 'plate', 'renter', 'pickup', 'pickup location', 'return', 'return location', 'total AED', 'paid AED'],
        ...journeys
          .sort((a, b) => a.c.booking.pickupAt - b.c.booking.pickupAt)
          .map(({ booking, renter, c: j }) => [
            booking.number,
            bookingStatus(j),
            j.booking.car.model,
            j.booking.car.plate,
            renter,
            dubai(j.booking.pickupAt),
            j.booking.pickupLocation,
            dubai(dueBackAt(j)),
            j.booking.dropoffLocation,
            aed(bookingPrice(j.booking).total),
            aed(bookingPaid(j)),
          ]),
      ];
    } else if (kind === 'contracts') {
      const found = await db
        .select({ contract: contracts, booking: bookings, renter: users.fullName, car: cars })
        .from(contracts)
        .leftJoin(bookings, eq(bookings.id, contracts.bookingId))
        .leftJoin(users, eq(users.id, bookings.renterId))
        .leftJoin(cars, eq(cars.id, contracts.carId))
        .where(and(eq(contracts.companyId, companyId), gte(contracts.createdAt, new Date(start)), lt(contracts.createdAt, new Date(end))))
        .orderBy(contracts.createdAt);
      rows = [
        ['contract', 'status', 'booking', 'renter', 'car', 'made'],
        ...found.map(({ contract, booking, renter, car }) => {
          const view = contractView(contract, booking, renter, car);
          return [view.code, view.status, view.booking?.number ?? null, renter, view.car?.model ?? null, dubai(contract.createdAt.getTime())];
        }),
      ];
    } else if (kind === 'invoices') {
      // One row per document, as issued: the accountant's VAT return adds these up.
      const found = await companyDocuments(db, companyId, new Date(start), new Date(end));
      rows = [
        ['number', 'type', 'adjusts', 'issued', 'supplied', 'booking', 'renter', 'net AED', 'VAT AED', 'total AED'],
        ...found.reverse().map((d) => {
          const sign = d.kind === 'credit' ? -1 : 1;
          return [
            documentNumber(d.kind, d.number),
            d.kind === 'invoice' ? 'tax invoice' : 'tax credit note',
            d.adjusts,
            dubai(d.issuedAt.getTime()),
            dubai(d.suppliedAt.getTime()),
            d.bookingNumber,
            d.renterName,
            aed(sign * d.net),
            aed(sign * d.vat),
            aed(sign * d.total),
          ];
        }),
      ];
    } else {
      const found = await db
        .select({ violation: violations, number: bookings.number })
        .from(violations)
        .innerJoin(contracts, eq(contracts.code, violations.contractCode))
        .innerJoin(bookings, eq(bookings.id, violations.bookingId))
        .where(and(eq(contracts.companyId, companyId), gte(violations.createdAt, new Date(start)), lt(violations.createdAt, new Date(end))))
        .orderBy(violations.createdAt);
      rows = [
        ['contract', 'booking', 'type', 'code', 'reference', 'when', 'location', 'amount AED', 'status'],
        ...found.flatMap(({ violation, number }) => {
          const v = restoreViolation(violation.state);
          if (!v) return [];
          const f = v.context.fine;
          return [[violation.contractCode, number, f.type.en, f.code, f.reference ?? null, dubai(f.date), f.location ?? null, aed(f.amount), String(v.value)]];
        }),
      ];
    }
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="movecar-${kind}-${from}-to-${to}.csv"`);
    // A byte-order mark, so a spreadsheet reads the Arabic names as UTF-8.
    return c.body(`\uFEFF${csv(rows)}`);
  });
