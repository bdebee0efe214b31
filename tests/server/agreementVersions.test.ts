// The agreement is versioned (texts/versions.ts): the version renters sign now is the wording the
// contract screen shows them, and a signed agreement prints in the wording of the version it was
// signed in, whatever the wording is today.
import { describe, expect, it } from 'vitest';
import { readAgreement } from '../../server/agreements/print';
import { CONTRACT_VERSION, defaultBooking, initialContext } from '../../machines/journey-rules';
import { FLEET } from '../../machines/sampleFleet';
import { AGREEMENT_VERSIONS } from '../../texts/versions';
import screenEnglish from '../../src/i18n/en/agreement';
import screenArabic from '../../src/i18n/ar/agreement';

const now = Date.UTC(2026, 10, 28, 8);
const signedIn = (version: string) => ({
  ...initialContext(now),
  booking: defaultBooking(now + 86_400_000, FLEET['bmw-7']),
  renter: { email: 'm@example.ae', fullName: 'Mariam Al Suwaidi', phone: '+971501234567', verified: true },
  contract: { signedAt: now, version },
});

describe('the agreement’s versions', () => {
  it('the version signed today is the wording the contract screen shows, in both languages', () => {
    expect(AGREEMENT_VERSIONS[CONTRACT_VERSION]).toEqual({ en: screenEnglish, ar: screenArabic });
  });

  it('a signed agreement prints in the wording of its version, not a later one', () => {
    const later = structuredClone(AGREEMENT_VERSIONS[CONTRACT_VERSION]!);
    later.en.agreement.clauses.law.text = 'The laws of the Emirate of Dubai, as revised in 2027, govern this agreement.';
    const versions = { ...AGREEMENT_VERSIONS, '2027-01': later };
    const law = (version: string) => {
      const reading = readAgreement(signedIn(version), 'MC-2026-0412', 'Elite Auto', 'en', { en: [], ar: [] }, versions);
      return { law: reading.clauses.find((c) => c.title === later.en.agreement.clauses.law.title)?.text, signed: reading.signed };
    };
    expect(law(CONTRACT_VERSION).law).toBe(screenEnglish.agreement.clauses.law.text);
    expect(law(CONTRACT_VERSION).signed).toContain(CONTRACT_VERSION);
    expect(law('2027-01')).toEqual({ law: 'The laws of the Emirate of Dubai, as revised in 2027, govern this agreement.', signed: expect.stringContaining('2027-01') });
  });
});
