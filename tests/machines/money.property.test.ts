// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  aed,
  damageDeduction,
  depositRefund,
  fineDeduction,
  priceRental,
  rentalDays,
  salikDeduction,
  vatOf,
  DAY_MS,
  FUEL_FRACTION,
} from '../../machines/money';
import { DEPOSIT_BY_CATEGORY } from '../../machines/fleet';
import { fuelShortfall } from '../../machines/returns';

const fils = (max: number) => fc.integer({ min: 0, max });
const band = fc.constantFrom('peak' as const, 'offPeak' as const, 'night' as const);
const deduction = fc.oneof(
  fils(aed(5000)).map(fineDeduction),
  fc.array(band, { maxLength: 40 }).map(salikDeduction),
  fc
    .constantFrom(...(Object.keys(FUEL_FRACTION) as (keyof typeof FUEL_FRACTION)[]))
    .chain((level) =>
      fc.integer({ min: 30, max: 100 }).map((litres) => fuelShortfall('F', level, litres) ?? damageDeduction(0)),
    ),
  fils(aed(20000)).map(damageDeduction),
);

describe('money properties (fast-check)', () => {
  it('a rental price: the parts always sum to the total, in whole fils, nothing negative', () => {
    fc.assert(
      fc.property(fils(aed(10000)), fc.integer({ min: 1, max: 90 }), fils(aed(2000)), (rate, days, fees) => {
        const p = priceRental(rate, days, fees);
        expect(p.cost + p.fees + p.vat).toBe(p.total);
        expect(p.cost).toBe(rate * days);
        for (const part of [p.cost, p.fees, p.vat, p.total]) {
          expect(Number.isInteger(part)).toBe(true);
          expect(part).toBeGreaterThanOrEqual(0);
        }
        // VAT is 5% of cost and fees, off by less than half a fil from the exact figure.
        expect(Math.abs(p.vat - ((p.cost + p.fees) * 5) / 100)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('rental days: every started 24 h counts, so days × 24 h always covers the rental', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 1, max: 60 * DAY_MS }),
        (start, length) => {
          const days = rentalDays(new Date(start), new Date(start + length));
          expect(days * DAY_MS).toBeGreaterThanOrEqual(length);
          expect((days - 1) * DAY_MS).toBeLessThan(length);
        },
      ),
    );
  });

  it('deposit: refundable − due = held − deductions; neither is ever negative; no fil is lost', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.values(DEPOSIT_BY_CATEGORY)),
        fc.array(deduction, { maxLength: 8 }),
        (held, items) => {
          const r = depositRefund(
            held,
            items.map((d) => d.amount),
          );
          expect(r.deductions).toBe(items.reduce((sum, d) => sum + d.amount, 0));
          expect(r.refundable - r.due).toBe(held - r.deductions);
          expect(r.refundable).toBeGreaterThanOrEqual(0);
          expect(r.due).toBeGreaterThanOrEqual(0);
          expect(r.refundable === 0 || r.due === 0).toBe(true);
          for (const d of items) {
            expect(Number.isInteger(d.amount) && Number.isInteger(d.adminFee)).toBe(true);
            expect(d.adminFee).toBeLessThanOrEqual(d.amount);
          }
        },
      ),
    );
  });

  it('each deduction says its admin fee; fines and Salik carry one, fuel and damage do not', () => {
    expect(fineDeduction(aed(500))).toEqual({ kind: 'fine', amount: aed(550), adminFee: aed(50) });
    expect(salikDeduction(['peak', 'offPeak', 'night'])).toEqual({
      kind: 'salik',
      amount: aed(13),
      adminFee: aed(3),
    });
    expect(fuelShortfall('F', 'F', 60)).toBeNull();
    expect(fuelShortfall('3/4', 'F', 60)).toBeNull(); // more than handed over is not paid back
    expect(fuelShortfall('F', '1/2', 60)).toEqual({
      kind: 'fuel',
      amount: aed(85.5),
      adminFee: 0,
      basis: { unit: 'litre', count: 30, price: aed(2.85), vat: 0 },
    });
    expect(vatOf(aed(1200))).toBe(aed(60));
  });
});
