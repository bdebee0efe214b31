import type { Catalog, Lang } from './en';
import { RECORD_KEY } from '../../machines/recordKey.ts';

// One table maps each screen to its path in both languages: `/payment` and `/arabic/payment` are
// one screen. Home is the exception the product fixes: `/home` in English, `/arabic` in Arabic.

export type ScreenId = keyof Catalog['titles'];

export const SLUGS: Record<ScreenId, string> = {
  home: 'home',
  registration: 'registration',
  logIn: 'log-in',
  rentalContract: 'rental-contract',
  services: 'services',
  contracts: 'contracts',
  transferLogic: 'transfer-logic',
  payment: 'payment',
  carPickup: 'car-pickup',
  trafficViolation: 'traffic-violation',
  carReturn: 'car-return',
  bookingDetails: 'booking-details',
  account: 'account',
  pastRentals: 'past-rentals',
  helpSupport: 'help-support',
  notifications: 'notifications',
  offers: 'offers',
  emergencyAssistance: 'emergency-assistance',
  insurancePolicy: 'insurance-policy',
  search: 'search',
  reservations: 'reservations',
  handovers: 'handovers',
  staff: 'staff',
  join: 'join',
  operator: 'operator',
  dashboard: 'dashboard',
  company: 'company',
  fleet: 'fleet',
};

export const SCREEN_IDS = Object.keys(SLUGS) as ScreenId[];

/** The company's own screens (and the operator's): loaded through src/app/staffScreens.ts, with no renter's tabs. */
export const STAFF_SCREEN_IDS = ['contracts', 'transferLogic', 'handovers', 'staff', 'join', 'operator', 'dashboard', 'company', 'fleet'] as const satisfies readonly ScreenId[];
export type StaffScreenId = (typeof STAFF_SCREEN_IDS)[number];

/** Screens whose header shows the logo instead of a text title. */
export const LOGO_SCREENS: ReadonlySet<ScreenId> = new Set(['home', 'registration', 'logIn']);

export const ARABIC_ROOT = '/arabic';

/** Screens that also open one record by its key (`/contracts/MC-2026-0412`); without it, the list or the latest. */
export const PARAM_SCREENS: ReadonlySet<ScreenId> = new Set(['contracts', 'transferLogic', 'bookingDetails', 'handovers', 'fleet']);
const PARAM = RECORD_KEY;

export function pathOf(id: ScreenId, lang: Lang, param?: string): string {
  const base = lang === 'ar' ? (id === 'home' ? ARABIC_ROOT : `${ARABIC_ROOT}/${SLUGS[id]}`) : `/${SLUGS[id]}`;
  return param && PARAM_SCREENS.has(id) ? `${base}/${encodeURIComponent(param)}` : base;
}

/** What a pathname is: the index, a known screen (with its record's key), or nothing we know, and in which language. */
export type Resolved =
  | { kind: 'index'; lang: 'en' }
  | { kind: 'screen'; lang: Lang; id: ScreenId; param?: string }
  | { kind: 'notFound'; lang: Lang };

const BY_PATH = new Map<string, { id: ScreenId; lang: Lang }>(
  SCREEN_IDS.flatMap((id) => [
    [pathOf(id, 'en'), { id, lang: 'en' as const }],
    [pathOf(id, 'ar'), { id, lang: 'ar' as const }],
  ]),
);

export function resolvePath(pathname: string): Resolved {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/' || path === '/all') return { kind: 'index', lang: 'en' };
  const hit = BY_PATH.get(path);
  if (hit) return { kind: 'screen', ...hit };
  const cut = path.lastIndexOf('/');
  const parent = BY_PATH.get(path.slice(0, cut));
  const param = path.slice(cut + 1);
  if (parent && PARAM_SCREENS.has(parent.id) && PARAM.test(param)) return { kind: 'screen', ...parent, param };
  const lang: Lang = path === ARABIC_ROOT || path.startsWith(`${ARABIC_ROOT}/`) ? 'ar' : 'en';
  return { kind: 'notFound', lang };
}

/** The same screen in the other language; the index and unknown pages go to the other home. */
export function otherLanguagePath(resolved: Resolved): string {
  const other: Lang = resolved.lang === 'ar' ? 'en' : 'ar';
  return resolved.kind === 'screen' ? pathOf(resolved.id, other, resolved.param) : pathOf('home', other);
}
