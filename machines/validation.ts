// Input rules, one place each: small functions, one per field's rule, and one loop that checks a
// whole form at the boundary (the machine's guards, the server's handlers) and reports problems by
// field, as codes the catalogs word.
import { checkReason, DAMAGE_AMOUNT_MAX, isDamageChoice, parseAmount } from './returns';
import { regexes } from 'zod/v4/core';
import { digitsOf, latinDigits, normaliseName } from './text';

/** Why a value is refused; each code has a message in both catalogs (problems.*). */
export type Problem =
  | 'required'
  | 'tooLong'
  | 'clausesMatch'
  | 'nameTwoWords'
  | 'nameLetters'
  | 'email'
  | 'mobile'
  | 'passwordShort'
  | 'passwordDigits'
  | 'passwordEmail'
  | 'mismatch'
  | 'emiratesId'
  | 'fileType'
  | 'fileSize'
  | 'terms'
  /** The card kept for the deposit and later charges: the renter must agree to book. */
  | 'cardConsent'
  | 'fuel'
  | 'mileage'
  | 'mileageBelow'
  | 'coordinates'
  /** A date typed as YYYY-MM-DD that is not one. */
  | 'date'
  /** The driving licence the counter read has expired: the car cannot be handed over. */
  | 'licenceExpired'
  /** A document given at registration (Emirates ID, driving licence) whose validity has ended. */
  | 'documentExpired'
  /** The counter has not said the person matches the Emirates ID on file. */
  | 'identityUnchecked'
  | 'photosRequired'
  | 'tooManyPhotos'
  /** Not an amount in dirhams, or none above zero (a damage line's price typed by the counter). */
  | 'amount'
  /** More than the charge has left to refund (machines/refunds.ts). */
  | 'refundTooHigh'
  /** A booking's times (machines/booking.ts tripProblems). */
  | 'tooSoon'
  | 'tooFar'
  | 'beforePickup'
  | 'tooShort'
  | 'rentalTooLong'
  /** A company's VAT registration number (machines/company.ts). */
  | 'trn'
  /** A UAE landline, mobile or 800 number (a company's support line). */
  | 'phone'
  /** A picture a company uploads (its logo, a car's photo): not a JPEG, PNG or WebP, over 10 MB, or not readable as one. */
  | 'imageType'
  | 'imageSize'
  | 'imageUnreadable';

/** A value that is accepted but worth a second look (e.g. an Emirates ID whose check digit fails). */
export type Warning = 'emiratesIdCheck';

/** Luhn (mod 10) over a string of digits. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

// ---- people ----

export const NAME_MAX = 80;
/** Letters in Latin (with accents) or Arabic script (letters and marks, not its digits). */
const LETTER = 'A-Za-z\\u00C0-\\u024F\\u0621-\\u065F\\u0670-\\u06D3';
/** A word of a name: letters, joined inside by hyphens, apostrophes or dots. */
const NAME_WORD = new RegExp(`^[${LETTER}][${LETTER}'’.-]*$`);


export function checkFullName(raw: string): Problem | null {
  const name = normaliseName(raw);
  if (name === '') return 'required';
  if (name.length > NAME_MAX) return 'tooLong';
  const words = name.split(' ');
  if (!words.every((w) => NAME_WORD.test(w))) return 'nameLetters';
  if (words.length < 2) return 'nameTwoWords';
  return null;
}

export const EMAIL_MAX = 254;
/** zod's own e-mail rule (the server's boundary schemas use it too), without zod's machinery. */
const EMAIL = regexes.email;

export function checkEmail(raw: string): Problem | null {
  const email = raw.trim();
  if (email === '') return 'required';
  if (email.length > EMAIL_MAX) return 'tooLong';
  return EMAIL.test(email) ? null : 'email';
}

/** UAE mobile networks' national prefixes: 050, 052, 054, 055, 056, 058. */
export const UAE_MOBILE = /^5[024568]\d{7}$/;

/** A UAE number's digits without its country code or trunk 0 (`+971 4…`, `00971 4…`, `04…` → `4…`). */
export function uaeNationalDigits(raw: string): string {
  const digits = digitsOf(raw);
  if (digits.startsWith('00971')) return digits.slice(5);
  if (digits.startsWith('971')) return digits.slice(3);
  return digits.startsWith('0') ? digits.slice(1) : digits;
}

/** `+971 50 123 4567`, `00971501234567`, `050 123 4567` → `+971501234567`; null when not a UAE mobile. */
export function normaliseUaeMobile(raw: string): string | null {
  const digits = uaeNationalDigits(raw);
  return UAE_MOBILE.test(digits) ? `+971${digits}` : null;
}

export function checkMobile(raw: string): Problem | null {
  if (raw.trim() === '') return 'required';
  return normaliseUaeMobile(raw) ? null : 'mobile';
}

export const PASSWORD_MIN = 10;

export function checkPassword(password: string, email: string): Problem | null {
  if (password === '') return 'required';
  if (password.length < PASSWORD_MIN) return 'passwordShort';
  if (/^\d+$/.test(latinDigits(password))) return 'passwordDigits';
  if (email.trim() !== '' && password.trim().toLowerCase() === email.trim().toLowerCase())
    return 'passwordEmail';
  return null;
}

export type Strength = 'weak' | 'fair' | 'strong';

/** A hint, not a rule: length and the variety of character kinds. */
export function passwordStrength(password: string): Strength {
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z\d]/].filter((re) => re.test(password)).length;
  if (password.length >= 14 && kinds >= 3) return 'strong';
  if (password.length >= PASSWORD_MIN && kinds >= 2) return 'fair';
  return 'weak';
}

// ---- Emirates ID: 784-YYYY-NNNNNNN-C ----

export interface EmiratesIdResult {
  /** Normalised `784-YYYY-NNNNNNN-C`, when the shape is right. */
  value: string | null;
  problem: Problem | null;
  /** The check digit (Luhn over the first 14 digits, community-derived) did not match: warn only. */
  warning: Warning | null;
}

export function checkEmiratesId(raw: string, year = new Date().getFullYear()): EmiratesIdResult {
  const digits = digitsOf(raw);
  if (raw.trim() === '') return { value: null, problem: 'required', warning: null };
  const birthYear = Number(digits.slice(3, 7));
  if (digits.length !== 15 || !digits.startsWith('784') || birthYear < 1900 || birthYear > year) {
    return { value: null, problem: 'emiratesId', warning: null };
  }
  const value = `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7, 14)}-${digits.slice(14)}`;
  return { value, problem: null, warning: luhnValid(digits) ? null : 'emiratesIdCheck' };
}

// ---- documents ----

export const DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
/** The file pickers' `accept`: the same types. */
export const DOCUMENT_ACCEPT = DOCUMENT_TYPES.join(',');

export interface DocumentInfo {
  name: string;
  type: string;
  size: number;
  /** The file itself, in the browser, for the upload; the rules read only name, type and size. */
  file?: Blob;
}

export function checkDocument(file: DocumentInfo | null): Problem | null {
  if (!file) return 'required';
  if (!(DOCUMENT_TYPES as readonly string[]).includes(file.type)) return 'fileType';
  if (file.size > DOCUMENT_MAX_BYTES) return 'fileSize';
  return null;
}

/** The identity documents a renter keeps, by the form field that carries each (registration, Account). */
export const DOCUMENT_FIELDS = { emiratesIdFile: 'emiratesId', emiratesIdBackFile: 'emiratesIdBack', licenceFile: 'licence' } as const;
export type DocumentField = keyof typeof DOCUMENT_FIELDS;

/** Until its account's e-mail is confirmed, a document is kept this long after its upload, then deleted. */
export const UNVERIFIED_DOCUMENTS_HOURS = 24;

/** New documents from Account: each one given checked as at registration; none given, the first is asked for. */
export function documentsProblems(files: Partial<Record<DocumentField, DocumentInfo | null>>): Partial<Record<DocumentField, Problem>> {
  const given = (Object.keys(DOCUMENT_FIELDS) as DocumentField[]).filter((field) => files[field]);
  if (given.length === 0) return { emiratesIdFile: 'required' };
  const problems: Partial<Record<DocumentField, Problem>> = {};
  for (const field of given) {
    const problem = checkDocument(files[field]!);
    if (problem) problems[field] = problem;
  }
  return problems;
}

// ---- the card kept on file (typed only on the provider's page) ----

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'unknown'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

// ---- the car's fuel and odometer, at pickup and return ----

export const FUEL_LEVELS = ['E', '1/4', '1/2', '3/4', 'F'] as const;
export type FuelLevel = (typeof FUEL_LEVELS)[number];

const odometerText = (raw: string) => latinDigits(raw).replace(/[,\s]/g, '');
/** An odometer reading as typed ("12,500", Arabic-Indic digits too), in km (a number once `checkMileage` passes it). */
export const kmOf = (raw: string) => Number(odometerText(raw));

export function checkMileage(raw: string, pickupKm: number): Problem | null {
  const text = odometerText(raw);
  if (text === '') return 'required';
  if (!/^\d{1,7}$/.test(text)) return 'mileage';
  return Number(text) < pickupKm ? 'mileageBelow' : null;
}

// ---- handing the car over at the counter ----

/** Photos of the car's condition at a handover: at least one, at most this many. */
export const HANDOVER_PHOTOS_MAX = 12;
const DUBAI_MS = 4 * 60 * 60 * 1000;

/**
 * A document's expiry as read off the card (YYYY-MM-DD; Arabic-Indic digits accepted). It is valid
 * through that day in the UAE: `expired` once the day has ended in Dubai before `at`.
 */
function checkValidUntil(raw: string, at: number, expired: Problem): Problem | null {
  const text = latinDigits(raw).trim();
  if (text === '') return 'required';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return 'date';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = Date.UTC(year, month - 1, day);
  const d = new Date(start);
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return 'date';
  return start + 24 * 60 * 60 * 1000 - DUBAI_MS <= at ? expired : null;
}

/** Whether a document valid through `raw` (YYYY-MM-DD) has expired at `at`. */
export const hasExpired = (raw: string, at: number) => checkValidUntil(raw, at, 'documentExpired') === 'documentExpired';

/** The licence the renter shows at the counter: an expired one stops the handover. */
export const checkLicenceExpiry = (raw: string, at: number) => checkValidUntil(raw, at, 'licenceExpired');

// ---- emergency report ----

/** `25.2048, 55.2708` (latitude, longitude; Arabic-Indic digits and the Arabic comma accepted). */
export function parseCoordinates(raw: string): { lat: number; lng: number } | null {
  const text = latinDigits(raw)
    .replace(/\u060C/g, ',')
    .replace(/\u066B/g, '.')
    .trim();
  const match = /^(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)$/.exec(text);
  if (!match) return null;
  const [lat, lng] = [Number(match[1]), Number(match[2])];
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}

export const formatCoordinates = (lat: number, lng: number) => `${lat.toFixed(5)}, ${lng.toFixed(5)}`;

// ---- whole forms, checked at the boundary (the machines' guards, the server's handlers) ----

/**
 * Problems by field: each field's rule on its value, in the order given; a field without a problem is
 * left out. A plain loop, not a schema library: the rules are the functions above, and the browser's
 * form pages carry no zod for them (docs/decisions/validation.md).
 */
function problemsOf<F extends string>(
  values: object,
  rules: Partial<Record<F, (value: never) => Problem | null>>,
): Partial<Record<F, Problem>> {
  const problems: Partial<Record<F, Problem>> = {};
  for (const field in rules) {
    const problem = rules[field]!((values as Record<string, unknown>)[field] as never);
    if (problem) problems[field] = problem;
  }
  return problems;
}

export interface RegistrationInput {
  fullName: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
  emiratesId: string;
  /** The last day the Emirates ID and the driving licence are valid, as on the cards (YYYY-MM-DD). */
  emiratesIdExpiry: string;
  licenceExpiry: string;
  /** The Emirates ID's two sides: the number and photo, and the card's back (address, employer). */
  emiratesIdFile: DocumentInfo | null;
  emiratesIdBackFile: DocumentInfo | null;
  licenceFile: DocumentInfo | null;
  termsAccepted: boolean;
}
export type RegistrationField = keyof RegistrationInput;

/** The registration's rules at `at` (a document must still be valid then). */
export function registrationProblems(form: RegistrationInput, at: number) {
  return problemsOf<RegistrationField>(form, {
    fullName: checkFullName,
    email: checkEmail,
    phone: checkMobile,
    password: (p: string) => checkPassword(p, form.email),
    confirmPassword: (c: string) => (c === '' ? 'required' : c === form.password ? null : 'mismatch'),
    emiratesId: (id: string) => checkEmiratesId(id).problem,
    emiratesIdExpiry: (e: string) => checkValidUntil(e, at, 'documentExpired'),
    emiratesIdFile: checkDocument,
    emiratesIdBackFile: checkDocument,
    licenceExpiry: (e: string) => checkValidUntil(e, at, 'documentExpired'),
    licenceFile: checkDocument,
    termsAccepted: (accepted: boolean) => (accepted ? null : 'terms'),
  });
}

/** The card kept on file at the provider, as the renter is shown it: its last 4 digits, brand and expiry (MM/YY). */
export interface CardOnFile {
  last4: string;
  brand: CardBrand;
  expiry: string;
}

/** What the company's agent records when handing the car over (check-out). */
export interface CheckoutInput {
  odometer: string;
  fuel: string;
  /** Damage the car already has (also in the photos). */
  damage: string;
  /** The driving licence's expiry, read off the card the renter shows. */
  licenceExpiry: string;
  /** The agent compared the person with the Emirates ID and licence on file. */
  identityChecked: boolean;
  /** Ids of the photos uploaded for this handover (the server checks they are this booking's). */
  photos: string[];
}
export type CheckoutField = keyof CheckoutInput;

export function checkoutProblems(input: CheckoutInput, carKm: number, at: number) {
  return problemsOf<CheckoutField>(input, {
    odometer: (m: string) => checkMileage(m, carKm),
    fuel: (f: string) => ((FUEL_LEVELS as readonly string[]).includes(f) ? null : 'fuel'),
    damage: (d: string) => (d.length > 500 ? 'tooLong' : null),
    licenceExpiry: (e: string) => checkLicenceExpiry(e, at),
    identityChecked: (checked: boolean) => (checked ? null : 'identityUnchecked'),
    photos: (p: string[]) => (p.length === 0 ? 'photosRequired' : p.length > HANDOVER_PHOTOS_MAX ? 'tooManyPhotos' : null),
  });
}

/** What the company's agent records when the car comes back (check-in). */
export interface CheckinInput {
  odometer: string;
  fuel: string;
  /**
   * Damage found now, each a line: an item of the company's price list, or `other` with an amount
   * (AED), a reason and the photos that show it (some of the check-in's `photos`).
   */
  damage: { item: string; amount: string; note: string; photos?: string[] }[];
  /** Ids of the photos uploaded for this return (the server checks they are this booking's). */
  photos: string[];
}
/** Damage lines one return can carry. */
export const CHECKIN_DAMAGE_MAX = 10;

/**
 * The check-in's problems by field; a damage line's by `damage.<n>.<field>`. `startKm` is the odometer
 * as handed over: the car cannot come back with less.
 */
export function checkinProblems(input: CheckinInput, startKm: number): Partial<Record<string, Problem>> {
  const problems: Partial<Record<string, Problem>> = problemsOf<string>(input, {
    odometer: (m: string) => checkMileage(m, startKm),
    fuel: (f: string) => ((FUEL_LEVELS as readonly string[]).includes(f) ? null : 'fuel'),
    photos: (p: string[]) => (p.length === 0 ? 'photosRequired' : p.length > HANDOVER_PHOTOS_MAX ? 'tooManyPhotos' : null),
    damage: (d: unknown[]) => (d.length > CHECKIN_DAMAGE_MAX ? 'tooLong' : null),
  });
  input.damage.slice(0, CHECKIN_DAMAGE_MAX).forEach((line, i) => {
    const other = line.item === 'other';
    if (!isDamageChoice(line.item)) problems[`damage.${i}.item`] = 'required';
    if (other) {
      const amount = parseAmount(line.amount);
      if (line.amount.trim() === '') problems[`damage.${i}.amount`] = 'required';
      else if (amount === null || amount <= 0 || amount > DAMAGE_AMOUNT_MAX) problems[`damage.${i}.amount`] = 'amount';
    }
    const note = other ? checkReason(line.note) : line.note.length > 500 ? 'tooLong' : null;
    if (note) problems[`damage.${i}.note`] = note;
    // Its evidence is among the check-in's photos; an amount the agent typed is shown in one at least.
    const shown = line.photos ?? [];
    if ((other && shown.length === 0) || !shown.every((id) => input.photos.includes(id))) problems[`damage.${i}.photos`] = 'photosRequired';
  });
  return problems;
}

/** What the renter says differs from the counter's record. */
export const checkFlagNote = (note: string): Problem | null =>
  note.trim() === '' ? 'required' : note.length > 500 ? 'tooLong' : null;

export interface ProfileInput {
  fullName: string;
  phone: string;
  email: string;
  address: string;
}
export type ProfileField = keyof ProfileInput;

export const ADDRESS_MAX = 200;

/** Account rows: the same rules as at registration; the address may be empty. */
export function profileProblems(profile: ProfileInput) {
  return problemsOf<ProfileField>(profile, {
    fullName: checkFullName,
    phone: checkMobile,
    email: checkEmail,
    address: (a: string) => (a.trim().length > ADDRESS_MAX ? 'tooLong' : null),
  });
}

export interface EmergencyInput {
  description: string;
  gps: string;
  more: string;
}
export type EmergencyField = keyof EmergencyInput;

/** The description is required; the location may be left empty, but if given it must be coordinates. */
export function emergencyProblems(report: EmergencyInput) {
  return problemsOf<EmergencyField>(report, {
    description: (d: string) => (d.trim() === '' ? 'required' : d.length > 2000 ? 'tooLong' : null),
    gps: (g: string) => (g.trim() === '' || parseCoordinates(g) ? null : 'coordinates'),
    more: (m: string) => (m.length > 2000 ? 'tooLong' : null),
  });
}

export interface PasswordChangeInput {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}
export type PasswordChangeField = keyof PasswordChangeInput;

/**
 * Changing a password: the current one is needed (the server checks it is right), the new one follows
 * the registration rules for the account's e-mail, and the confirmation must match it.
 */
export function passwordChangeProblems(input: PasswordChangeInput, email: string) {
  return problemsOf<PasswordChangeField>(input, {
    currentPassword: (p: string) => (p === '' ? 'required' : null),
    newPassword: (p: string) => checkPassword(p, email),
    confirmPassword: (c: string) => (c === '' ? 'required' : c === input.newPassword ? null : 'mismatch'),
  });
}

export interface NewPasswordInput {
  password: string;
  confirmPassword: string;
}
export type NewPasswordField = keyof NewPasswordInput;

/** A new password from an e-mailed link: the registration rules for the account's e-mail, confirmed. */
export function newPasswordProblems(input: NewPasswordInput, email: string) {
  return problemsOf<NewPasswordField>(input, {
    password: (p: string) => checkPassword(p, email),
    confirmPassword: (c: string) => (c === '' ? 'required' : c === input.password ? null : 'mismatch'),
  });
}
