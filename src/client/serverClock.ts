/**
 * The server's clock as this phone knows it. A counter's or a renter's phone may be set minutes or
 * hours off; the server decides by its own clock (a late return, a pickup window), so the screens
 * that show those moments before the server is asked read the time here, not the phone's alone.
 */

/** The server's clock minus the phone's, ms: 0 until an answer says otherwise. */
let skew = 0;

/** Whole seconds plus a moment's travel: a phone off by less than this is right enough to show. */
const NOISE_MS = 2_000;

/**
 * Takes the server's time from an API answer's `Date` header (whole seconds; every Node server
 * sends it). `sentAt` and `receivedAt` are the phone's clock around the request: the answer was
 * written about halfway between them.
 */
export function noteServerDate(header: string | null, sentAt: number, receivedAt: number): void {
  const measured = Date.parse(header ?? '') + 500 - (sentAt + receivedAt) / 2;
  // Without a header (NaN) the last skew stays.
  if (!Number.isNaN(measured)) skew = Math.abs(measured) < NOISE_MS ? 0 : measured;
}

/** The time now on the server's clock (the phone's own when they agree). */
export const serverNow = (): number => Date.now() + skew;
