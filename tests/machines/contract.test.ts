// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { EMPTY_SETUP, contractActive, contractProblems } from '../../machines/contract';

const SIGNED = { confirmed: true, policyAgreed: true };
const LINKED = { ...EMPTY_SETUP, carId: 'bmw-7' as const, bookingLinked: true };

describe('contract set-up rules', () => {
  it('is active only with both of the renter’s confirmations, a car and the booking linked', () => {
    expect(contractActive(LINKED, SIGNED)).toBe(true);
    expect(contractActive(LINKED, { ...SIGNED, confirmed: false })).toBe(false);
    expect(contractActive(LINKED, { ...SIGNED, policyAgreed: false })).toBe(false);
    expect(contractActive({ ...LINKED, carId: null }, SIGNED)).toBe(false);
    expect(contractActive({ ...LINKED, bookingLinked: false }, SIGNED)).toBe(false);
  });

  it('linking the booking needs a booking and a car; passing fines needs a car', () => {
    expect(contractProblems({ ...EMPTY_SETUP, bookingLinked: true, violationTransfer: true }, true)).toEqual({
      bookingLinked: 'carRequired',
      violationTransfer: 'carRequired',
    });
    expect(contractProblems({ ...LINKED, violationTransfer: true }, false)).toEqual({ bookingLinked: 'noBooking' });
    expect(contractProblems({ ...LINKED, violationTransfer: true }, true)).toEqual({});
  });
});

describe('plates as authorities write them', () => {
  it('read the same in any spacing, case or emirate abbreviation', async () => {
    const { plateKey } = await import('../../machines/cars');
    expect(plateKey('dxb-k-48213')).toBe(plateKey('Dubai K 48213'));
    expect(plateKey('AUH 5 22871')).toBe(plateKey('Abu Dhabi 5 22871'));
    expect(plateKey('SHJ-3-44120')).toBe(plateKey('Sharjah 3 44120'));
    expect(plateKey('Dubai K 48214')).not.toBe(plateKey('Dubai K 48213'));
  });
});
