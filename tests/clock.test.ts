// The tests' calendar (tests/support/clock.ts), which every test file runs on.
import { describe, expect, it } from 'vitest';
import { TEST_START } from './support/clock';

describe("the tests' clock", () => {
  it('reads the run’s start on the tests’ calendar and runs on, whatever day the run is', async () => {
    const first = Date.now();
    // Within the run: this file may start a while after the run has.
    expect(first).toBeGreaterThanOrEqual(TEST_START);
    expect(first - TEST_START).toBeLessThan(60 * 60 * 1000);
    expect(Math.abs(new Date().getTime() - first)).toBeLessThan(1000);
    expect(new Date(Date()).getTime()).toBeLessThanOrEqual(Date.now());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(Date.now()).toBeGreaterThan(first);
  });

  it('leaves a date made from a value as it is, and every date a Date', () => {
    expect(new Date(0).toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(new Date('2027-03-01T00:00:00Z').getTime()).toBe(Date.UTC(2027, 2, 1));
    expect(Date.parse('2027-03-01T00:00:00Z')).toBe(Date.UTC(2027, 2, 1));
    expect(new Date()).toBeInstanceOf(Date);
    class Stamp extends Date {}
    expect(new Stamp(5).getTime()).toBe(5);
    expect(new Stamp().getTime() - Date.now()).toBeLessThan(1000);
  });
});
