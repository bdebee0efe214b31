// A rental company's own records as its people type them: the company (the operator's form), and later its
// branches and cars. Kept apart from validation.ts so a renter's pages do not load the company side's rules.
import { checkEmail, NAME_MAX, type Problem } from './validation';

/** A new rental company as the platform's operator types it: both names, subtitles that fit, its admin's e-mail. */
export interface CompanyInput {
  nameEn: string;
  nameAr: string;
  subtitleEn: string;
  subtitleAr: string;
  adminEmail: string;
}

export function companyProblems(input: CompanyInput): Partial<Record<keyof CompanyInput, Problem>> {
  const fields: Partial<Record<keyof CompanyInput, Problem>> = {};
  for (const key of ['nameEn', 'nameAr'] as const) {
    const value = input[key].trim();
    if (value === '') fields[key] = 'required';
    else if (value.length > NAME_MAX) fields[key] = 'tooLong';
  }
  for (const key of ['subtitleEn', 'subtitleAr'] as const) if (input[key].trim().length > NAME_MAX) fields[key] = 'tooLong';
  const email = checkEmail(input.adminEmail);
  if (email) fields.adminEmail = email;
  return fields;
}
