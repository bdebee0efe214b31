// A rental company's own records as its people type them: the company as the operator adds it, its
// profile as its admin keeps it (and later its branches and cars). Kept apart from validation.ts so a
// renter's pages do not load the company side's rules.
import { ADDRESS_MAX, checkEmail, NAME_MAX, UAE_MOBILE, uaeNationalDigits, type Problem } from './validation';
import { digitsOf, withoutBidiControls } from './text';

/** A company's names as renters read them: both required, subtitles optional; each fits a card. */
export interface CompanyNames {
  nameEn: string;
  nameAr: string;
  subtitleEn: string;
  subtitleAr: string;
}

function namesProblems(input: CompanyNames): Partial<Record<keyof CompanyNames, Problem>> {
  const fields: Partial<Record<keyof CompanyNames, Problem>> = {};
  for (const key of ['nameEn', 'nameAr'] as const) {
    const value = input[key].trim();
    if (value === '') fields[key] = 'required';
    else if (value.length > NAME_MAX) fields[key] = 'tooLong';
  }
  for (const key of ['subtitleEn', 'subtitleAr'] as const) if (input[key].trim().length > NAME_MAX) fields[key] = 'tooLong';
  return fields;
}

/** A new rental company as the platform's operator types it: both names, subtitles that fit, its admin's e-mail. */
export interface CompanyInput extends CompanyNames {
  adminEmail: string;
}

export function companyProblems(input: CompanyInput): Partial<Record<keyof CompanyInput, Problem>> {
  const fields: Partial<Record<keyof CompanyInput, Problem>> = namesProblems(input);
  const email = checkEmail(input.adminEmail);
  if (email) fields.adminEmail = email;
  return fields;
}

/**
 * A UAE VAT registration number (TRN) as printed on a certificate, in any spacing or script
 * (`100-1234-5678-9012-3`, Arabic-Indic digits): its 15 digits, starting 100; null when it is not one.
 */
export function normaliseTrn(raw: string): string | null {
  const digits = digitsOf(raw);
  return /^100\d{12}$/.test(digits) && digits.length === raw.replace(/[\s-]/g, '').length ? digits : null;
}

/** A UAE landline's national digits: an area code (2, 3, 4, 6, 7 or 9) and seven more. */
const UAE_LANDLINE = /^[234679]\d{7}$/;

/**
 * A UAE number a renter can call: a landline (`04 234 5678`: area code 2, 3, 4, 6, 7 or 9), a mobile
 * (`050 123 4567`) as `+971…`, or a toll-free `800` number as dialled; null when it is none of these.
 */
export function normaliseUaePhone(raw: string): string | null {
  const digits = digitsOf(raw);
  if (raw.replace(/[\s()-]/g, '').replace(/^\+/, '').length !== digits.length) return null;
  if (/^800\d{3,7}$/.test(digits)) return digits;
  const national = uaeNationalDigits(raw);
  return UAE_LANDLINE.test(national) || UAE_MOBILE.test(national) ? `+971${national}` : null;
}

/** A number as `normaliseUaePhone` keeps it, grouped as it is read aloud: `+971 4 234 5678`, `+971 50 123 4567`, `800 1234`. */
export function formatUaePhone(phone: string): string {
  const local = /^\+971(5\d|\d)(\d{3})(\d{4})$/.exec(phone);
  if (local) return `+971 ${local[1]} ${local[2]} ${local[3]}`;
  return /^800\d+$/.test(phone) ? `800 ${phone.slice(3)}` : phone;
}

/** What a company's admin keeps of it: the names renters read, its VAT number, address, support line and own clauses. */
export interface CompanyProfileInput extends CompanyNames {
  /** Optional: a company below the VAT threshold has none. */
  trn: string;
  addressEn: string;
  addressAr: string;
  supportPhone: string;
  /** Its own clauses of the rental agreement, one a line, in each language (none: the standard agreement alone). */
  clausesEn: string;
  clausesAr: string;
}

/** At most this many clauses of the company's own, each at most CLAUSE_MAX characters. */
export const CLAUSES_MAX = 8;
export const CLAUSE_MAX = 600;

/** A company's own clauses as the agreement numbers them: one a line, blank lines left out. */
export const clausesOf = (text: string): string[] =>
  withoutBidiControls(text)
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

export function companyProfileProblems(input: CompanyProfileInput): Partial<Record<keyof CompanyProfileInput, Problem>> {
  const fields: Partial<Record<keyof CompanyProfileInput, Problem>> = namesProblems(input);
  if (input.trn.trim() !== '' && !normaliseTrn(input.trn)) fields.trn = 'trn';
  for (const key of ['addressEn', 'addressAr'] as const) {
    const value = input[key].trim();
    if (value === '') fields[key] = 'required';
    else if (value.length > ADDRESS_MAX) fields[key] = 'tooLong';
  }
  if (input.supportPhone.trim() === '') fields.supportPhone = 'required';
  else if (!normaliseUaePhone(input.supportPhone)) fields.supportPhone = 'phone';
  // The agreement reads the same in both languages: each clause in both, too long nowhere.
  const [en, ar] = [clausesOf(input.clausesEn), clausesOf(input.clausesAr)];
  if (en.length > CLAUSES_MAX || en.some((c) => c.length > CLAUSE_MAX)) fields.clausesEn = 'tooLong';
  if (ar.length > CLAUSES_MAX || ar.some((c) => c.length > CLAUSE_MAX)) fields.clausesAr = 'tooLong';
  else if (ar.length !== en.length) fields.clausesAr = 'clausesMatch';
  return fields;
}

/** A company's picture as uploaded (a logo, a car's photo): JPEG, PNG or WebP, 10 MB at most. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** What the browser can tell of a picture before sending it: one is chosen, says it is a type we take, and fits. */
export function pictureProblem(file: { type: string; size: number } | null): Extract<Problem, 'required' | 'imageType' | 'imageSize'> | null {
  if (!file) return 'required';
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'imageType';
  return file.size > IMAGE_MAX_BYTES ? 'imageSize' : null;
}
