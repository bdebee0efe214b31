// A company's branches on a fresh production database: where its renters pick up and return, and when.
// The admin adds a branch (each mistake by its field, a second at the same place refused), its cars
// belong to it, and search offers them only at the company's places, while the branch is open; a
// renter who asks the API for another time is told the car cannot be had and pays nothing; the one who
// books in the hours is counted on the company's dashboard. An agent sees the handovers at their
// branches only. Another company's admin finds none of it (404); only the admin may keep branches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromDubaiInput, toDubaiInput } from '../../machines/booking';
import { DAY_MS } from '../../machines/money';
import type { BranchInput } from '../../machines/branches';
import { adminOf } from '../support/counter';
import { createManager } from '../../server/seed';
import { startTestServer, type TestServer } from '../support/server';
import { browser, PAY, contextOf, PNG, renter } from './helpers';

const OPERATOR = { email: 'ops@platform.example', password: 'platform-keys-2026' };
const week = (open: string, close: string) => Array.from({ length: 7 }, () => ({ closed: false, open, close }));
/** Sharjah's Al Majaz desk: 08:00 to 22:00, Friday closed. */
const DESK: BranchInput = {
  nameEn: 'Al Majaz Desk',
  nameAr: 'مكتب المجاز',
  place: 'sharjah-city',
  addressEn: 'Al Majaz Waterfront, Sharjah',
  addressAr: 'واجهة المجاز المائية، الشارقة',
  coordinates: '25.3236, 55.3850',
  hours: week('08:00', '22:00').map((d, day) => (day === 5 ? { ...d, closed: true } : d)),
};
const CAR = { emirate: 'Sharjah', code: '3', number: '55123', model: 'Nissan Patrol', category: 'suv', dailyRate: '450', deposit: '2500', odometerKm: '15000', tankLitres: '100' };
/** What the renter reads at pickup, as the admin types it. */
const SPECS = { year: '2025', seats: '7', transmission: 'automatic', fuel: 'petrol', engineEn: '4.0 L V6', engineAr: '4.0 لتر، 6 أسطوانات', horsepower: '', topSpeedKmh: '' };

describe('a company’s branches, on a fresh production database', () => {
  let s: TestServer;
  let ids: string[];
  /** A Dubai wall-clock time on the next `weekday` (0 Sunday) at least ten days ahead. */
  let on: (weekday: number, time: string) => number;
  /** The renter's paid booking at the Al Majaz desk. */
  let number: string;

  beforeAll(async () => {
    s = await startTestServer({ demo: false, operator: OPERATOR });
    const ops = await browser(s);
    expect((await ops.api.logIn({ ...OPERATOR, role: 'staff' })).ok).toBe(true);
    ids = [];
    for (const name of ['Sharjah Wheels', 'Coast Cars']) {
      const made = await ops.json('POST', '/api/operator/companies', { nameEn: name, nameAr: 'شركة', adminEmail: `${name.replace(' ', '.')}@example.ae`, lang: 'en' });
      expect(made.status).toBe(201);
      ids.push(((await made.json()) as { company: { id: string } }).company.id);
    }
    const ahead = toDubaiInput(s.deps.now().getTime() + 10 * DAY_MS).slice(0, 10);
    on = (weekday, time) => {
      let day = fromDubaiInput(`${ahead}T${time}`)!;
      while (new Date(day + 4 * 3_600_000).getUTCDay() !== weekday) day += DAY_MS;
      return day;
    };
  });
  afterAll(() => s.close());

  const search = async (place: string, pickupAt: number, days = 2) => {
    // This company's cars (on PGlite the fresh database is a copy of the sample one: its companies are everywhere).
    const q = new URLSearchParams({ pickupLocation: place, dropoffLocation: place, pickupAt: String(pickupAt), dropoffAt: String(pickupAt + days * DAY_MS), company: ids[0]! });
    const answer = await (await browser(s)).request(`/api/cars/search?${q}`);
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { results: { car: { model: string } }[] }).results.map((r) => r.car.model);
  };

  it('is the admin’s alone: nobody 401, a renter 403', async () => {
    expect((await (await browser(s)).request('/api/branches')).status).toBe(401);
    expect((await (await renter({}, s)).request('/api/branches')).status).toBe(403);
  });

  it('a branch is added (each mistake by its field, one per place); its cars are offered there only while it is open', async () => {
    const admin = await adminOf(s, ids[0]!);
    // No branch yet: a car must belong to one.
    const homeless = await admin.addCar({ ...CAR, homeBranch: '' });
    expect(homeless.ok ? null : homeless.fields).toEqual({ homeBranch: 'required' });

    const bad = await admin.addBranch({ ...DESK, nameAr: ' ', place: 'atlantis', coordinates: '55.38, 25.32', hours: DESK.hours.map((d) => ({ ...d, closed: true })) });
    expect(bad.ok ? 200 : bad.status).toBe(400);
    expect(bad.ok ? null : bad.fields).toEqual({ nameAr: 'required', place: 'required', coordinates: 'outsideUae', hours: 'noHours' });
    const added = await admin.addBranch(DESK);
    if (!added.ok) throw new Error(JSON.stringify(added));
    expect(added.body.branch).toMatchObject({ nameEn: 'Al Majaz Desk', place: 'sharjah-city', coordinates: '25.32360, 55.38500', version: 1 });
    expect(added.body.branch.hours[5]).toBeNull();
    const twice = await admin.addBranch({ ...DESK, nameEn: 'Another desk' });
    expect(twice.ok ? null : twice.fields).toEqual({ place: 'placeTaken' });
    // Renters can choose the place (on PostgreSQL the only one: its database is fresh).
    expect(((await (await browser(s)).request('/api/cars/places').then((r) => r.json())) as { places: string[] }).places).toContain('sharjah-city');

    // Renters read it where they go: its names, address, point and hours, without signing in.
    const shown = await (await browser(s)).request(`/api/companies/${ids[0]}/branches`).then((r) => r.json());
    expect(shown).toEqual({
      branches: [{ place: 'sharjah-city', name: { en: 'Al Majaz Desk', ar: 'مكتب المجاز' }, address: { en: DESK.addressEn, ar: DESK.addressAr }, lat: 25.3236, lng: 55.385, hours: added.body.branch.hours }],
    });

    const car = await admin.addCar({ ...CAR, ...SPECS, homeBranch: added.body.branch.id });
    if (!car.ok) throw new Error(JSON.stringify(car));
    expect(car.body.car).toMatchObject({ homeBranch: added.body.branch.id, ...SPECS });

    // Tuesday at 10:00, back on Thursday at 10:00: offered. Where the company has no branch: not.
    expect(await search('sharjah-city', on(2, '10:00'))).toEqual(['Nissan Patrol']);
    expect(await search('dxb-t3', on(2, '10:00'))).toEqual([]);
    // Before opening, after closing, on the Friday it is closed, and back on a Friday: not.
    expect(await search('sharjah-city', on(2, '07:30'))).toEqual([]);
    expect(await search('sharjah-city', on(2, '22:00'))).toEqual([]);
    expect(await search('sharjah-city', on(5, '10:00'))).toEqual([]);
    expect(await search('sharjah-city', on(3, '10:00'))).toEqual([]);

    // A renter who asks for the Friday anyway (a hand-made request) is told it cannot be had, and pays nothing.
    const r = await renter({}, s);
    const friday = { pickupLocation: 'sharjah-city', dropoffLocation: 'sharjah-city', pickupAt: on(5, '10:00'), dropoffAt: on(5, '10:00') + 3 * DAY_MS };
    const refused = await r.step({ type: 'booking.start', carId: car.body.car.id, trip: friday });
    expect(refused.ok ? 200 : refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'taken' });
    // For the Tuesday, the booking goes through to payment.
    const tuesday = { ...friday, pickupAt: on(2, '10:00'), dropoffAt: on(2, '10:00') + 2 * DAY_MS };
    for (const event of [
      { type: 'booking.start', carId: car.body.car.id, trip: tuesday },
      { type: 'contract.acceptTerms' },
      { type: 'contract.verifyIdentity' },
      { type: 'contract.sign', signature: 'Mariam Al Suwaidi' },
      { type: 'contract.proceed' },
      PAY,
    ]) {
      const answer = await r.step(event);
      expect(answer.ok, `${event.type}: ${JSON.stringify(answer.body)}`).toBe(true);
    }
    number = r.journey().number;
    // The company's own dashboard counts it in this month's money, and no other company's does.
    const paid = contextOf(r.journey()).payment!.amount;
    const board = await admin.dashboard();
    expect(board.ok && board.body.months.current.rent + board.body.months.current.fees).toBe(paid);
    const other = await (await adminOf(s, ids[1]!)).dashboard();
    expect(other.ok && other.body.months.current.rent).toBe(0);
    // The booking keeps the car's facts as they were: the pickup screen shows them.
    expect(contextOf(r.journey()).booking.car.specs).toEqual({ year: 2025, seats: 7, transmission: 'automatic', fuel: 'petrol', engine: { en: '4.0 L V6', ar: '4.0 لتر، 6 أسطوانات' } });
  });

  it('is saved over its version: the hours the admin changes apply to search at once; a stale save gets the branch as it is', async () => {
    const admin = await adminOf(s, ids[0]!);
    const { branches } = ((await admin.branches()) as { body: { branches: { id: string; version: number }[] } }).body;
    const desk = branches[0]!;
    // Open on Fridays too, from 14:00.
    const fridays = { ...DESK, hours: DESK.hours.map((d, day) => (day === 5 ? { closed: false, open: '14:00', close: '00:00' } : d)) };
    const saved = await admin.saveBranch(desk.id, { ...fridays, version: desk.version });
    if (!saved.ok) throw new Error(JSON.stringify(saved));
    expect(saved.body.branch.hours[5]).toEqual({ open: '14:00', close: '24:00' });
    expect(await search('sharjah-city', on(5, '15:00'), 1)).toEqual(['Nissan Patrol']);
    const stale = await admin.saveBranch(desk.id, { ...DESK, version: desk.version });
    expect(stale.ok ? 200 : stale.status).toBe(409);
    expect(stale.ok ? null : (stale.body as { branch: { version: number } }).branch.version).toBe(desk.version + 1);
  });

  it('a branch may open in any emirate: a desk at Ras Al Khaimah airport makes the place one renters can choose', async () => {
    const admin = await adminOf(s, ids[0]!);
    const rak = await admin.addBranch({ ...DESK, nameEn: 'RAK Airport desk', nameAr: 'مكتب مطار رأس الخيمة', place: 'rkt', addressEn: 'Arrivals, RAK International Airport', addressAr: 'صالة الوصول، مطار رأس الخيمة الدولي', coordinates: '25.6135, 55.9388' });
    if (!rak.ok) throw new Error(JSON.stringify(rak));
    expect(((await (await browser(s)).request('/api/cars/places').then((r) => r.json())) as { places: string[] }).places).toContain('rkt');
    const car = await admin.addCar({ ...CAR, emirate: 'Ras Al Khaimah', code: 'A', number: '77001', model: 'Toyota Land Cruiser', homeBranch: rak.body.branch.id });
    if (!car.ok) throw new Error(JSON.stringify(car));
    // Sunday to Tuesday, inside the desk's hours: the company's cars can be had there (the Patrol too: a
    // car is picked up at any of its company's branches).
    expect((await search('rkt', on(0, '10:00'))).sort()).toEqual(['Nissan Patrol', 'Toyota Land Cruiser']);
  });

  it('another company’s admin finds none of it: its branch is not found, and cannot be a car’s', async () => {
    const mine = await adminOf(s, ids[0]!);
    const desk = ((await mine.branches()) as { body: { branches: { id: string; version: number }[] } }).body.branches[0]!;
    const theirs = await adminOf(s, ids[1]!);
    expect(((await theirs.branches()) as { body: { branches: unknown[] } }).body.branches).toEqual([]);
    const other = await theirs.saveBranch(desk.id, { ...DESK, version: desk.version });
    expect(other.ok ? 200 : other.status).toBe(404);
    const car = await theirs.addCar({ ...CAR, number: '55124', homeBranch: desk.id });
    expect(car.ok ? null : car.fields).toEqual({ homeBranch: 'required' });
  });

  it('an agent sees and records the handovers at their branches only; none given, all of the company’s', async () => {
    const admin = await adminOf(s, ids[0]!);
    const agent = { email: 'counter@sharjahwheels.example', password: 'counter-keys-2026', name: 'Yousef Rahman', company: ids[0]!, role: 'agent' as const };
    await createManager(s.deps.db, agent, s.config.scryptCost);
    const counter = await browser(s);
    expect((await counter.api.logIn({ email: agent.email, password: agent.password, role: 'staff' })).ok).toBe(true);
    const airport = await admin.addBranch({ ...DESK, nameEn: 'DXB desk', nameAr: 'مكتب المطار', place: 'dxb-t3', coordinates: '25.2528, 55.3644' });
    if (!airport.ok) throw new Error(JSON.stringify(airport));
    const staff = await admin.staff();
    const person = staff.ok ? staff.body.staff.find((p) => p.email === agent.email)! : null;
    expect(person).toMatchObject({ role: 'agent', branches: [] });
    const desk = (await admin.branches()).ok ? ((await admin.branches()) as { body: { branches: { id: string; place: string }[] } }).body.branches.find((b) => b.place === 'sharjah-city')! : null;

    // No branch given: the company's every handover, the Al Majaz booking too, with its photos and the renter's documents.
    const handover = await counter.request(`/api/handovers/${number}`);
    expect(handover.status).toBe(200);
    const photo = await counter.api.uploadHandoverPhoto(number, new File([PNG], 'front.png', { type: 'image/png' }));
    if (!photo.ok) throw new Error(JSON.stringify(photo.body));
    const { documents } = ((await handover.json()) as { handover: { documents: { id: string }[] } }).handover;
    const evidence = [`/api/handovers/photos/${photo.body.photo.id}`, `/api/documents/${documents[0]!.id}`];
    const statuses = async () => Promise.all(evidence.map(async (path) => (await counter.request(path)).status));
    expect(await statuses()).toEqual([200, 200]);
    // At the airport desk only: the Al Majaz booking is another branch's, not found, nor its photos and documents.
    const atAirport = await admin.setBranches(person!.id, [airport.body.branch.id]);
    expect(atAirport.ok && atAirport.body.person.branches).toEqual([airport.body.branch.id]);
    expect((await counter.request(`/api/handovers/${number}`)).status).toBe(404);
    expect(await statuses()).toEqual([404, 404]);
    // At Al Majaz too: found again.
    expect((await admin.setBranches(person!.id, [airport.body.branch.id, desk!.id])).ok).toBe(true);
    expect((await counter.request(`/api/handovers/${number}`)).status).toBe(200);
    expect(await statuses()).toEqual([200, 200]);

    // Another company's branch is not one to give; a manager has no branches; another company's person is not found.
    const theirs = await adminOf(s, ids[1]!);
    const theirDesk = await theirs.addBranch({ ...DESK, nameEn: 'Coast desk' });
    if (!theirDesk.ok) throw new Error(JSON.stringify(theirDesk));
    const foreign = await admin.setBranches(person!.id, [theirDesk.body.branch.id]);
    expect(foreign.ok ? null : foreign.fields).toEqual({ branches: 'unknownBranch' });
    const me = staff.ok ? staff.body.staff.find((p) => p.role === 'admin')! : null;
    const notAgent = await admin.setBranches(me!.id, [desk!.id]);
    expect(notAgent.ok ? null : notAgent.fields).toEqual({ branches: 'notAgent' });
    const stranger = await theirs.setBranches(person!.id, [theirDesk.body.branch.id]);
    expect(stranger.ok ? 200 : stranger.status).toBe(404);
  });
});
