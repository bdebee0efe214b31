// Card facts the journey needs. Full validation (Luhn, expiry, CVV length) arrives with the input rules.

/** The local payment service declines this test card, so the declined path can be tried by hand. */
export const DECLINED_TEST_CARD = '4000000000000002';

export const cardDigits = (number: string) => number.replace(/\D/g, '');
export const last4 = (number: string) => cardDigits(number).slice(-4);
