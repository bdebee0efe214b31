// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { aed } from '../../machines/money';
import { DEFAULT_SETTINGS, type TransferSettings } from '../../machines/transferSettings';
import { violationMachine, type ViolationEvent } from '../../machines/violation';
import { inventoryOf, replayCoverage, coveringPaths } from '../journey.model';

const AT = new Date(2026, 10, 21, 9).getTime();
const FINE = {
  type: { en: 'Speeding', ar: 'تجاوز السرعة' },
  code: 'DXB-SP-2041',
  date: AT - 3 * 86_400_000,
  amount: aed(500),
  blackPoints: 4,
};

const start = (settings: Partial<TransferSettings> = {}, transferEnabled = true) =>
  createActor(violationMachine, {
    input: { fine: FINE, settings: { ...DEFAULT_SETTINGS, ...settings }, transferEnabled, arrivedAt: AT },
  }).start();

describe('violation machine: the transfer settings decide the path', () => {
  it('automatic, no consent: payable at once, the admin fee its own part of the charge', () => {
    const v = start();
    expect(v.getSnapshot().value).toBe('payable');
    expect(v.getSnapshot().context).toMatchObject({
      transferredAt: AT,
      notifiedAt: null,
      charge: { kind: 'fine', amount: aed(550), adminFee: aed(50) },
    });
  });

  it('manual: pending until the manager transfers it; notify-on-transfer records the notification', () => {
    const v = start({ mode: 'manual', notify: true });
    expect(v.getSnapshot().value).toBe('pending');
    expect(v.getSnapshot().can({ type: 'violation.payFromDeposit', at: AT })).toBe(false);
    v.send({ type: 'violation.transfer', at: AT + 1000 });
    expect(v.getSnapshot().value).toBe('payable');
    expect(v.getSnapshot().context).toMatchObject({ transferredAt: AT + 1000, notifiedAt: AT + 1000 });
  });

  it('transfer disabled on the contract (both ways): the fine stays with the company, even in automatic mode', () => {
    const v = start({ mode: 'automatic' }, false);
    expect(v.getSnapshot().value).toBe('pending');
    expect(v.getSnapshot().context.transferredAt).toBeNull();
    const w = start({ mode: 'manual' }, false);
    expect(w.getSnapshot().can({ type: 'violation.transfer', at: AT })).toBe(false);
    expect(start({ mode: 'manual' }, true).getSnapshot().can({ type: 'violation.transfer', at: AT })).toBe(
      true,
    );
  });

  it('consent required: awaits the renter; accept → payable, decline needs a real reason → disputed', () => {
    const v = start({ consent: true });
    expect(v.getSnapshot().value).toBe('awaitingConsent');
    v.send({ type: 'violation.decline', reason: '   no   ' });
    expect(v.getSnapshot().value).toBe('awaitingConsent'); // reasonGiven: no
    v.send({ type: 'violation.decline', reason: 'I had returned the car the day before.' });
    expect(v.getSnapshot().value).toBe('disputed'); // reasonGiven: yes
    expect(v.getSnapshot().context.reason).toBe('I had returned the car the day before.');
    const w = start({ consent: true });
    w.send({ type: 'violation.accept' });
    expect(w.getSnapshot().value).toBe('payable');
  });

  it('paying: from the deposit, or by the card on file, of which the last 4 digits are kept', () => {
    const v = start();
    v.send({ type: 'violation.payFromDeposit', at: AT });
    expect(v.getSnapshot().value).toBe('paid');
    expect(v.getSnapshot().context.paid).toEqual({ with: 'deposit' });
    const w = start();
    w.send({ type: 'violation.payByCard', last4: '4242', at: AT });
    expect(w.getSnapshot().value).toBe('paid');
    expect(w.getSnapshot().context.paid).toEqual({ with: 'card', last4: '4242' });
  });

  it('a dispute is resolved by the company: upheld → payable again, otherwise cancelled', () => {
    const v = start();
    v.send({ type: 'violation.dispute', reason: 'short' });
    expect(v.getSnapshot().value).toBe('payable');
    v.send({ type: 'violation.dispute', reason: 'The plate in the photo is not this car.' });
    v.send({ type: 'violation.resolve', outcome: 'upheld' });
    expect(v.getSnapshot().value).toBe('payable');
    v.send({ type: 'violation.dispute', reason: 'The plate in the photo is not this car.' });
    v.send({ type: 'violation.resolve', outcome: 'cancelled' });
    expect(v.getSnapshot().value).toBe('cancelled');
  });

  it('generated paths (xstate/graph) over every settings combination reach every state and transition', () => {
    const all = inventoryOf(violationMachine);
    const covered = { states: new Set<string>(), transitions: new Set<string>() };
    const events: ViolationEvent[] = [
      { type: 'violation.transfer', at: AT },
      { type: 'violation.accept' },
      { type: 'violation.decline', reason: 'I was not driving then.' },
      { type: 'violation.payFromDeposit', at: AT },
      { type: 'violation.payByCard', last4: '4242', at: AT },
      { type: 'violation.dispute', reason: 'The plate is not this car.' },
      { type: 'violation.resolve', outcome: 'upheld' },
      { type: 'violation.resolve', outcome: 'cancelled' },
    ];
    for (const mode of ['automatic', 'manual'] as const) {
      for (const consent of [false, true]) {
        const input = {
          fine: FINE,
          settings: { mode, notify: true, consent },
          transferEnabled: true,
          arrivedAt: AT,
        };
        const paths = createTestModel(violationMachine, { input, events }).getShortestPaths();
        const { covered: c } = coveringPaths(paths, (path) =>
          replayCoverage(
            violationMachine,
            [],
            input,
            path.steps.map((s) => s.event),
          ),
        );
        c.states.forEach((s) => covered.states.add(s));
        c.transitions.forEach((t) => covered.transitions.add(t));
      }
    }
    expect([...all.states].filter((s) => !covered.states.has(s))).toEqual([]);
    expect([...all.transitions].filter((t) => !covered.transitions.has(t))).toEqual([]);
  });
});
