/**
 * How long a screen test waits for what a person waits for (Testing Library's `findBy…`/`waitFor`,
 * set in tests/setup.ts, and xstate's `waitFor` where a test waits on the journey itself). A wait ends
 * as soon as the screen shows it; this is only the ceiling, made for a loaded machine: in CI two test
 * files share two cores, and every step of a screen goes through the in-process server on PGlite.
 * Testing Library's default of one second, and the five seconds some tests used to give, were missed
 * there (a search screen's list asked again, 5.4 s once).
 */
export const WAIT_MS = 15_000;
