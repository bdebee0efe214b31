// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { aed, depositRefund, priceRental, rentalDays, vatOf } from '../../machines/money';

describe('money rules (fils)', () => {
  it('reproduces the payment sample: 5 days at 240.00 → 1,200.00 + 60.00 VAT = 1,260.00', () => {
    const days = rentalDays(new Date(2024, 0, 12, 12), new Date(2024, 0, 17, 12));
    expect(days).toBe(5);
    expect(priceRental(aed(240), days)).toEqual({
      days: 5,
      dailyRate: 24_000,
      cost: 120_000,
      fees: 0,
      vat: 6_000,
      total: 126_000,
    });
  });

  it('counts every started 24 hours as a day, and at least one', () => {
    const start = new Date(2024, 0, 12, 12);
    expect(rentalDays(start, new Date(2024, 0, 13, 12))).toBe(1);
    expect(rentalDays(start, new Date(2024, 0, 13, 12, 1))).toBe(2);
    expect(rentalDays(start, new Date(2024, 0, 12, 13))).toBe(1);
    expect(rentalDays(start, start)).toBe(1);
  });

  it('rounds VAT half up to the fil', () => {
    expect(vatOf(10)).toBe(1); // 0.5 fil → 1
    expect(vatOf(9)).toBe(0); // 0.45 fil → 0
    expect(vatOf(12_345)).toBe(617); // 617.25 → 617
  });

  it('refunds the deposit less deductions, never below zero; the excess is due', () => {
    expect(depositRefund(aed(5000), [])).toEqual({
      held: 500_000,
      deductions: 0,
      refundable: 500_000,
      due: 0,
    });
    expect(depositRefund(aed(1000), [aed(500), aed(50)])).toMatchObject({ refundable: 45_000, due: 0 });
    expect(depositRefund(aed(750), [aed(900)])).toMatchObject({ refundable: 0, due: 15_000 });
  });
});
