import { describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en';
import { ar } from '../src/i18n/ar';
import { fill, formatAmount, formatPlate } from '../src/i18n/format';

/**
 * Every string leaf with its dotted path. A plural entry (forms keyed by `other` and the other plural
 * categories) is one leaf, its `other` form: each language has its own set of forms.
 */
function leaves(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  const categories = ['zero', 'one', 'two', 'few', 'many', 'other'];
  if (typeof value === 'object' && value && 'other' in value && Object.keys(value).every((k) => categories.includes(k)))
    return [[path, String((value as { other: string }).other)]];
  return Object.entries(value as object).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
}

// Leaves that are the same in both languages on purpose: the brand, "AED",
// card brand names, the fuel fractions, and each language's name in itself (the language setting).
const SAME = new Set([
  'brand',
  // A name: UAE PASS is written so in Arabic too.
  'account.uaePass.title',
  'account.preferences.languages.en',
  'account.preferences.languages.ar',
  'money.currency',
  'trafficViolation.code',
  'payment.brands.visa',
  'payment.brands.mastercard',
  'payment.brands.amex',
  'payment.brands.unknown',
  // The card schemes' own names, as printed on the card (the saved card in Account too).
  'account.card.brands.visa',
  'account.card.brands.mastercard',
  'account.card.brands.amex',
  'carReturn.fuelLevels.1/4',
  'carReturn.fuelLevels.1/2',
  'carReturn.fuelLevels.3/4',
]);
// The one leaf that is empty on purpose: an unknown card brand has no name to show.
const EMPTY = new Set(['payment.brands.unknown']);

describe('catalogs', () => {
  const english = new Map(leaves(en));
  const arabic = new Map(leaves(ar));

  it('Arabic has every English string, translated (not a copy), with the same placeholders', () => {
    expect([...arabic.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) {
      const translated = arabic.get(key)!;
      if (!EMPTY.has(key)) expect(translated.trim(), key).not.toBe('');
      if (!SAME.has(key)) expect(translated, key).not.toBe(text);
      const names = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
      expect(names(translated), key).toEqual(names(text));
    }
  });

  it('uses the product’s Arabic wording: استلام for pickup, إرجاع for return, never تسليم', () => {
    expect(ar.titles.carPickup).toContain('استلام');
    expect(ar.titles.carReturn).toContain('إرجاع');
    for (const [key, text] of arabic) expect(text, key).not.toContain('تسليم');
  });
});

describe('formatting', () => {
  it('formats amounts with Latin digits in both languages', () => {
    expect(formatAmount(126_000, 'en')).toBe('1,260.00');
    expect(formatAmount(126_000, 'ar')).toBe('1,260.00');
    // Always two decimals, whole dirhams too: one figure reads the same on every screen.
    expect(formatAmount(500_000, 'ar')).toBe('5,000.00');
    expect(formatAmount(500_050, 'en')).toBe('5,000.50');
    expect(formatAmount(-55_000, 'en')).toBe('-550.00');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(fill('Contract Number: {code}', { code: 'MC-1' })).toBe('Contract Number: MC-1');
    expect(fill('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });
});

describe('plates', () => {
  it('name the emirate in the reader’s language; the code and number stay as the plate has them', () => {
    expect(formatPlate('Dubai K 48213', 'ar')).toBe('دبي K 48213');
    expect(formatPlate('Abu Dhabi 5 22871', 'ar')).toBe('أبوظبي 5 22871');
    expect(formatPlate('Sharjah 3 44120', 'ar')).toBe('الشارقة 3 44120');
    expect(formatPlate('Dubai K 48213', 'en')).toBe('Dubai K 48213');
    // Not a plate of an emirate we know: as it is.
    expect(formatPlate('K 48213', 'ar')).toBe('K 48213');
  });
});
