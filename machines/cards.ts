// Card facts the journey needs; the card rules themselves (Luhn, expiry, CVV) are in validation.ts.
import { digitsOf } from './text';

/** The local payment service declines this test card, so the declined path can be tried by hand. */
export const DECLINED_TEST_CARD = '4000000000000002';

/** The only part of a card number the app keeps, whatever digits it was typed in. */
export const last4 = (number: string) => digitsOf(number).slice(-4);
