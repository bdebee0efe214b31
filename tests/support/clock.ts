import { vi } from 'vitest';

// The tests' calendar. The product's dates are real ones (an offer is valid from one day to another,
// a booking starts some days ahead, a fine falls after a pickup), so tests on the wall clock would
// pass or fail with the day they run: Winter Escape ends on 28 February 2027, and from March every
// test that redeems it would fail. The tests read another time instead: 1 December 2026, 10:00 in
// Dubai when a test file starts (the browser tests: when their server starts), the clock running on
// from there at the wall clock's pace.
//
// The browser tests' pages run on Playwright's clock (tests/e2e/browser.ts); the unit and server tests,
// and the server in their process, on Vitest's fake Date (onTestCalendar), Date alone: every timer
// stays real. That clock moves on in steps (shouldAdvanceTime: 20 ms whenever the event loop is free),
// not during work that never yields to it (a request served in-process, its queries run by PGlite in
// WASM): two records such work makes get the same millisecond, as two a busy server makes at once
// may, and what the app lists by time has an order of its own for them (a notification's sequence).
export const TEST_START = Date.UTC(2026, 11, 1, 6);

/** This realm's `Date` reads the tests' calendar from TEST_START on, moving on with the wall clock. */
export function onTestCalendar() {
  vi.useFakeTimers({ toFake: ['Date'], now: TEST_START, shouldAdvanceTime: true });
}

/** How far the tests' clock is from the wall clock, for a run starting now (the browser tests' servers). */
export const testClockOffset = () => TEST_START - Date.now();

/**
 * Moves this realm's clock on so that now is `at` (the clock running on from there), never back: a
 * booking's pickup is a day or more ahead, and the car is handed over only near it. Everything the
 * tests have made stays where it was in time, as it would have for a real day's wait.
 */
export function travelTo(at: number) {
  if (at > Date.now()) vi.setSystemTime(at);
}

/** How far this realm's clock is from the wall clock now: give it to `shiftClock` to come back here. */
export const clockOffset = () => Date.now() - vi.getRealSystemTime();

/** Sets this realm's clock `offset` ms from the wall clock (running on from there). */
export const shiftClock = (offset: number) => vi.setSystemTime(vi.getRealSystemTime() + offset);
