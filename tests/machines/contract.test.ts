// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { memoryStore } from '../../machines/accounts';
import {
  EMPTY_SETUP,
  contractActive,
  contractKey,
  contractProblems,
  loadContract,
  saveContract,
} from '../../machines/contract';

describe('contract set-up rules', () => {
  it('is active only when both the details and the policy are confirmed', () => {
    expect(contractActive(EMPTY_SETUP)).toBe(false);
    expect(contractActive({ ...EMPTY_SETUP, confirmed: true })).toBe(false);
    expect(contractActive({ ...EMPTY_SETUP, policyAgreed: true })).toBe(false);
    expect(contractActive({ ...EMPTY_SETUP, confirmed: true, policyAgreed: true })).toBe(true);
  });

  it('linking the booking or passing fines needs a linked car', () => {
    expect(contractProblems({ ...EMPTY_SETUP, bookingLinked: true, violationTransfer: true })).toEqual({
      bookingLinked: 'carRequired',
      violationTransfer: 'carRequired',
    });
    expect(
      contractProblems({ ...EMPTY_SETUP, carId: 'bmw-7', bookingLinked: true, violationTransfer: true }),
    ).toEqual({});
  });

  it('saves per contract and reads it back; an unreadable or foreign entry gives the empty set-up', () => {
    const store = memoryStore();
    const setup = { ...EMPTY_SETUP, confirmed: true, carId: 'bmw-7' as const };
    saveContract(store, 'MC-1', setup, 42);
    expect(loadContract(store, 'MC-1')).toEqual({ setup, savedAt: 42 });
    expect(loadContract(store, 'MC-2')).toEqual({ setup: EMPTY_SETUP, savedAt: null });
    store.setItem(contractKey('MC-3'), '{"confirmed":');
    store.setItem(contractKey('MC-4'), JSON.stringify({ ...setup, carId: 'tesla', savedAt: 1 }));
    expect(loadContract(store, 'MC-3').setup).toEqual(EMPTY_SETUP);
    expect(loadContract(store, 'MC-4').setup).toEqual(EMPTY_SETUP);
  });
});
