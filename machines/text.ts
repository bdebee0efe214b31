// Text as people type it: digits from any keyboard, names tidied. No zod and no other rule here, so
// a page that only reads what was typed (Home's search box) takes nothing more with it.

/** Arabic-Indic (٠–٩) and Persian (۰–۹) digits to 0–9, so a number typed on an Arabic keyboard counts. */
export function latinDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));
}

/** Digits only, after normalising: drops spaces, dashes, dots, brackets people paste with numbers. */
export const digitsOf = (text: string) => latinDigits(text).replace(/\D/g, '');

/**
 * Text as typed without the characters that steer the bidirectional order (marks, embeddings,
 * overrides, isolates): typed into a name or a clause, U+202E turned what renters read on an invoice
 * or the agreement around. The app's own words isolate what they quote; a typed text steers nothing.
 */
export const withoutBidiControls = (raw: string) => raw.replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');

/** A name as typed, tidied: no bidirectional controls, outer spaces dropped, inner runs of spaces made one. */
export const normaliseName = (raw: string) => withoutBidiControls(raw).trim().replace(/\s+/g, ' ');
