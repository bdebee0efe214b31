// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { EMPTY_SETUP, contractActive, contractProblems } from '../../machines/contract';

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
});
