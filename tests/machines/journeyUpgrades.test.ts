// @vitest-environment node
// Stored journeys from older code (tests/fixtures/journeys) go on under the code now: each is upgraded
// through machines/journeyUpgrades.ts to the current schema version, keeps what the renter paid,
// signed and disputed, and takes the next step its state offers. A field or state renamed without
// its upgrade fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FLEET } from '../../machines/sampleFleet';
import { JOURNEY_SCHEMA_VERSION, restoreJourney, serializeJourney } from '../../machines/persistence';
import { OLDEST_READ, UPGRADES } from '../../machines/journeyUpgrades';

const DIR = join(import.meta.dirname, '../fixtures/journeys');
const fixture = (name: string) => JSON.parse(readFileSync(join(DIR, name), 'utf8')) as { version: number; snapshot: { value: unknown; context: Record<string, unknown> } };
const restored = (name: string) => {
  const { snapshot, problem } = restoreJourney(fixture(name));
  expect(problem).toBeNull();
  return snapshot!;
};

describe('journeys stored by older code', () => {
  it('every version from the oldest read has its upgrade, and every such version a fixture', () => {
    const versions = Array.from({ length: JOURNEY_SCHEMA_VERSION - OLDEST_READ }, (_, i) => OLDEST_READ + i);
    expect(Object.keys(UPGRADES).map(Number).sort()).toEqual(versions);
    const files = readdirSync(DIR).filter((f) => f.endsWith('.json'));
    for (const version of versions) expect(files.some((f) => f.startsWith(`v${version}-`)), `a fixture of version ${version}`).toBe(true);
    for (const file of files) expect(fixture(file).version, file).toBeLessThan(JOURNEY_SCHEMA_VERSION + 1);
  });

  it('paid, waiting for the car: the same payment and contract, and the counter’s handover next', () => {
    const old = fixture('v3-paid.json').snapshot.context as { payment: { reference: string }; contract: unknown };
    const s = restored('v3-paid.json');
    expect(s.value).toEqual({ signedIn: { carPickup: 'awaitingHandover' } });
    expect(s.context.payment!.reference).toBe(old.payment.reference);
    expect(s.context.contract).toEqual(old.contract);
    expect(s.context.checkout).toBeNull();
    expect(s.can({ type: 'pickup.confirm', at: s.context.booking.pickupAt })).toBe(false); // the counter records the car first
    // Saved again, it is of the current version and reads the same.
    const again = restoreJourney(JSON.parse(JSON.stringify(serializeJourney(s))));
    expect(again.snapshot!.context).toEqual(s.context);
    expect(serializeJourney(s).version).toBe(JOURNEY_SCHEMA_VERSION);
  });

  it('out with the renter: the deposit still held under its reference, the return next', () => {
    const old = fixture('v3-picked-up.json').snapshot.context as { deposit: { reference: string; amount: number }; pickedUpAt: number };
    const s = restored('v3-picked-up.json');
    expect(s.value).toEqual({ signedIn: { carPickup: { onRent: 'driving' } } });
    expect(s.context.deposit).toMatchObject({ reference: old.deposit.reference, amount: old.deposit.amount });
    expect(s.context.pickedUpAt).toBe(old.pickedUpAt);
    expect(s.context.checkout).not.toBeNull();
    expect(s.can({ type: 'return.start' })).toBe(true);
  });

  it('back with a charge in dispute: the company’s decision next, the dispute as the renter wrote it', () => {
    const s = restored('v3-disputed.json');
    expect(s.value).toEqual({ signedIn: { carReturn: 'awaitingDecision' } });
    const disputed = s.context.deductions.find((d) => d.dispute);
    expect(disputed).toMatchObject({ kind: 'damage', amount: 35_000, dispute: { reason: 'It was there at pickup', decision: null } });
    expect(s.context.refund).toBeNull();
    expect(s.can({ type: 'return.decide', line: 1, outcome: 'waived', note: 'The pickup photos show it', by: 'Hessa', at: s.context.checkin!.at + 1 } as never)).toBe(true);
  });

  it('from before the counter’s handover: its state under today’s name, the sample car’s facts, nothing added since', () => {
    const s = restored('v3-before-handover.json');
    expect(s.value).toEqual({ signedIn: { carPickup: 'awaitingHandover' } });
    expect(s.context.booking.car).toEqual(FLEET.camry);
    expect({ cancellation: s.context.cancellation, changes: s.context.changes, companyRefunds: s.context.companyRefunds, checkout: s.context.checkout, checkin: s.context.checkin, paymentSession: s.context.paymentSession }).toEqual({
      cancellation: null,
      changes: [],
      companyRefunds: [],
      checkout: null,
      checkin: null,
      paymentSession: null,
    });
  });

  it('a version newer than this code, or older than the oldest upgrade, is refused as such (never read as another)', () => {
    const paid = fixture('v3-paid.json');
    expect(restoreJourney({ ...paid, version: JOURNEY_SCHEMA_VERSION + 1 }).problem).toBe('oldVersion');
    expect(restoreJourney({ ...paid, version: OLDEST_READ - 1 }).problem).toBe('oldVersion');
  });
});
