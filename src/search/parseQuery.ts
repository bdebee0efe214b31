// What a renter types in the Home search box ("SUV Dubai Marina", "مطار أبوظبي غدًا 10 صباحًا",
// "Yaris from DXB to Sharjah for 5 days"), understood as far as it can be: a car type, the places, the
// company, the dates. Pure and forgiving: what is not understood is left for the search form to ask.
import { defaultTrip, fromDubaiInput, toDubaiInput } from '../../machines/booking';
import { LOCATIONS, type CarCategory, type CompanyId, type LocationId } from '../../machines/fleet';
import { DAY_MS } from '../../machines/money';
import { latinDigits } from '../../machines/text';
import { LOCATION_NAMES } from '../data/content';

export interface Understood {
  type?: CarCategory;
  pickup?: LocationId;
  dropoff?: LocationId;
  company?: CompanyId;
  /** Dubai wall-clock values, as `<input type="datetime-local">` holds them. */
  from?: string;
  to?: string;
  /** The words it could not use, as typed (the search says so, so nothing is dropped silently). */
  unused?: string;
}

/**
 * One spelling for the many ways both languages write a word: lower case, Latin digits, Arabic
 * without diacritics or tatweel, hamza seats and taa marbuta folded (أبوظبي = ابوظبي, رياضية = رياضيه).
 * Date and time separators (- / :) stay; other punctuation becomes a space.
 */
export function normalise(text: string): string {
  return latinDigits(text)
    .toLowerCase()
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .replace(/[أإآ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    // "dubai-marina" reads as two words; a hyphen between digits is a date's (2026-12-05).
    .replace(/(\p{L})-(?=\p{L})/gu, '$1 ')
    .replace(/[^\p{L}\p{N}\-/:]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

// ---- words for car types (the first listed wins: a "luxury SUV" is an SUV, a "luxury sedan" luxury) ----

const TYPE_WORDS: [CarCategory, string[]][] = [
  ['suv', ['suv', 'suvs', '4x4', '4wd', 'jeep', 'off road', 'offroad', 'دفع رباعي', 'رباعي', 'جيب']],
  ['sports', ['sports', 'sport', 'sportscar', 'coupe', 'convertible', 'رياضي', 'كوبيه']],
  ['luxury', ['luxury', 'premium', 'executive', 'فاخر', 'فخم', 'فارهه']],
  ['economy', ['economy', 'compact', 'budget', 'cheap', 'cheapest', 'small', 'اقتصادي', 'صغيره', 'رخيص']],
  ['standard', ['standard', 'sedan', 'sedans', 'saloon', 'midsize', 'سيدان', 'عاديه', 'صالون']],
];

// ---- words for places and companies ----

type Target = { place: LocationId } | { company: CompanyId } | { airport: true };

/** "airport" alone: which one is read from the emirate next to it, Dubai's main airport otherwise. */
const GENERIC_AIRPORT = ['airport', 'the airport', 'مطار', 'المطار'];

const PLACE_WORDS: Record<LocationId, string[]> = {
  'dxb-t3': ['dxb', 'dubai airport', 'dubai international', 'terminal 3', 'مطار دبي', 'مطار دبي الدولي'],
  dwc: ['dwc', 'al maktoum', 'maktoum', 'dubai world central', 'world central', 'مكتوم', 'مطار ال مكتوم', 'دبي وورلد سنترال'],
  auh: ['auh', 'abu dhabi airport', 'abudhabi airport', 'zayed airport', 'zayed international', 'مطار ابوظبي', 'مطار ابو ظبي', 'مطار زايد'],
  shj: ['shj', 'sharjah airport', 'مطار الشارقه', 'مطار شارقه'],
  downtown: ['downtown', 'burj khalifa', 'dubai mall', 'dubai', 'وسط دبي', 'وسط مدينه دبي', 'داون تاون', 'برج خليفه', 'دبي'],
  'dubai-marina': ['dubai marina', 'marina', 'jbr', 'دبي مارينا', 'مارينا', 'المارينا'],
  'abu-dhabi-city': ['abu dhabi', 'abudhabi', 'corniche', 'ابوظبي', 'ابو ظبي', 'الكورنيش', 'كورنيش'],
  'sharjah-city': ['sharjah', 'al majaz', 'majaz', 'الشارقه', 'شارقه', 'المجاز'],
  'al-ain': ['al ain', 'alain', 'العين'],
  'ajman-city': ['ajman', 'عجمان'],
  'uaq-city': ['umm al quwain', 'umm al qaiwain', 'uaq', 'ام القيوين'],
  rkt: ['rkt', 'rak airport', 'ras al khaimah airport', 'مطار راس الخيمه'],
  'rak-city': ['ras al khaimah', 'rak', 'راس الخيمه'],
  fjr: ['fjr', 'fujairah airport', 'مطار الفجيره'],
  'fujairah-city': ['fujairah', 'fujeirah', 'الفجيره'],
};

/** The airport of the emirate a city branch is in: "airport in Abu Dhabi" is Zayed International. */
const AIRPORT_OF: Partial<Record<LocationId, LocationId>> = {
  downtown: 'dxb-t3',
  'dubai-marina': 'dxb-t3',
  'abu-dhabi-city': 'auh',
  'sharjah-city': 'shj',
  'rak-city': 'rkt',
  'fujairah-city': 'fjr',
};

// Company names are the server's records; these are the ways renters write them, so that
// "Marina Motors" is read as the company and not as the Dubai Marina branch.
const COMPANY_WORDS: Record<CompanyId, string[]> = {
  'elite-auto': ['elite auto', 'elite', 'ايليت'],
  'desert-drive': ['desert drive', 'ديزرت درايف'],
  'marina-motors': ['marina motors', 'مارينا موتورز'],
};

const PHRASES: { words: string; target: Target }[] = [
  ...GENERIC_AIRPORT.map((words) => ({ words, target: { airport: true } as const })),
  ...LOCATIONS.flatMap((place) =>
    [...PLACE_WORDS[place], LOCATION_NAMES[place].en, LOCATION_NAMES[place].ar].map((words) => ({
      words: normalise(words),
      target: { place },
    })),
  ),
  ...(Object.keys(COMPANY_WORDS) as CompanyId[]).flatMap((company) =>
    COMPANY_WORDS[company].map((words) => ({ words: normalise(words), target: { company } })),
  ),
  // Longest first, so "dubai marina" is taken before "dubai", "abu dhabi airport" before "abu dhabi".
].sort((a, b) => b.words.length - a.words.length);

/** Arabic writes "in Dubai" as one word (بدبي, والشارقة): Arabic phrases may follow a prefix. */
const ARABIC = /[\u0600-\u06FF]/;
const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

/** The car types' words as the text is written (normalised once), in TYPE_WORDS' order. */
const TYPE_PHRASES = TYPE_WORDS.flatMap(([type, words]) => words.map((w) => ({ type, word: normalise(w), arabic: ARABIC.test(w) })));

/** `text` with its characters from `start` to `end` blanked: read, so not read again. */
const blank = (text: string, start: number, end: number) => text.slice(0, start) + ' '.repeat(end - start) + text.slice(end);

interface Found {
  start: number;
  end: number;
  target: Target;
}

/** Every phrase found, longest first where they overlap, in reading order. */
function findPhrases(text: string): Found[] {
  const found: Found[] = [];
  const taken = new Array<boolean>(text.length).fill(false);
  for (const { words, target } of PHRASES) {
    for (let at = text.indexOf(words); at >= 0; at = text.indexOf(words, at + 1)) {
      const end = at + words.length;
      const before = text[at - 1];
      const startsWord = !isWordChar(before) || (ARABIC.test(words) && /[وبلف]/.test(before!) && !isWordChar(text[at - 2]));
      if (!startsWord || isWordChar(text[end]) || taken.slice(at, end).some(Boolean)) continue;
      taken.fill(true, at, end);
      found.push({ start: at, end, target });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** Words that may stand between "airport" and its emirate: "airport in Abu Dhabi", "مطار في الشارقة". */
const BETWEEN = /^(\s|in|at|of|near|في|ب)*$/;

/** The places in reading order; a bare "airport" is the airport of the emirate named next to it. */
function placesOf(text: string, found: Found[]): LocationId[] {
  const places: LocationId[] = [];
  for (let i = 0; i < found.length; i++) {
    const { target } = found[i]!;
    if ('place' in target) places.push(target.place);
    if (!('airport' in target)) continue;
    const neighbours = [found[i + 1], found[i - 1]];
    const next = neighbours.find(
      (n) =>
        n &&
        'place' in n.target &&
        AIRPORT_OF[n.target.place] &&
        BETWEEN.test(n.start > found[i]!.end ? text.slice(found[i]!.end, n.start) : text.slice(n.end, found[i]!.start)),
    );
    if (next && 'place' in next.target) {
      const city = next.target.place;
      // The city named before the airport was already counted: it was the airport's emirate.
      if (next === found[i - 1] && places.at(-1) === city) places.pop();
      else found.splice(i + 1, 1);
      places.push(AIRPORT_OF[city]!);
    } else places.push('dxb-t3');
  }
  return places;
}

// ---- dates, times and lengths ----

const DATE_WORDS: [RegExp, number][] = [
  [/day after tomorrow|بعد غد|بعد بكره/, 2],
  [/tomorrow|غدا|بكره|بكرا/, 1],
  [/today|tonight|اليوم|الليله/, 0],
];

const NEXT = '(?: القادم| القادمه| الجاي| الجايه| المقبل| المقبله)?';
/** [words, weekday (0 Sunday), whether today counts]: "next week", "this weekend", "on Friday", "الجمعة القادمة". */
const WEEK_WORDS: [RegExp, number, boolean][] = [
  [new RegExp(`\\bnext week\\b|الاسبوع (?:القادم|الجاي|المقبل)`), 1, false],
  [new RegExp(`\\b(?:this |the )?weekend\\b|(?:عطله )?نهايه (?:هذا )?الاسبوع|الويكند`), 6, true],
  ...['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map(
    (name, day) => [new RegExp(`\\b(?:next |this |on )?${name}\\b`), day, false] as [RegExp, number, boolean],
  ),
  ...['الاحد', 'الاثنين', 'الثلاثاء', 'الاربعاء', 'الخميس', 'الجمعه', 'السبت'].map(
    (name, day) => [new RegExp(`(?:يوم )?${name}${NEXT}`), day, false] as [RegExp, number, boolean],
  ),
];

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const pad = (n: number) => String(n).padStart(2, '0');

/** The day asked for, as YYYY-MM-DD in Dubai, and the text without it. */
function dayOf(text: string, today: string): { day?: string; rest: string } {
  const iso = /(\d{4})-(\d{1,2})-(\d{1,2})/.exec(text);
  if (iso) return { day: `${iso[1]}-${pad(+iso[2]!)}-${pad(+iso[3]!)}`, rest: text.replace(iso[0], ' ') };
  // Day first, as dates are written in the UAE: 5/12 is the 5th of December.
  const dm = /(?<![\d/])(\d{1,2})\/(\d{1,2})(?:\/(\d{2}|\d{4}))?(?![\d/])/.exec(text);
  if (dm) {
    const [, d, m, y] = dm;
    const year = y ? (y.length === 2 ? 2000 + +y : +y) : +today.slice(0, 4);
    let day = `${year}-${pad(+m!)}-${pad(+d!)}`;
    if (!y && day < today) day = `${year + 1}${day.slice(4)}`;
    return { day, rest: text.replace(dm[0], ' ') };
  }
  for (const [words, ahead] of DATE_WORDS) {
    const hit = words.exec(text);
    if (hit) return { day: addDays(today, ahead), rest: text.replace(hit[0], ' ') };
  }
  // A day of the week: the next one after today. Next week starts on its Monday; the weekend on its
  // Saturday (the UAE's weekend), today if it is Saturday.
  const weekday = new Date(`${today}T00:00Z`).getUTCDay();
  const after = (day: number, sameDay: boolean) => ((day - weekday + 7) % 7 || (sameDay ? 0 : 7));
  for (const [words, day, sameDay] of WEEK_WORDS) {
    const hit = words.exec(text);
    if (hit) return { day: addDays(today, after(day, sameDay)), rest: text.replace(hit[0], ' ') };
  }
  return { rest: text };
}

/** The time asked for, as HH:MM, and the text without it: 10am, 2:30 pm, 14:00, ١٠ صباحًا, 8 مساء. */
function timeOf(text: string): { time?: string; rest: string } {
  const twelve = /(?<![\d:])(\d{1,2})(?::(\d{2}))?\s*(am|pm|a m|p m|صباحا|صباح|الصبح|ص|مساء|مساءا|المساء|م)(?![\p{L}])/u.exec(text);
  if (twelve) {
    const [, h, min = '00', part] = twelve;
    const evening = /^(pm|p m|مساء|مساءا|المساء|م)$/.test(part!);
    const hour = (+h! % 12) + (evening ? 12 : 0);
    if (+h! >= 1 && +h! <= 12 && +min < 60) return { time: `${pad(hour)}:${min}`, rest: text.replace(twelve[0], ' ') };
  }
  const clock = /(?<![\d:])(\d{1,2}):(\d{2})(?![\d:])/.exec(text);
  if (clock && +clock[1]! < 24 && +clock[2]! < 60)
    return { time: `${pad(+clock[1]!)}:${clock[2]}`, rest: text.replace(clock[0], ' ') };
  return { rest: text };
}

/** How many days, and the text without it: "5 days", "a week", "٣ أيام", "يومين". */
function lengthOf(text: string): { days?: number; rest: string } {
  const n = /(\d{1,3})\s*(days?|nights?|ايام|يوم|ليال|ليالي|ليله)(?![\p{L}])/u.exec(text);
  if (n) return { days: +n[1]!, rest: text.replace(n[0], ' ') };
  const words: [RegExp, number][] = [
    [/\btwo weeks\b|اسبوعين/, 14],
    [/\b(?:a |one )?week\b|اسبوع/, 7],
    [/يومين/, 2],
  ];
  for (const [re, days] of words) {
    const hit = re.exec(text);
    if (hit) return { days, rest: text.replace(hit[0], ' ') };
  }
  return { rest: text };
}

/** The trip's times from what was said of them; nothing when nothing was. */
function timesOf(day: string | undefined, time: string | undefined, days: number | undefined, now: number) {
  if (!day && !time && days === undefined) return {};
  const today = toDubaiInput(now).slice(0, 10);
  let from: string;
  if (day) from = `${day}T${time ?? '10:00'}`;
  else if (time) {
    // A time alone is the next time the clock shows it.
    from = `${today}T${time}`;
    if ((fromDubaiInput(from) ?? 0) <= now) from = `${addDays(today, 1)}T${time}`;
  } else from = toDubaiInput(defaultTrip(now).pickupAt);
  const start = fromDubaiInput(from);
  // A date that does not exist (31/2) is kept as typed: the form says what is wrong with it.
  if (start === null) return { from };
  const { pickupAt, dropoffAt } = defaultTrip(now);
  return { from, to: toDubaiInput(start + (days !== undefined ? days * DAY_MS : dropoffAt - pickupAt)) };
}

/** Words that carry nothing to search by ("I need a car in Dubai"): never reported as unused. */
const FILLER = new Set(
  (
    'a an the in at on from to for of by near and or with me i my we need want looking rent rental renting hire car cars ' +
    'please until till pick pickup up drop dropoff off return back around about day days ' +
    'في من الي علي ب ل و مع او عن لي سياره سيارات استئجار ايجار تاجير اريد ابي ابغي ابغا حتي لمده مده يوم ايام'
  ).split(' '),
);

/** What the renter's words say about the search; only what was understood is set. */
export function parseQuery(text: string, now: number): Understood {
  let rest = normalise(text);
  const today = toDubaiInput(now).slice(0, 10);
  const asked = dayOf(rest, today);
  const clock = timeOf(asked.rest);
  const length = lengthOf(clock.rest);
  rest = ` ${length.rest} `.replace(/\s+/g, ' ');

  const found = findPhrases(rest);
  // Words already read as a place or a company ("Marina Motors") are not read again as a type.
  const unclaimed = found.reduceRight((s, f) => blank(s, f.start, f.end), rest);
  const company = found.find((f) => 'company' in f.target)?.target;
  const [pickup, dropoff] = placesOf(rest, found);
  // Where a type's word stands, if it stands as a word of its own (Arabic ones may have a prefix).
  const typeWordAt = ({ word, arabic }: (typeof TYPE_PHRASES)[number]) => {
    const at = unclaimed.indexOf(word);
    return at >= 0 && (arabic || (!isWordChar(unclaimed[at - 1]) && !isWordChar(unclaimed[at + word.length]))) ? at : -1;
  };
  const type = TYPE_PHRASES.find((phrase) => typeWordAt(phrase) >= 0)?.type;
  // What is left once every place, company and type word is taken out ("luxury sedan" is all understood).
  let left = unclaimed;
  for (const phrase of TYPE_PHRASES) {
    const at = typeWordAt(phrase);
    if (at >= 0) left = blank(left, at, at + phrase.word.length);
  }
  const unread = new Set(left.split(' ').filter((w) => w && !FILLER.has(w) && !/^\d+$/.test(w)));
  // Said back as the renter typed them (with their own spelling and diacritics).
  const unused = text.split(/\s+/).filter((w) => normalise(w).split(' ').some((part) => unread.has(part)));

  const understood: Understood = { ...timesOf(asked.day, clock.time, length.days, now) };
  if (type) understood.type = type;
  if (pickup) understood.pickup = pickup;
  if (dropoff && dropoff !== pickup) understood.dropoff = dropoff;
  if (company && 'company' in company) understood.company = company.company;
  if (unused.length > 0) understood.unused = unused.join(' ');
  return understood;
}

/** What the Home box shows as chips of what it read, each of which the renter may leave out. */
export type ReadPart = 'type' | 'pickup' | 'dropoff' | 'company' | 'dates';

/** What was read, less the parts the renter left out (their chips turned off). */
export function without(understood: Understood, off: readonly ReadPart[]): Understood {
  const kept = { ...understood };
  for (const part of off) {
    if (part === 'dates') {
      delete kept.from;
      delete kept.to;
    } else delete kept[part];
  }
  return kept;
}
