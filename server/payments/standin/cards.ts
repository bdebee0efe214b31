// The stand-in provider's test cards: what each does, as the provider's documentation lists them.
// Any other number that passes the Luhn check is approved without a challenge. docs/payments.md
// lists them for testers.

export type CardBehaviour =
  /** Approved, no challenge (3-D Secure frictionless). */
  | 'frictionless'
  /** The issuer asks for a challenge; approved when it is completed, and charged later off the session without one (the card was set up then). */
  | 'challenge'
  /** The issuer asks for a challenge every time: approved when it is completed; off the session (nobody there to answer) refused. */
  | 'alwaysAuthenticate'
  /** The issuer asks for a challenge and refuses it, whatever the renter does. */
  | 'challengeFails'
  | 'declined'
  | 'insufficientFunds'
  | 'expired'
  /** Approved, but the issuer allows no extended or incremental authorisation: a hold lasts 7 days. */
  | 'noExtendedAuthorisation';

export const TEST_CARDS: Record<string, { behaviour: CardBehaviour; brand: 'visa' | 'mastercard' }> = {
  '4242424242424242': { behaviour: 'frictionless', brand: 'visa' },
  '5555555555554444': { behaviour: 'frictionless', brand: 'mastercard' },
  '4000002500003155': { behaviour: 'challenge', brand: 'visa' },
  '4000000000003220': { behaviour: 'alwaysAuthenticate', brand: 'visa' },
  '4000008400001629': { behaviour: 'challengeFails', brand: 'visa' },
  '4000000000000002': { behaviour: 'declined', brand: 'visa' },
  '4000000000009995': { behaviour: 'insufficientFunds', brand: 'visa' },
  '4000000000000069': { behaviour: 'expired', brand: 'visa' },
  '4000000000007512': { behaviour: 'noExtendedAuthorisation', brand: 'visa' },
};

/** The provider's test payment methods a server may attach without a card page (the demo's bookings). */
export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_authenticationRequired: '4000000000003220',
  pm_card_authenticationRequiredOnSetup: '4000002500003155',
};

export function luhn(digits: string) {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

export function behaviourOf(number: string): { behaviour: CardBehaviour; brand: 'visa' | 'mastercard' | 'amex' | 'unknown' } | null {
  const known = TEST_CARDS[number];
  if (known) return known;
  if (!luhn(number)) return null;
  const brand = number.startsWith('4') ? 'visa' : /^5[1-5]|^2[2-7]/.test(number) ? 'mastercard' : /^3[47]/.test(number) ? 'amex' : 'unknown';
  return { behaviour: 'frictionless', brand };
}

/** What a decline says, as the provider's API codes it. */
export const DECLINES = {
  declined: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  insufficientFunds: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  expired: { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' },
  challengeFails: {
    code: 'payment_intent_authentication_failure',
    decline_code: undefined,
    message: 'We are unable to authenticate your payment method.',
  },
} as const;
