// @vitest-environment node
// Characters that steer the bidirectional order, typed into a company's or a renter's text, steer
// nothing: U+202E in a company's name turned around what renters read on the invoice and agreement.
import { describe, expect, it } from 'vitest';
import { clausesOf } from '../machines/company';
import { normaliseName, withoutBidiControls } from '../machines/text';
import { visualPieces } from '../server/print/pdf';

const CONTROLS = ['\u061c', '\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];

describe('bidirectional controls in typed text', () => {
  it('are dropped from names, addresses and clauses as they are saved', () => {
    for (const control of CONTROLS) expect(withoutBidiControls(`Elite ${control}Auto`)).toBe('Elite Auto');
    expect(normaliseName('  Elite \u202eotuA\u202c  Rentals ')).toBe('Elite otuA Rentals');
    expect(clausesOf('No smoking \u202e.gnikoms\u202c\n\u2067Pets allowed\u2069')).toEqual(['No smoking .gnikoms', 'Pets allowed']);
  });

  it('reorder nothing in a printed line kept from before (an override in a stored name), in either language', () => {
    for (const dir of ['ltr', 'rtl'] as const) {
      expect(visualPieces('Supplier: Elite \u202eotuA\u202c Rentals', dir)).toEqual(visualPieces('Supplier: Elite otuA Rentals', dir));
      expect(visualPieces('المورّد: \u202dElite Auto\u202c', dir)).toEqual(visualPieces('المورّد: Elite Auto', dir));
    }
    // The app's own isolates still do their work: a Latin name in an Arabic line stays one run.
    expect(visualPieces('المورّد: \u2066Elite Auto\u2069', 'rtl').map((p) => p.text)).toContain('Elite Auto');
  });
});
