// Text as people type it: digits from any keyboard, names tidied. No zod and no other rule here, so
// a page that only reads what was typed (Home's search box) takes nothing more with it.

/** Arabic-Indic (٠–٩) and Persian (۰–۹) digits to 0–9, so a number typed on an Arabic keyboard counts. */
export function latinDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));
}

/** Digits only, after normalising: drops spaces, dashes, dots, brackets people paste with numbers. */
export const digitsOf = (text: string) => latinDigits(text).replace(/\D/g, '');

/** A name as typed, tidied: outer spaces dropped, inner runs of spaces made one. */
export const normaliseName = (raw: string) => raw.trim().replace(/\s+/g, ' ');
