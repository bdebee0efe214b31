// The rental company's side on the server: contracts only for their own company's managers, saves
// over a version (a conflict says so), and traffic violations where renter and manager each send
// only their own steps.
import { describe, expect, it } from 'vitest';
import { EMPTY_SETUP } from '../../machines/contract';
import { ledgerOf } from '../../machines/ledger';
import { createManager } from '../../server/seed';
import { startTestServer, postgresSkipped } from '../support/server';
import { browser, contextOf, email, manager, renterAt, server } from './helpers';

const CODE = 'MC-2024-0412';

async function contract(m: Awaited<ReturnType<typeof manager>>) {
  const found = await m.api.contract(CODE);
  if (!found.ok) throw new Error('no contract');
  return found.body.contract;
}

describe.skipIf(postgresSkipped)('contracts', () => {
  it('a manager of another company gets 404 for this company’s contract', async () => {
    const other = { email: email('other'), password: 'other-fleet-2027', name: 'Sara Khan', company: 'Desert Wheels' };
    await createManager((await server()).deps.db, other, 1024);
    const b = await browser();
    await b.api.logIn({ email: other.email, password: other.password, role: 'manager' });
    expect((await b.request(`/api/contracts/${CODE}`)).status).toBe(404);
    expect((await b.json('PUT', `/api/contracts/${CODE}/transfer-settings`, { settings: { mode: 'manual', notify: false, consent: false }, version: 1 })).status).toBe(404);
    expect((await (await manager()).request(`/api/contracts/${CODE}`)).status).toBe(200);
  });

  it('a set-up that passes fines without a car is refused by field; saved, it is there for the next visit', async () => {
    const m = await manager();
    const c = await contract(m);
    const refused = await m.api.saveSetup(CODE, { ...EMPTY_SETUP, violationTransfer: true }, c.version);
    expect(refused).toMatchObject({ ok: false, status: 400, body: { fields: { violationTransfer: 'carRequired' } } });
    const saved = await m.api.saveSetup(CODE, { ...EMPTY_SETUP, carId: 'bmw-7', violationTransfer: true }, c.version);
    expect(saved.ok).toBe(true);
    const again = await contract(await manager()); // the manager's phone
    expect(again.setup).toMatchObject({ carId: 'bmw-7', violationTransfer: true });
    expect(again.setupSavedAt).toEqual(expect.any(Number));
  });

  it('two managers saving the same contract: the second gets a conflict with what is saved now; nothing is lost silently', async () => {
    const first = await manager();
    const second = await manager();
    const version = (await contract(first)).version;
    const a = await first.api.saveTransferSettings(CODE, { mode: 'manual', notify: true, consent: false }, version);
    expect(a.ok).toBe(true);
    const b = await second.api.saveTransferSettings(CODE, { mode: 'automatic', notify: false, consent: true }, version);
    expect(b).toMatchObject({ ok: false, status: 409, body: { error: 'conflict', contract: { settings: { mode: 'manual', notify: true, consent: false } } } });
    expect((await contract(second)).settings).toEqual({ mode: 'manual', notify: true, consent: false });
  });
});

describe.skipIf(postgresSkipped)('traffic violations', () => {
  it('manual transfer with consent: manager transfers, renter accepts and pays from the deposit; the ledger shows it', async () => {
    const m = await manager();
    let c = await contract(m);
    const s = await m.api.saveTransferSettings(CODE, { mode: 'manual', notify: true, consent: true }, c.version);
    if (!s.ok) throw new Error('settings');
    await m.api.saveSetup(CODE, { ...EMPTY_SETUP, carId: 'bmw-7', violationTransfer: true }, s.body.contract.version);
    c = await contract(m);

    const r = await renterAt('pickedUp');
    const arrived = await r.api.currentViolation(); // demo: the sample fine arrives on first look
    if (!arrived.ok || !arrived.body.violation) throw new Error('no fine');
    const fine = arrived.body.violation;
    expect((fine.state as { value: string }).value).toBe('pending');

    // Each side sends only its own steps; anyone else's booking is not found.
    expect(await r.api.violationEvent(fine.id, { type: 'violation.transfer' }, fine.version)).toMatchObject({ status: 403 });
    const stranger = await renterAt('paid');
    expect(await stranger.api.violationEvent(fine.id, { type: 'violation.accept' }, fine.version)).toMatchObject({ status: 404 });

    const managed = await m.api.contractViolation(CODE);
    expect(managed.ok && managed.body.violation?.id).toBe(fine.id);
    const transferred = await m.api.violationEvent(fine.id, { type: 'violation.transfer' }, fine.version);
    if (!transferred.ok) throw new Error('transfer');
    expect((transferred.body.violation.state as { value: string; context: { notifiedAt: number } }).value).toBe('awaitingConsent');
    expect(await m.api.violationEvent(fine.id, { type: 'violation.accept' }, transferred.body.violation.version)).toMatchObject({ status: 403 });

    const accepted = await r.api.violationEvent(fine.id, { type: 'violation.accept' }, transferred.body.violation.version);
    if (!accepted.ok) throw new Error('accept');
    const paid = await r.api.violationEvent(fine.id, { type: 'violation.payFromDeposit' }, accepted.body.violation.version);
    if (!paid.ok || !paid.body.journey) throw new Error(`pay: ${JSON.stringify(paid)}`);
    // AED 500 + 10% admin fee = 550.00, off the 1,500.00 deposit of a standard car.
    const ledger = ledgerOf(contextOf(paid.body.journey));
    expect(ledger.deductions).toEqual([{ kind: 'fine', amount: 55_000, adminFee: 5_000 }]);
    expect(ledger.refund).toBe(150_000 - 55_000);
    // Paid once: the same step again is refused.
    expect(await r.api.violationEvent(fine.id, { type: 'violation.payFromDeposit' }, paid.body.violation.version)).toMatchObject({ status: 409 });
  });

  it('paying by card: the declined test card is refused with 402 and the fine stays payable', async () => {
    const m = await manager();
    const c = await contract(m);
    const s = await m.api.saveTransferSettings(CODE, { mode: 'automatic', notify: false, consent: false }, c.version);
    if (!s.ok) throw new Error('settings');
    await m.api.saveSetup(CODE, { ...EMPTY_SETUP, carId: 'bmw-7', violationTransfer: true }, s.body.contract.version);
    const r = await renterAt('paid');
    const arrived = await r.api.currentViolation();
    if (!arrived.ok || !arrived.body.violation) throw new Error('no fine');
    const fine = arrived.body.violation;
    const declined = await r.api.violationEvent(fine.id, { type: 'violation.payByCard', number: '4000 0000 0000 0002' }, fine.version);
    expect(declined).toMatchObject({ ok: false, status: 402, error: 'cardDeclined' });
    const paid = await r.api.violationEvent(fine.id, { type: 'violation.payByCard', number: '4242 4242 4242 4242' }, fine.version);
    expect(paid.ok && (paid.body.violation.state as { context: { paid: unknown } }).context.paid).toEqual({ with: 'card', last4: '4242' });
  });
});

describe.skipIf(postgresSkipped)('demo shortcuts', () => {
  it('exist only with DEMO=1: without it the sample rental and the fines are not there, and no fine arrives by itself', async () => {
    const plain = await startTestServer({ demo: false });
    try {
      const b = await browser(plain);
      expect((await b.json('POST', '/api/demo/sample-rental', {})).status).toBe(404);
      expect(await b.api.session()).toMatchObject({ ok: true, body: { demo: false } });
    } finally {
      await plain.close();
    }
    const demo = await browser();
    const sample = await demo.api.sampleRental();
    expect(sample.ok && sample.body.journey.journey.snapshot.value).toEqual({ signedIn: { carPickup: { onRent: 'driving' } } });
  });
});
