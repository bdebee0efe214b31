// A rental company's branches as its admin types them: where renters pick cars up and return them
// (one of the places renters choose from, machines/fleet.ts LOCATIONS), its names and address in both
// languages, where it is on the map and when it is open. Search and booking offer a company's cars only
// for a trip whose pickup and return fall in the hours of its branches at those places.
import { DUBAI_OFFSET_MS } from './booking';
import { isLocationId, type LocationId } from './fleet';
import { latinDigits, normaliseName } from './text';
import { ADDRESS_MAX, NAME_MAX, parseCoordinates, type Problem } from './validation';

/** What can be wrong with a branch as typed (worded in the company's catalog). */
export type BranchProblem = Problem | 'time' | 'closesBeforeOpening' | 'noHours' | 'outsideUae' | 'placeTaken';

/** A day's hours, Dubai wall clock (`08:00` to `22:00`; kept as `24:00` when it closes at midnight). */
export interface DayHours {
  open: string;
  close: string;
}
/** A week's hours, by weekday as JavaScript counts them (0 Sunday … 6 Saturday); null is closed all day. */
export type WeekHours = (DayHours | null)[];

/** The days in the order a UAE week is shown: Monday first (the weekend is Saturday and Sunday). */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** Open around the clock, every day: an airport desk. */
export const ALWAYS_OPEN: WeekHours = Array.from({ length: 7 }, () => ({ open: '00:00', close: '24:00' }));

/** A branch as its admin types it: strings as the form gives them, and each day's hours. */
export interface BranchInput {
  nameEn: string;
  nameAr: string;
  place: string;
  addressEn: string;
  addressAr: string;
  /** `25.2528, 55.3644`: latitude, longitude. */
  coordinates: string;
  hours: { closed: boolean; open: string; close: string }[];
}
/** A form field: the text fields, or one day's opening or closing time (`open-1`, `close-1`), or the week as a whole. */
export type BranchField = Exclude<keyof BranchInput, 'hours'> | `open-${number}` | `close-${number}` | 'hours';

/** A branch's facts as kept, from a form that has no problems. */
export interface BranchValues {
  nameEn: string;
  nameAr: string;
  place: LocationId;
  addressEn: string;
  addressAr: string;
  lat: number;
  lng: number;
  hours: WeekHours;
}

/** The UAE on the map, generously: coordinates outside it are a slip (swapped, or another country's). */
const UAE = { lat: [22.5, 26.5], lng: [51, 56.6] } as const;

/** `8:00`, `08:00`, `٠٨:٠٠` → minutes after midnight; `24:00` is the end of the day. Null when not a time. */
export function minutesOf(raw: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(latinDigits(raw).trim());
  if (!m) return null;
  const [h, mi] = [Number(m[1]), Number(m[2])];
  if (mi > 59 || h > 24 || (h === 24 && mi > 0)) return null;
  return h * 60 + mi;
}
const timeText = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** What is wrong with a branch as typed, by field, and its values when nothing is. */
export function checkBranch(input: BranchInput): { problems: Partial<Record<BranchField, BranchProblem>>; values: BranchValues | null } {
  const problems: Partial<Record<BranchField, BranchProblem>> = {};
  for (const key of ['nameEn', 'nameAr'] as const) {
    const value = input[key].trim();
    if (value === '') problems[key] = 'required';
    else if (value.length > NAME_MAX) problems[key] = 'tooLong';
  }
  if (!isLocationId(input.place)) problems.place = 'required';
  for (const key of ['addressEn', 'addressAr'] as const) {
    const value = input[key].trim();
    if (value === '') problems[key] = 'required';
    else if (value.length > ADDRESS_MAX) problems[key] = 'tooLong';
  }
  const point = parseCoordinates(input.coordinates);
  if (input.coordinates.trim() === '') problems.coordinates = 'required';
  else if (!point) problems.coordinates = 'coordinates';
  else if (point.lat < UAE.lat[0] || point.lat > UAE.lat[1] || point.lng < UAE.lng[0] || point.lng > UAE.lng[1]) problems.coordinates = 'outsideUae';
  const hours: WeekHours = [];
  for (let day = 0; day < 7; day++) {
    const typed = input.hours[day];
    if (!typed || typed.closed) {
      hours.push(null);
      continue;
    }
    // Closing at 00:00 is closing at midnight, the end of the day (what a time input can type).
    const [open, closeTyped] = [minutesOf(typed.open), minutesOf(typed.close)];
    const close = closeTyped === 0 ? 24 * 60 : closeTyped;
    if (typed.open.trim() === '') problems[`open-${day}`] = 'required';
    else if (open === null || open === 24 * 60) problems[`open-${day}`] = 'time';
    if (typed.close.trim() === '') problems[`close-${day}`] = 'required';
    else if (close === null) problems[`close-${day}`] = 'time';
    else if (open !== null && close <= open) problems[`close-${day}`] = 'closesBeforeOpening';
    hours.push(open !== null && close !== null ? { open: timeText(open), close: timeText(close) } : null);
  }
  if (input.hours.length !== 7 || input.hours.every((d) => d.closed)) problems.hours = 'noHours';
  if (Object.keys(problems).length > 0) return { problems, values: null };
  return {
    problems,
    values: {
      nameEn: normaliseName(input.nameEn),
      nameAr: normaliseName(input.nameAr),
      place: input.place as LocationId,
      addressEn: input.addressEn.trim(),
      addressAr: input.addressAr.trim(),
      lat: point!.lat,
      lng: point!.lng,
      hours,
    },
  };
}

/** Whether a branch with these hours is open at `at` (epoch ms), by the Dubai wall clock. */
export function isOpenAt(hours: WeekHours, at: number): boolean {
  const wall = new Date(at + DUBAI_OFFSET_MS);
  const day = hours[wall.getUTCDay()];
  if (!day) return false;
  const minute = wall.getUTCHours() * 60 + wall.getUTCMinutes();
  return minute >= minutesOf(day.open)! && minute < minutesOf(day.close)!;
}

/** The form's values for a kept branch's week (a closed day shows empty times). */
export const hoursInput = (hours: WeekHours): BranchInput['hours'] =>
  Array.from({ length: 7 }, (_, day) => {
    const d = hours[day];
    return d ? { closed: false, open: d.open, close: d.close === '24:00' ? '00:00' : d.close } : { closed: true, open: '', close: '' };
  });
