// The rental company's side on the server: contracts made by renters' signatures, kept by their own
// company's managers only (search, filter, pages, car linking, activation on Save, conflicts), and
// authority records (fines, Salik) imported by file or feed, matched by plate and time, each fine on
// the violation machine with renter and manager sending only their own steps.
import { JourneyFailure } from '../../machines/journey';
import { describe, expect, it } from 'vitest';
import { ledgerOf } from '../../machines/ledger';
import { DAY_MS } from '../../machines/money';
import { contracts } from '../../server/db/schema';
import { createManager, SECOND_MANAGER } from '../../server/seed';
import { startTestServer } from '../support/server';
import { browser, contextOf, email, manager, renterAt, server } from './helpers';
import { importAndWait } from '../support/imports';
import { contractOf, during, fineFor, HEADER, iso, ref, setUp } from './fines';
import { INTENT_GRACE_MS, reconcile } from '../../server/journey/intents';
import { applyStep } from '../../server/journey/service';

async function secondManager() {
  const b = await browser();
  const result = await b.api.logIn({ email: SECOND_MANAGER.email, password: SECOND_MANAGER.password, role: 'manager' });
  if (!result.ok) throw new Error('second manager sign-in failed');
  return b;
}


const valueOf = (v: { state: Record<string, unknown> }) => v.state.value as string;

describe('contracts', () => {
  it('signing makes a contract for the car’s company; company B’s manager gets 404 for it and never lists it', async () => {
    const r = await renterAt('signed');
    const m = await manager();
    const { contract } = await contractOf(m, r);
    expect(contract).toMatchObject({ companyId: 'elite-auto', status: 'pending', renter: { confirmed: true, policyAgreed: true } });
    expect(contract.booking).toMatchObject({ number: r.journey().number, carId: 'camry', renterName: 'Mariam Al Suwaidi' });

    const b = await secondManager();
    expect((await b.request(`/api/contracts/${contract.code}`)).status).toBe(404);
    const put = await b.json('PUT', `/api/contracts/${contract.code}/transfer-settings`, { settings: { mode: 'manual', notify: false, consent: false }, version: contract.version });
    expect(put.status).toBe(404);
    const setup = await b.json('PUT', `/api/contracts/${contract.code}/setup`, { setup: { carId: null, bookingLinked: false, violationTransfer: false }, version: contract.version });
    expect(setup.status).toBe(404);
    const theirs = await b.api.contracts({ q: contract.code });
    expect(theirs.ok && theirs.body.total).toBe(0);
    // Nor can the renter or a visitor read the company's contracts.
    expect((await r.request(`/api/contracts/${contract.code}`)).status).toBe(403);
    expect((await (await browser()).request('/api/contracts')).status).toBe(401);
  });

  it('a cancelled booking’s contract is closed: listed as cancelled, never activated, and the renter is not told it is active', async () => {
    const r = await renterAt('paid');
    const m = await manager();
    const { contract } = await contractOf(m, r);
    expect((await r.step({ type: 'booking.cancel' })).ok).toBe(true);
    const { contract: now } = await contractOf(m, r);
    expect(now.status).toBe('cancelled');
    const save = await m.json('PUT', `/api/contracts/${contract.code}/setup`, {
      setup: { carId: 'camry', bookingLinked: true, violationTransfer: true },
      version: now.version,
    });
    expect(save.status).toBe(409);
    expect(await save.json()).toMatchObject({ error: 'closed', contract: { status: 'cancelled', activatedAt: null } });
    const told = await r.api.notifications();
    expect(told.ok && told.body.notifications.filter((n) => n.kind === 'contractActive')).toEqual([]);
    const cancelled = await m.api.contracts({ q: contract.code, status: 'cancelled' });
    expect(cancelled.ok && cancelled.body.contracts.map((c) => [c.code, c.status])).toEqual([[contract.code, 'cancelled']]);
    const pending = await m.api.contracts({ q: contract.code, status: 'pending' });
    expect(pending.ok && pending.body.total).toBe(0);
  });

  it('activates only on Save, with the renter’s confirmations, a car of the company free for the period and the booking linked', async () => {
    const r = await renterAt('paid');
    const m = await manager();
    let { contract, freeCars } = await contractOf(m, r);
    expect(freeCars.map((car) => car.id)).toContain('camry');
    expect(freeCars.map((car) => car.id)).not.toContain('range-rover'); // another company's car

    const noCar = await m.api.saveSetup(contract.code, { carId: null, bookingLinked: true, violationTransfer: true }, contract.version);
    expect(noCar).toMatchObject({ ok: false, status: 400, body: { fields: { bookingLinked: 'carRequired', violationTransfer: 'carRequired' } } });
    const foreign = await m.json('PUT', `/api/contracts/${contract.code}/setup`, { setup: { carId: 'patrol', bookingLinked: false, violationTransfer: false }, version: contract.version });
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toMatchObject({ fields: { carId: 'notInFleet' } });

    const linked = await m.api.saveSetup(contract.code, { carId: 's-class', bookingLinked: false, violationTransfer: false }, contract.version);
    expect(linked.ok && linked.body.contract.status).toBe('pending'); // the booking is not linked yet
    if (!linked.ok) return;
    const active = await m.api.saveSetup(contract.code, { carId: 's-class', bookingLinked: true, violationTransfer: false }, linked.body.contract.version);
    expect(active.ok && active.body.contract).toMatchObject({ status: 'active', activatedAt: expect.any(Number) });
    const told = await r.api.notifications();
    expect(told.ok && told.body.notifications.find((n) => n.kind === 'contractActive')?.params).toEqual({ number: contract.code, model: 'Mercedes-Benz S-Class' });
    expect((await m.api.contracts({ q: contract.code, status: 'active' })).ok).toBe(true);
    const listed = await m.api.contracts({ q: contract.code, status: 'active' });
    expect(listed.ok && listed.body.contracts.map((c) => c.code)).toEqual([contract.code]);
    const pending = await m.api.contracts({ q: contract.code, status: 'pending' });
    expect(pending.ok && pending.body.total).toBe(0);

    // The S-Class is now this contract's for the period: another overlapping rental cannot have it.
    // Another renter of the company, for the same days (in a car of their own choosing).
    const { pickupLocation, dropoffLocation, pickupAt, dropoffAt } = contextOf(r.journey()).booking;
    const other = await renterAt('paid', { carId: '911', trip: { pickupLocation, dropoffLocation, pickupAt, dropoffAt } });
    ({ contract, freeCars } = await contractOf(m, other));
    expect(freeCars.map((car) => car.id)).not.toContain('s-class');
    const taken = await m.json('PUT', `/api/contracts/${contract.code}/setup`, { setup: { carId: 's-class', bookingLinked: true, violationTransfer: false }, version: contract.version });
    expect(await taken.json()).toMatchObject({ error: 'invalid', fields: { carId: 'carTaken' } });
  });

  it('lists the company’s contracts newest first, ten a page, searched by contract number', async () => {
    const s = await server();
    const omar = { email: email('marina'), password: 'marina-fleet-2027', name: 'Huda Saleh', company: 'marina-motors' };
    await createManager(s.deps.db, omar, 1024);
    const start = Date.UTC(2026, 0, 1);
    await s.deps.db.insert(contracts).values(
      Array.from({ length: 23 }, (_, i) => ({
        code: `MM-2026-${String(i + 1).padStart(4, '0')}`,
        companyId: 'marina-motors',
        setup: { bookingLinked: false, violationTransfer: false },
        settings: { mode: 'automatic', notify: false, consent: false },
        createdAt: new Date(start + i * DAY_MS),
      })),
    );
    const b = await browser();
    await b.api.logIn({ email: omar.email, password: omar.password, role: 'manager' });
    const first = await b.api.contracts({});
    expect(first.ok && first.body).toMatchObject({ total: 23, page: 1, pageSize: 10 });
    expect(first.ok && first.body.contracts.map((c) => c.code).slice(0, 2)).toEqual(['MM-2026-0023', 'MM-2026-0022']);
    const last = await b.api.contracts({ page: 3 });
    expect(last.ok && last.body.contracts.map((c) => c.code)).toEqual(['MM-2026-0003', 'MM-2026-0002', 'MM-2026-0001']);
    const search = await b.api.contracts({ q: '0012' });
    expect(search.ok && search.body.contracts.map((c) => c.code)).toEqual(['MM-2026-0012']);
    // A search is text, never a pattern: % matches nothing here.
    const pattern = await b.api.contracts({ q: '%' });
    expect(pattern.ok && pattern.body.total).toBe(0);
    expect((await b.request('/api/contracts?page=0')).status).toBe(400);
    expect((await b.request('/api/contracts?status=lost')).status).toBe(400);
    const latest = await b.api.latestContract();
    expect(latest.ok && latest.body.code).toBe('MM-2026-0023');
  });

  it('two managers saving the same contract: the second gets a conflict with what is saved now; nothing is lost silently', async () => {
    const r = await renterAt('signed');
    const first = await manager();
    const second = await manager();
    const { contract } = await contractOf(first, r);
    const a = await first.api.saveTransferSettings(contract.code, { mode: 'manual', notify: true, consent: false }, contract.version);
    expect(a.ok).toBe(true);
    const b = await second.api.saveTransferSettings(contract.code, { mode: 'automatic', notify: false, consent: true }, contract.version);
    expect(b).toMatchObject({ ok: false, status: 409, body: { error: 'conflict', contract: { settings: { mode: 'manual', notify: true, consent: false } } } });
    const c = await second.api.saveSetup(contract.code, { carId: 'camry', bookingLinked: true, violationTransfer: true }, contract.version);
    expect(c).toMatchObject({ ok: false, status: 409, body: { error: 'conflict' } });
    expect((await contractOf(second, r)).contract.settings).toEqual({ mode: 'manual', notify: true, consent: false });
  });
});

describe('authority import', () => {
  it('good, bad, duplicate and unmatched rows: each reported; the good ones go in once', async () => {
    const r = await renterAt('pickedUp');
    const m = await manager();
    await setUp(m, r, { mode: 'automatic', notify: true, consent: false });
    const good = ref('DXB');
    const lines = [
      HEADER,
      // The plate as the police write it: other spacing and case.
      `${good},fine,dxb-k-48213,${iso(during(r))},"Al Khail Road, exit 41",SPEED-20,Speeding,600,4`,
      `${ref('BAD')},fine,,${iso(during(r))},Al Khail Road,SPEED-20,Speeding,600,4`,
      `${ref('BAD')},fine,Dubai K 48213,yesterday,Al Khail Road,SPEED-20,Speeding,-5,x`,
      `${ref('OLD')},fine,Dubai K 48213,${iso(during(r) - 400 * DAY_MS)},Al Khail Road,PARK-1,Parking,200,0`,
      `${ref('OTHER')},fine,Abu Dhabi 5 22871,${iso(during(r))},Corniche,RED-1,Red light,1000,12`,
    ];
    const first = await importAndWait(m.api, lines.join('\r\n'));
    if (!first.ok) throw new Error(JSON.stringify(first));
    const report = first.body.report;
    expect(report.matched).toEqual([expect.objectContaining({ line: 2, reference: good, bookingNumber: r.journey().number })]);
    expect(report.rejected).toEqual([
      expect.objectContaining({ line: 3, fields: { plate: 'required' } }),
      expect.objectContaining({ line: 4, fields: expect.objectContaining({ date_time: 'timeFormat', amount: 'invalid', black_points: 'invalid' }) }),
    ]);
    expect(report.unmatched).toEqual([
      expect.objectContaining({ line: 5, reason: 'noBooking' }),
      expect.objectContaining({ line: 6, reason: 'notOurCar' }),
    ]);
    const unmatched = await m.api.unmatchedRecords();
    expect(unmatched.ok && unmatched.body.unmatched.map((u) => u.plate)).toEqual(expect.arrayContaining(['Abu Dhabi 5 22871']));

    // The same file again: nothing new anywhere.
    const again = await importAndWait(m.api, lines.join('\n'));
    expect(again.ok && again.body.report).toMatchObject({ matched: [], unmatched: [] });
    expect(again.ok && again.body.report.duplicates.map((d) => d.line)).toEqual([2, 5, 6]);
    const mine = await r.api.violations();
    expect(mine.ok && mine.body.violations).toHaveLength(1);
    const fine = mine.ok ? mine.body.violations[0]! : null;
    expect(fine && valueOf(fine)).toBe('payable'); // automatic, no consent asked
    expect(fine && (fine.state as { context: { charge: unknown; fine: { location: string } } }).context).toMatchObject({
      charge: { amount: 66_000, adminFee: 6_000 },
      fine: { location: 'Al Khail Road, exit 41', blackPoints: 4 },
    });
    // A file that is not the feed's shape is refused as a whole, by field.
    expect(await importAndWait(m.api, 'plate,amount\nX,1')).toMatchObject({ status: 400, body: { fields: { csv: 'header' } } });
  });

  it('a row left unmatched is matched when the file comes again after the company linked the car', async () => {
    const r = await renterAt('pickedUp');
    const m = await manager();
    const { contract } = await contractOf(m, r);
    const reference = ref('LATE');
    const csv = `${HEADER}\n${reference},fine,Dubai B 7007,${iso(during(r))},Al Wasl Road,PARK-2,Parking,300,0\n`;
    const first = await importAndWait(m.api, csv);
    expect(first.ok && first.body.report.unmatched.map((u) => u.reason)).toEqual(['noBooking']);
    // The renter was given the BMW in fact: the manager links it to the contract, and the file comes again.
    const linked = await m.api.saveSetup(contract.code, { carId: 'bmw-7', bookingLinked: true, violationTransfer: true }, contract.version);
    expect(linked.ok).toBe(true);
    const again = await importAndWait(m.api, csv);
    expect(again.ok && again.body.report.matched.map((x) => x.reference)).toEqual([reference]);
    const unmatched = await m.api.unmatchedRecords();
    expect(unmatched.ok && unmatched.body.unmatched.some((u) => u.reference === reference)).toBe(false);
    const mine = await r.api.violations();
    expect(mine.ok && mine.body.violations).toHaveLength(1);
    // A third time: nothing new.
    const third = await importAndWait(m.api, csv);
    expect(third.ok && third.body.report.duplicates).toHaveLength(1);
  });

  it('a car kept past its due-back time is still the renter’s: its fines match until it is returned', async () => {
    const s = await server();
    const r = await renterAt('pickedUp');
    const m = await manager();
    await setUp(m, r, { mode: 'automatic', notify: false, consent: false });
    const late = contextOf(r.journey()).booking.dropoffAt + 12 * 3_600_000;
    const realNow = s.deps.now;
    s.deps.now = () => new Date(late + DAY_MS);
    try {
      const csv = `${HEADER}\n${ref('OVERDUE')},fine,Dubai K 48213,${iso(late)},Al Khail Road,SPEED-20,Speeding,400,4\n`;
      const result = await importAndWait(m.api, csv);
      expect(result.ok && result.body.report.matched.map((x) => x.bookingNumber)).toEqual([r.journey().number]);
    } finally {
      s.deps.now = realNow;
    }
  });

  it('the feed endpoint takes text/csv with the company’s API key; a wrong key is refused, a replaced one keeps working a day', async () => {
    const s = await server();
    const r = await renterAt('pickedUp');
    const m = await manager();
    await setUp(m, r, { mode: 'automatic', notify: false, consent: false });
    const key = await m.api.rotateApiKey();
    if (!key.ok) throw new Error('key');
    const csv = `${HEADER}\n${ref('FEED')},fine,Dubai K 48213,${iso(during(r))},Jumeirah Road,MOBILE-1,Phone,800,4\n`;
    const post = (k: string, type = 'text/csv') =>
      s.app.request('http://movecar.test/api/feeds/authority', { method: 'POST', headers: { authorization: `Bearer ${k}`, 'content-type': type }, body: csv });
    // Queued at once (202); the authority's system asks where the answer says how it went.
    const ok = await post(key.body.key);
    expect(ok.status).toBe(202);
    const where = ok.headers.get('location')!;
    expect(where).toBe(`/api/feeds/authority/${(await ok.json()).job.id}`);
    const ask = (k: string) => s.app.request(`http://movecar.test${where}`, { headers: { authorization: `Bearer ${k}` } });
    await expect.poll(async () => (await (await ask(key.body.key)).json()).job.status).toBe('done');
    expect((await (await ask(key.body.key)).json()).job.report.matched).toHaveLength(1);
    expect((await ask('mck_' + 'x'.repeat(32))).status).toBe(401);
    expect((await post(key.body.key, 'application/json')).status).toBe(415);
    expect((await post('mck_' + 'x'.repeat(32))).status).toBe(401);
    const next = await m.api.rotateApiKey();
    expect(next.ok).toBe(true);
    // The key it replaced still reads for a day (tests/server/apiKey.test.ts follows it past that).
    expect((await ask(key.body.key)).status).toBe(200);
    // The key is never stored as given.
    expect(JSON.stringify(await s.deps.db.select().from((await import('../../server/db/schema')).companies))).not.toContain(key.body.key);
  });

  it('Salik crossings are priced by their Dubai hour and taken from the deposit line by line, with their time', async () => {
    const s = await server();
    const r = await renterAt('pickedUp');
    const m = await manager();
    await setUp(m, r, { mode: 'automatic', notify: false, consent: false });
    const pickedUp = contextOf(r.journey()).pickedUpAt!;
    // The feed arrives three days later: crossings the next day at 08:00 (peak), 13:00 (off-peak), 03:00 (free), Dubai time.
    const day = Math.floor((pickedUp + 4 * 3_600_000) / DAY_MS) * DAY_MS + DAY_MS - 4 * 3_600_000;
    const at = (hour: number) => day + hour * 3_600_000;
    const realNow = s.deps.now;
    s.deps.now = () => new Date(pickedUp + 3 * DAY_MS);
    try {
      const csv = [
        HEADER,
        `${ref('SLK')},salik,Dubai K 48213,${iso(at(8))},Al Maktoum Bridge,SALIK,Toll gate,6,0`,
        `${ref('SLK')},salik,Dubai K 48213,${iso(at(13))},Al Safa,SALIK,Toll gate,4,0`,
        `${ref('SLK')},salik,Dubai K 48213,${iso(at(27))},Al Garhoud,SALIK,Toll gate,0,0`,
      ].join('\n');
      const result = await importAndWait(m.api, csv);
      expect(result.ok && result.body.report.matched).toHaveLength(3);
    } finally {
      s.deps.now = realNow;
    }
    const list = await r.api.violations();
    if (!list.ok) throw new Error('list');
    expect(list.body.salik.map((c) => [c.location, c.total, c.fromDeposit])).toEqual([
      ['Al Garhoud', 0, false],
      ['Al Safa', 550, true],
      ['Al Maktoum Bridge', 750, true],
    ]);
    // Told once for the import, not crossing by crossing.
    const told = await r.api.notifications();
    expect(told.ok && told.body.notifications.filter((n) => n.kind === 'salikCharged').map((n) => n.params)).toEqual([{ amount: 1300, count: 2 }]);
    const session = await r.api.session();
    const ledger = ledgerOf(contextOf(session.ok ? session.body.journey! : (undefined as never)));
    expect(ledger.deductions).toEqual([
      { kind: 'salik', amount: 750, adminFee: 150, item: expect.objectContaining({ at: at(8), place: 'Al Maktoum Bridge' }) },
      { kind: 'salik', amount: 550, adminFee: 150, item: expect.objectContaining({ at: at(13), place: 'Al Safa' }) },
    ]);
  });
});

describe('traffic violations', () => {
  it('manual with consent: the manager transfers, the renter is asked, accepts and pays from the deposit; each side is told', async () => {
    const r = await renterAt('pickedUp');
    const m = await manager();
    const contract = await setUp(m, r, { mode: 'manual', notify: true, consent: true });
    const fine = await fineFor(r, m);
    expect(valueOf(fine)).toBe('pending');

    // Each side sends only its own steps; anyone else's fine is not found.
    expect(await r.api.violationEvent(fine.id, { type: 'violation.transfer' }, fine.version)).toMatchObject({ status: 403 });
    const stranger = await renterAt('paid');
    expect(await stranger.api.violationEvent(fine.id, { type: 'violation.accept' }, fine.version)).toMatchObject({ status: 404 });
    expect(await (await secondManager()).api.violationEvent(fine.id, { type: 'violation.transfer' }, fine.version)).toMatchObject({ status: 404 });

    const onContract = await m.api.contract(contract.code);
    expect(onContract.ok && onContract.body.violations.map((v) => v.id)).toEqual([fine.id]);
    const transferred = await m.api.violationEvent(fine.id, { type: 'violation.transfer' }, fine.version);
    if (!transferred.ok) throw new Error('transfer');
    expect(valueOf(transferred.body.violation)).toBe('awaitingConsent');
    const told = await r.api.notifications();
    expect(told.ok && told.body.notifications.map((n) => n.kind)).toEqual(expect.arrayContaining(['consentRequested', 'fineTransferNotice']));

    const accepted = await r.api.violationEvent(fine.id, { type: 'violation.accept' }, transferred.body.violation.version);
    if (!accepted.ok) throw new Error('accept');
    const managerTold = await m.api.notifications();
    expect(managerTold.ok && managerTold.body.notifications.some((n) => n.kind === 'consentGiven' && n.params.code === contract.code)).toBe(true);
    const paid = await r.api.violationEvent(fine.id, { type: 'violation.payFromDeposit' }, accepted.body.violation.version);
    if (!paid.ok || !paid.body.journey) throw new Error(`pay: ${JSON.stringify(paid)}`);
    // AED 500 + 10% admin fee = 550.00, off the 1,500.00 deposit of a standard car.
    const ledger = ledgerOf(contextOf(paid.body.journey));
    expect(ledger.deductions).toEqual([
      { kind: 'fine', amount: 55_000, adminFee: 5_000, item: expect.objectContaining({ reference: expect.stringMatching(/^DXB-/), place: 'Sheikh Zayed Road' }) },
    ]);
    expect(ledger.refund).toBe(150_000 - 55_000);
    // Paid once: the same step again is refused.
    expect(await r.api.violationEvent(fine.id, { type: 'violation.payFromDeposit' }, paid.body.violation.version)).toMatchObject({ status: 409 });
  });

  it('the renter declines with a reason: the fine is disputed and the company’s managers are told', async () => {
    const r = await renterAt('pickedUp');
    const m = await manager();
    const contract = await setUp(m, r, { mode: 'automatic', notify: false, consent: true });
    const fine = await fineFor(r, m);
    expect(valueOf(fine)).toBe('awaitingConsent');
    expect(await r.api.violationEvent(fine.id, { type: 'violation.decline', reason: ' ' }, fine.version)).toMatchObject({ status: 409 });
    const declined = await r.api.violationEvent(fine.id, { type: 'violation.decline', reason: 'Someone else was driving that day.' }, fine.version);
    expect(declined.ok && declined.body.violation.state).toMatchObject({ value: 'disputed', context: { reason: 'Someone else was driving that day.' } });
    const told = await m.api.notifications();
    expect(told.ok && told.body.notifications.some((n) => n.kind === 'consentDeclined' && n.params.code === contract.code)).toBe(true);
  });

  it('disputes: the manager upholds one (payable again) and cancels another (nothing to pay); the renter is told', async () => {
    const r = await renterAt('pickedUp');
    const m = await manager();
    await setUp(m, r, { mode: 'automatic', notify: false, consent: false });
    for (const outcome of ['upheld', 'cancelled'] as const) {
      const fine = await fineFor(r, m, outcome === 'upheld' ? 300 : 400);
      const short = await r.api.violationEvent(fine.id, { type: 'violation.dispute', reason: 'no' }, fine.version);
      expect(short).toMatchObject({ status: 409 }); // a reason is needed
      const disputed = await r.api.violationEvent(fine.id, { type: 'violation.dispute', reason: 'I had returned the car by then.' }, fine.version);
      if (!disputed.ok) throw new Error('dispute');
      expect(valueOf(disputed.body.violation)).toBe('disputed');
      const resolved = await m.api.violationEvent(fine.id, { type: 'violation.resolve', outcome }, disputed.body.violation.version);
      expect(resolved.ok && valueOf(resolved.body.violation)).toBe(outcome === 'upheld' ? 'payable' : 'cancelled');
    }
    const told = await r.api.notifications();
    const resolutions = told.ok ? told.body.notifications.filter((n) => n.kind === 'disputeResolved').map((n) => n.params.outcome) : [];
    expect(resolutions.sort()).toEqual(['cancelled', 'upheld']);
  });

  it('paying by card: the card on file is charged, no card number sent; its bank declining is refused with 402 and its reason, and the fine stays payable', async () => {
    const r = await renterAt('pickedUp');
    const m = await manager();
    await setUp(m, r, { mode: 'automatic', notify: false, consent: false });
    const fine = await fineFor(r, m);
    // A card number in the body is not ours to take: refused whole.
    const typed = await r.json('POST', `/api/violations/${fine.id}/events`, { event: { type: 'violation.payByCard', number: '4242 4242 4242 4242' }, version: fine.version });
    expect(typed.status).toBe(400);
    const s = await server();
    const gateway = s.deps.gateway;
    // The card's bank declines the charge made without the renter there.
    s.deps.gateway = { ...gateway, charge: async () => Promise.reject(new JourneyFailure('cardDeclined')) };
    try {
      const declined = await r.api.violationEvent(fine.id, { type: 'violation.payByCard' }, fine.version);
      expect(declined).toMatchObject({ ok: false, status: 402, error: 'cardDeclined' });
      // The bank's own reason is the renter's to hear, not a plain "declined".
      s.deps.gateway = { ...gateway, charge: async () => Promise.reject(new JourneyFailure('insufficientFunds')) };
      const short = await r.api.violationEvent(fine.id, { type: 'violation.payByCard' }, fine.version);
      expect(short).toMatchObject({ ok: false, status: 402, error: 'insufficientFunds' });
    } finally {
      s.deps.gateway = gateway;
    }
    const paid = await r.api.violationEvent(fine.id, { type: 'violation.payByCard' }, fine.version);
    expect(paid.ok && (paid.body.violation.state as { context: { paid: unknown } }).context.paid).toEqual({ with: 'card', last4: '4242' });
    // The charge is the provider's, on the saved card, under the fine's key.
    expect(s.deps.paymentsStandIn!.log.filter((o) => o.key === `violation:${fine.id}:${fine.version}:charge`).map((o) => o.kind)).toEqual(['charge']);
  });

  it('paying by card, charged but stopped before the fine is saved: the reconciler refunds it and the fine is payable again; the renter is told', async () => {
    const r = await renterAt('pickedUp');
    const m = await manager();
    await setUp(m, r, { mode: 'automatic', notify: false, consent: false });
    const fine = await fineFor(r, m);
    const s = await server();
    const gateway = s.deps.gateway;
    // The gateway charges, and the process stops before the answer comes back.
    s.deps.gateway = {
      ...gateway,
      charge: async (request) => {
        await gateway.charge(request);
        throw new Error('connection reset (the process died here)');
      },
    };
    try {
      const lost = await r.api.violationEvent(fine.id, { type: 'violation.payByCard' }, fine.version);
      expect(lost.ok).toBe(false);
    } finally {
      s.deps.gateway = gateway;
    }
    const key = `violation:${fine.id}:${fine.version}:charge`;
    const charged = await gateway.lookup(key);
    expect(charged).toMatchObject({ kind: 'charge' });

    const later = new Date(Date.now() + INTENT_GRACE_MS + 1000);
    await reconcile({ ...s.deps, now: () => later }, applyStep);
    expect(s.deps.paymentsStandIn!.log.filter((o) => o.key === `${key}:void`)).toEqual([expect.objectContaining({ kind: 'refund', amount: charged!.amount })]);
    const list = await r.api.violations();
    const now = list.ok ? list.body.violations.find((v) => v.id === fine.id)! : null;
    expect(now && valueOf(now)).toBe('payable');
    expect(now!.version).toBeGreaterThan(fine.version);
    const told = await r.api.notifications();
    expect(told.ok && told.body.notifications[0]).toMatchObject({ kind: 'paymentReversed', params: { amount: charged!.amount } });
    // The page on the old version is told it changed; on the new one the fine is paid once.
    expect(await r.api.violationEvent(fine.id, { type: 'violation.payByCard' }, fine.version)).toMatchObject({ ok: false, status: 409 });
    const paid = await r.api.violationEvent(fine.id, { type: 'violation.payByCard' }, now!.version);
    expect(paid.ok && valueOf(paid.body.violation)).toBe('paid');
  });

  it('a contract that does not pass fines on keeps them with the company', async () => {
    const r = await renterAt('pickedUp');
    const m = await manager();
    const { contract } = await contractOf(m, r);
    const saved = await m.api.saveSetup(contract.code, { carId: 'camry', bookingLinked: true, violationTransfer: false }, contract.version);
    expect(saved.ok).toBe(true);
    const fine = await fineFor(r, m);
    expect(valueOf(fine)).toBe('pending');
    expect(await m.api.violationEvent(fine.id, { type: 'violation.transfer' }, fine.version)).toMatchObject({ status: 409, error: 'refused' });
  });
});

describe('demo shortcuts', () => {
  it('exist only with DEMO=1: without it there is no sample rental', async () => {
    const plain = await startTestServer({ demo: false });
    try {
      const b = await browser(plain);
      expect((await b.json('POST', '/api/demo/sample-rental', {})).status).toBe(404);
      expect(await b.api.session()).toMatchObject({ ok: true, body: { demo: false } });
      // (A fresh database without DEMO has no sample company either: tests/server/security.test.ts.)
    } finally {
      await plain.close();
    }
    const demo = await browser();
    const sample = await demo.api.sampleRental();
    expect(sample.ok && sample.body.journey.journey.snapshot.value).toEqual({ signedIn: { carPickup: { onRent: 'driving' } } });
  });
});
