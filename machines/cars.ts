// A rental company's cars as its admin types them: the plate (emirate, code, number), what the car is
// and what it costs. Apart from company.ts so that the pages that only show a company (a contract, the
// operator's list) do not load the fleet's rules.
import { CAR_CATEGORIES, FUELS, TRANSMISSIONS, type CarCategory, type CarPicture, type CarSpecs } from './fleet';
import { fromDubaiInput } from './booking';
import { aed, DAY_MS, type Fils } from './money';
import { parseAmount } from './returns';
import { latinDigits, normaliseName } from './text';
import { NAME_MAX, type Problem } from './validation';

/**
 * What can be wrong with a car as typed: the forms' problems, and the fleet's own (worded in the
 * company's catalog, so a renter's forms do not carry them).
 */
export type CarProblem = Problem | 'plate' | 'plateTaken' | 'outOfRange' | 'wholeNumber' | 'blockOver' | 'beforeStart' | 'blockTooLong' | 'photoLimit';

/** Photos a car can have: the first is the one renters see; the others show it on its page. */
export const CAR_PHOTOS_MAX = 6;

/** The emirates that issue plates, as a plate names them (stored and shown in Latin script, as on the plate). */
export const PLATE_EMIRATES = ['Dubai', 'Abu Dhabi', 'Sharjah', 'Ajman', 'Umm Al Quwain', 'Ras Al Khaimah', 'Fujairah'] as const;
export type PlateEmirate = (typeof PLATE_EMIRATES)[number];

/** A plate's parts: the emirate, its code (one or two letters, or a number up to 50) and a number of one to five digits. */
export interface PlateParts {
  emirate: string;
  code: string;
  number: string;
}

const PLATE_CODE = /^([A-Z]{1,2}|[1-9]\d?)$/;
const PLATE_NUMBER = /^[1-9]\d{0,4}$/;

/** A plate's code as kept (`K`, `5`), or null when it is not one. */
const plateCode = (raw: string) => {
  const code = latinDigits(raw).trim().toUpperCase();
  return PLATE_CODE.test(code) && !(Number(code) > 50) ? code : null;
};

/** The plate as it is kept and printed (`Dubai K 48213`), or null when its parts are not a UAE plate. */
export function plateOf(parts: PlateParts): string | null {
  const emirate = PLATE_EMIRATES.find((e) => e === parts.emirate);
  const code = plateCode(parts.code);
  const number = latinDigits(parts.number).trim();
  return emirate && code && PLATE_NUMBER.test(number) ? `${emirate} ${code} ${number}` : null;
}

/** A kept plate read back into its parts (the form's fields); empty parts when it is not one. */
export function plateParts(plate: string): PlateParts {
  const emirate = PLATE_EMIRATES.find((e) => plate.startsWith(`${e} `));
  const [code = '', number = ''] = emirate ? plate.slice(emirate.length + 1).split(' ') : [];
  return { emirate: emirate ?? '', code, number };
}

/** The emirate as feeds abbreviate it, at the start of a plate. */
const EMIRATES: [RegExp, string][] = [
  [/^(DUBAI|DXB)/, 'DUBAI'],
  [/^(ABUDHABI|AUH|AD)/, 'ABUDHABI'],
  [/^(SHARJAH|SHJ)/, 'SHARJAH'],
  [/^(AJMAN|AJM)/, 'AJMAN'],
  [/^(UMMALQUWAIN|UAQ)/, 'UMMALQUWAIN'],
  [/^(RASALKHAIMAH|RAK)/, 'RASALKHAIMAH'],
  [/^(FUJAIRAH|FUJ)/, 'FUJAIRAH'],
];

/** A plate as authorities write it in any spacing or case ("DXB-A-12345", "AUH 5 22871"): letters and digits only. */
export function plateKey(plate: string) {
  const bare = plate.toUpperCase().replace(/[^A-Z0-9]/g, '');
  for (const [short, emirate] of EMIRATES) if (short.test(bare)) return bare.replace(short, emirate);
  return bare;
}

/** The sensible range of each figure of a car: a rate of zero or of a million is a typing mistake. */
export const CAR_LIMITS = {
  dailyRate: { min: 1, max: aed(50_000) },
  deposit: { min: 0, max: aed(50_000) },
  odometerKm: { min: 0, max: 1_500_000 },
  tankLitres: { min: 20, max: 200 },
} as const;

/** A car as its company's admin types it: the plate's parts, what it is, what it costs, how it is now. */
export interface CarInput extends PlateParts {
  model: string;
  category: string;
  /** Dirhams, as typed. */
  dailyRate: string;
  deposit: string;
  odometerKm: string;
  tankLitres: string;
  /** The id of the company's branch the car belongs to. */
  homeBranch: string;
}
/** A car's technical facts as typed: each may be left empty (the pickup screen then leaves it out). */
export interface SpecsInput {
  year?: string;
  seats?: string;
  transmission?: string;
  fuel?: string;
  engineEn?: string;
  engineAr?: string;
  horsepower?: string;
  topSpeedKmh?: string;
}
export type CarField = keyof CarInput | keyof SpecsInput;

/** A car's facts as kept (machines/fleet.ts `Car` without its id and company), from a form that has no problems. */
export interface CarValues {
  plate: string;
  model: string;
  category: CarCategory;
  picture: CarPicture;
  dailyRate: Fils;
  deposit: Fils;
  odometerKm: number;
  tankLitres: number;
  homeBranchId: string;
  specs: CarSpecs;
}

/** An amount in fils as the form shows it to be typed again: `240`, `2.85`. */
export const amountText = (fils: Fils) => (fils % 100 === 0 ? String(fils / 100) : (fils / 100).toFixed(2));

const wholeNumber = (text: string) => {
  const t = latinDigits(text).trim().replace(/[,\s\u066C]/g, '');
  return /^\d{1,9}$/.test(t) ? Number(t) : null;
};

const inRange = (value: number, { min, max }: { min: number; max: number }) => value >= min && value <= max;

/** The sensible range of each counted fact (a car of 1,990 seats is a typing slip). */
const SPEC_LIMITS = {
  year: { min: 1990, max: 2100 },
  seats: { min: 1, max: 15 },
  horsepower: { min: 40, max: 2000 },
  topSpeedKmh: { min: 60, max: 450 },
} as const;
const ENGINE_MAX = 60;

/** A car's technical facts as typed: what is wrong by field, and those given. */
function checkSpecs(input: SpecsInput, problems: Partial<Record<CarField, CarProblem>>): CarSpecs {
  const specs: CarSpecs = {};
  for (const key of ['year', 'seats', 'horsepower', 'topSpeedKmh'] as const) {
    const typed = (input[key] ?? '').trim();
    if (typed === '') continue;
    const value = wholeNumber(typed);
    if (value === null) problems[key] = 'wholeNumber';
    else if (!inRange(value, SPEC_LIMITS[key])) problems[key] = 'outOfRange';
    else specs[key] = value;
  }
  const transmission = TRANSMISSIONS.find((x) => x === input.transmission);
  if (transmission) specs.transmission = transmission;
  const fuel = FUELS.find((x) => x === input.fuel);
  if (fuel) specs.fuel = fuel;
  // The engine in both languages or in neither: a renter reads it in theirs.
  const engine = { en: normaliseName(input.engineEn ?? ''), ar: normaliseName(input.engineAr ?? '') };
  for (const [key, lang] of [['engineEn', 'en'], ['engineAr', 'ar']] as const) {
    if (engine[lang].length > ENGINE_MAX) problems[key] = 'tooLong';
    else if (engine[lang] === '' && engine[lang === 'en' ? 'ar' : 'en'] !== '') problems[key] = 'required';
  }
  if (engine.en !== '' && engine.ar !== '') specs.engine = engine;
  return specs;
}

/** What is wrong with a car as typed, by field, and its values when nothing is. */
export function checkCar(input: CarInput & SpecsInput): { problems: Partial<Record<CarField, CarProblem>>; values: CarValues | null } {
  const problems: Partial<Record<CarField, CarProblem>> = {};
  const specs = checkSpecs(input, problems);
  for (const key of ['emirate', 'code', 'number', 'model', 'category', 'dailyRate', 'deposit', 'odometerKm', 'tankLitres', 'homeBranch'] as const)
    if (input[key].trim() === '') problems[key] = 'required';
  const plate = plateOf(input);
  if (!problems.emirate && !PLATE_EMIRATES.some((e) => e === input.emirate)) problems.emirate = 'required';
  if (!plate && !problems.emirate && !problems.code && !problems.number)
    problems[plateCode(input.code) ? 'number' : 'code'] = 'plate';
  if (!problems.model && input.model.trim().length > NAME_MAX) problems.model = 'tooLong';
  const category = CAR_CATEGORIES.find((c) => c === input.category);
  if (!problems.category && !category) problems.category = 'required';
  const money = { dailyRate: parseAmount(input.dailyRate), deposit: parseAmount(input.deposit) };
  const counts = { odometerKm: wholeNumber(input.odometerKm), tankLitres: wholeNumber(input.tankLitres) };
  for (const key of ['dailyRate', 'deposit'] as const)
    if (!problems[key]) {
      const value = money[key];
      if (value === null) problems[key] = 'amount';
      else if (!inRange(value, CAR_LIMITS[key])) problems[key] = 'outOfRange';
    }
  for (const key of ['odometerKm', 'tankLitres'] as const)
    if (!problems[key]) {
      const value = counts[key];
      if (value === null) problems[key] = 'wholeNumber';
      else if (!inRange(value, CAR_LIMITS[key])) problems[key] = 'outOfRange';
    }
  if (Object.keys(problems).length > 0) return { problems, values: null };
  return {
    problems,
    values: {
      plate: plate!,
      model: normaliseName(input.model),
      category: category!,
      picture: category === 'suv' || category === 'sports' ? category : 'sedan',
      dailyRate: money.dailyRate!,
      deposit: money.deposit!,
      odometerKm: counts.odometerKm!,
      tankLitres: counts.tankLitres!,
      homeBranchId: input.homeBranch.trim(),
      specs,
    },
  };
}

/** The longest maintenance block: a car out for longer is set to maintenance (or retired) instead. */
export const BLOCK_MAX_DAYS = 90;
export const BLOCK_NOTE_MAX = 200;

/** A maintenance block as the admin types it: Dubai wall-clock times, as `<input type="datetime-local">` gives them. */
export interface BlockInput {
  from: string;
  until: string;
  note: string;
}
export type BlockField = keyof BlockInput;

/** What is wrong with a maintenance block as typed at `now`, by field, and its period when nothing is. */
export function checkBlock(
  input: BlockInput,
  now: number,
): { problems: Partial<Record<BlockField, CarProblem>>; values: { from: number; until: number; note: string } | null } {
  const problems: Partial<Record<BlockField, CarProblem>> = {};
  const from = fromDubaiInput(input.from.trim());
  const until = fromDubaiInput(input.until.trim());
  if (input.from.trim() === '') problems.from = 'required';
  else if (from === null) problems.from = 'date';
  if (input.until.trim() === '') problems.until = 'required';
  else if (until === null) problems.until = 'date';
  else if (until <= now) problems.until = 'blockOver';
  else if (from !== null && until <= from) problems.until = 'beforeStart';
  else if (from !== null && until - from > BLOCK_MAX_DAYS * DAY_MS) problems.until = 'blockTooLong';
  const note = normaliseName(input.note);
  if (note.length > BLOCK_NOTE_MAX) problems.note = 'tooLong';
  if (Object.keys(problems).length > 0) return { problems, values: null };
  // A block that began earlier holds the car from now: what is past is no one's to book.
  return { problems, values: { from: Math.max(from!, now), until: until!, note } };
}
