// The tests' calendar. The product's dates are real ones (an offer is valid from one day to another,
// a booking starts some days ahead, a fine falls after a pickup), so tests on the wall clock would
// pass or fail with the day they run: Winter Escape ends on 28 February 2027, and from March every
// test that redeems it would fail. The tests read another time instead: 1 December 2026, 10:00 in
// Dubai when a test file starts (the browser tests: when their server starts), the clock running on
// from there at the wall clock's pace.
//
// The browser tests' pages run on Playwright's clock (tests/e2e/browser.ts). The unit and server tests
// run on this one, not on Vitest's fake Date: that one moves only when its interval timer runs, so work
// done without yielding to timers (PGlite's queries run in WASM) takes no time at all. Tried on
// 2026-11-28: two journey steps then got the same millisecond, and the order of a renter's
// notifications and of the search's bookings came out wrong (2 failures in 912 tests).
export const TEST_START = Date.UTC(2026, 11, 1, 6);

/**
 * Makes `Date` in this realm (`Date.now()`, `new Date()`, `Date()`) read `offset` ms from the wall
 * clock; a date built from a value is as before, and `instanceof Date` holds for every date.
 * Called again, it shifts from the wall clock, not twice.
 */
export function shiftClock(offset: number) {
  const wall = Symbol.for('movecar.wallClock');
  const scope = globalThis as unknown as { Date: DateConstructor } & Record<symbol, DateConstructor | undefined>;
  const Wall = (scope[wall] ??= scope.Date);
  const now = () => Wall.now() + offset;
  scope.Date = new Proxy(Wall, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length > 0 ? args : [now()], newTarget),
    apply: () => new Wall(now()).toString(),
    get: (target, key, receiver) => (key === 'now' ? now : Reflect.get(target, key, receiver)),
  });
}

/** How far the tests' clock is from the wall clock, for a run starting now. */
export const testClockOffset = () => {
  const wall = (globalThis as unknown as Record<symbol, DateConstructor | undefined>)[Symbol.for('movecar.wallClock')] ?? Date;
  return TEST_START - wall.now();
};

/**
 * Moves this realm's clock on so that now is `at` (the clock running on from there), never back: a
 * booking's pickup is a day or more ahead, and the car is handed over only near it. Everything the
 * tests have made stays where it was in time, as it would have for a real day's wait.
 */
export function travelTo(at: number) {
  if (at > Date.now()) shiftClock(at - wallNow());
}

/** How far this realm's clock is from the wall clock now: give it to shiftClock to come back here. */
export const clockOffset = () => Date.now() - wallNow();

const wallNow = () => ((globalThis as unknown as Record<symbol, DateConstructor | undefined>)[Symbol.for('movecar.wallClock')] ?? Date).now();
