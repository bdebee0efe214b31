// The company's day and its CSV export, through the API on a real database: a paid pickup today
// shows in today's pickups and in this month's money, a car picked up and past its return shows as
// overdue, a fine with the company is counted; another company sees none of it; only its managers
// (and admin) may look. The export gives the range's bookings and fines, and a cell an authority's
// file filled with a formula is written so a spreadsheet shows it instead of running it.
import { describe, expect, it } from 'vitest';
import { csvCell } from '../../server/dashboard/routes';
import { SAMPLE_DESKS } from '../../server/demo/branches';
import { SAMPLE_ADMIN, SAMPLE_AGENT, SECOND_MANAGER } from '../../server/seed';
import { importAndWait } from '../support/imports';
import { travelTo } from '../support/clock';
import { browser, contextOf, manager, renterAt, server } from './helpers';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

async function signedIn(who: { email: string; password: string }) {
  const b = await browser();
  const result = await b.api.logIn({ email: who.email, password: who.password, role: 'staff' });
  if (!result.ok) throw new Error(`sign-in ${who.email}`);
  return b;
}

const dashboard = async (b: Awaited<ReturnType<typeof browser>>) => {
  const answer = await b.request('/api/dashboard');
  expect(answer.status).toBe(200);
  return answer.json();
};

describe('the company’s day', () => {
  it('today’s paid pickup, a car overdue, a fine with the company, this month’s money; another company sees none of it', async () => {
    const s = await server();
    const now = s.deps.now().getTime();
    // A pickup later today (Dubai time), of Elite Auto's 911.
    const dubaiMidnight = Math.floor((now + 4 * HOUR) / DAY) * DAY - 4 * HOUR;
    const pickupAt = Math.max(now + 2 * HOUR, dubaiMidnight + 20 * HOUR);
    const today = await renterAt('paid', {
      carId: '911',
      trip: { pickupLocation: 'dxb-t3', dropoffLocation: 'dxb-t3', pickupAt, dropoffAt: pickupAt + 2 * DAY },
    });
    const m = await manager();
    let day = await dashboard(m);
    const number = today.journey().number;
    const listed = [...day.pickups, ...day.returns].map((i: { number: string }) => i.number);
    // Tomorrow's Dubai day if the pickup fell past midnight: the figures are per calendar day.
    if (pickupAt < day.day.end) expect(listed).toContain(number);
    // Its lists are headed by the company's own names for its branches.
    expect(day.branches['dxb-t3']).toEqual({ en: SAMPLE_DESKS['dxb-t3'].en, ar: SAMPLE_DESKS['dxb-t3'].ar });
    const paid = contextOf(today.journey()).payment!.amount;
    expect(day.months.current.rent + day.months.current.fees).toBeGreaterThanOrEqual(paid);
    expect(day.months.current.utilisation).toBeGreaterThan(0);
    expect(day.months.current.utilisation).toBeLessThanOrEqual(1);

    // A car picked up, then its return passes: overdue.
    const out = await renterAt('pickedUp');
    const dueBack = contextOf(out.journey()).booking.dropoffAt;
    travelTo(dueBack + HOUR);
    day = await dashboard(m);
    expect(day.overdue.map((i: { number: string }) => i.number)).toContain(out.journey().number);
    expect(day.carsOut).toBeGreaterThanOrEqual(1);

    // A fine on that rental, arrived with the company (the contract does not pass it on): waiting.
    const before = day.waitingFines;
    const at = contextOf(out.journey()).pickedUpAt! + 60_000;
    const csv = `reference,type,plate,date_time,location,code,description,amount,black_points\nDSH-${now.toString(36)},fine,Dubai K 48213,${new Date(at).toISOString()},"=HYPERLINK(""http://evil.example"",""click"")",SPEED-20,Speeding,500,4\n`;
    const imported = await importAndWait(m.api, csv);
    expect(imported.ok && imported.body.report.matched).toHaveLength(1);
    day = await dashboard(m);
    expect(day.waitingFines).toBe(before + 1);

    // Desert Drive's manager sees none of Elite Auto's.
    const other = await dashboard(await signedIn(SECOND_MANAGER));
    const theirs = [...other.pickups, ...other.returns, ...other.overdue].map((i: { number: string }) => i.number);
    expect(theirs).not.toContain(number);
    expect(theirs).not.toContain(out.journey().number);

    // The export: the range's fines, with the formula shown as text.
    const dayOf = (ms: number) => new Date(ms + 4 * HOUR).toISOString().slice(0, 10);
    const fines = await m.request(`/api/dashboard/export?kind=fines&from=${dayOf(now - DAY)}&to=${dayOf(s.deps.now().getTime())}`);
    expect(fines.status).toBe(200);
    expect(fines.headers.get('content-type')).toContain('text/csv');
    expect(fines.headers.get('content-disposition')).toContain('attachment; filename="movecar-fines-');
    const text = await fines.text();
    expect(text).toContain(`DSH-${now.toString(36)}`);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);

    const bytes = new Uint8Array(await (await m.request(`/api/dashboard/export?kind=bookings&from=${dayOf(now - 3 * DAY)}&to=${dayOf(now + 3 * DAY)}`)).arrayBuffer());
    // UTF-8 with its byte-order mark, so a spreadsheet reads Arabic names as they are.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const booked = new TextDecoder().decode(bytes);
    expect(booked.split('\r\n')[0]).toBe('booking,status,car,plate,renter,pickup,pickup location,return,return location,total AED,paid AED');
    expect(booked).toContain(`${out.journey().number},active,`);
    expect(booked).toContain('Mariam Al Suwaidi');
  });

  it('only the company’s managers and admin: an agent or a renter 403, nobody 401; a bad range 400', async () => {
    await server();
    expect((await (await browser()).request('/api/dashboard')).status).toBe(401);
    expect((await (await signedIn(SAMPLE_AGENT)).request('/api/dashboard')).status).toBe(403);
    const r = await renterAt('signed');
    expect((await r.request('/api/dashboard')).status).toBe(403);
    expect((await r.request('/api/dashboard/export?kind=bookings&from=2026-11-01&to=2026-11-30')).status).toBe(403);
    await dashboard(await signedIn(SAMPLE_ADMIN));
    const m = await manager();
    expect((await m.request('/api/dashboard/export?kind=bookings&from=2026-11-30&to=2026-11-01')).status).toBe(400);
    expect((await m.request('/api/dashboard/export?kind=users&from=2026-11-01&to=2026-11-30')).status).toBe(400);
  });
});

describe('a CSV cell', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['+971 50 123 4567', "'+971 50 123 4567"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['Sheikh Zayed Road, Dubai', '"Sheikh Zayed Road, Dubai"'],
    ['He said "stop"', '"He said ""stop"""'],
    ['مريم السويدي', 'مريم السويدي'],
  ])('%s is written %s', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });
});
