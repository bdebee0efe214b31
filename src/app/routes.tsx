import { use, type ComponentType, type ReactNode } from 'react';
import { unstable_HistoryRouter as HistoryRouter, useRoutes, type RouteObject } from 'react-router-dom';
import type { Lang } from '../i18n/en';
import { keptLoads } from '../i18n/kept';
import { loadWords, useLocale, type Part } from '../i18n/locale';
import { PARAM_SCREENS, SCREEN_IDS, pathOf, type Resolved, type ScreenId, type StaffScreenId } from '../i18n/paths';
import { LeavingContext, type GuardedHistory } from '../ui/leaving';
import { Layout } from './Layout';

type ScreenModule = Promise<{ default: ComponentType }>;

/** A company screen, through the one module that names them (./staffScreens.ts). */
const staffScreen = (id: StaffScreenId): ScreenModule =>
  import('./staffScreens').then(({ STAFF_SCREENS }) => STAFF_SCREENS[id]());

/** Each screen's own chunk: a phone downloads only the screen it opens. */
export const SCREEN_LOADERS: Record<ScreenId, () => ScreenModule> = {
  home: () => import('../screens/home/Home'),
  registration: () => import('../screens/registration/Registration'),
  logIn: () => import('../screens/log-in/LogIn'),
  rentalContract: () => import('../screens/rental-contract/RentalContract'),
  services: () => import('../screens/services/Services'),
  contracts: () => staffScreen('contracts'),
  transferLogic: () => staffScreen('transferLogic'),
  payment: () => import('../screens/payment/Payment'),
  carPickup: () => import('../screens/car-pickup/CarPickup'),
  trafficViolation: () => import('../screens/traffic-violation/TrafficViolation'),
  carReturn: () => import('../screens/car-return/CarReturn'),
  bookingDetails: () => import('../screens/booking-details/BookingDetails'),
  account: () => import('../screens/account/Account'),
  pastRentals: () => import('../screens/past-rentals/PastRentals'),
  helpSupport: () => import('../screens/help-support/HelpSupport'),
  notifications: () => import('../screens/notifications/Notifications'),
  offers: () => import('../screens/offers/Offers'),
  emergencyAssistance: () => import('../screens/emergency-assistance/EmergencyAssistance'),
  insurancePolicy: () => import('../screens/insurance-policy/InsurancePolicy'),
  search: () => import('../screens/search/Search'),
  reservations: () => import('../screens/reservations/Reservations'),
  handovers: () => staffScreen('handovers'),
  staff: () => staffScreen('staff'),
  join: () => staffScreen('join'),
  operator: () => staffScreen('operator'),
  dashboard: () => staffScreen('dashboard'),
  company: () => staffScreen('company'),
  fleet: () => staffScreen('fleet'),
};

/** The pages that are not screens of the product: the index of every route, and "not found". */
type PageId = ScreenId | 'index' | 'notFound';
/** Every page's screen: the build reads this table to find each page's chunk (build/prerender.ts). */
export const PAGE_LOADERS: Record<PageId, () => ScreenModule> = {
  ...SCREEN_LOADERS,
  index: () => import('../screens/index/Index'),
  notFound: () => import('../screens/not-match/NotMatch'),
};

/**
 * The parts of the catalogs (i18n/locale.tsx) each page's screen reads, besides the common words:
 * loaded with its chunk, so that the screen does not wait for its words after its code. A test
 * (tests/words.test.ts) checks this against what the screen's modules name, and the build against
 * what each prerendered page read.
 */
export const WORDS_OF: Record<PageId, readonly Part[]> = {
  home: ['home'],
  registration: ['forms', 'account'],
  logIn: ['forms', 'account'],
  rentalContract: ['forms', 'rental', 'agreement'],
  services: ['search'],
  contracts: ['forms', 'account', 'manager', 'gate', 'counter', 'papers'],
  transferLogic: ['forms', 'manager', 'gate'],
  payment: ['forms', 'rental'],
  carPickup: ['forms', 'rental', 'emergency'],
  trafficViolation: ['forms', 'account', 'rental', 'manager', 'help'],
  carReturn: ['forms', 'rental', 'emergency'],
  bookingDetails: ['forms', 'search', 'rental', 'papers'],
  account: ['forms', 'account'],
  pastRentals: ['rental'],
  helpSupport: ['help'],
  notifications: ['account'],
  offers: ['forms', 'rental'],
  emergencyAssistance: ['forms', 'emergency'],
  insurancePolicy: ['emergency'],
  search: ['forms', 'search'],
  reservations: ['rental'],
  handovers: ['forms', 'manager', 'gate', 'counter', 'rental'],
  staff: ['forms', 'gate', 'staff'],
  join: ['forms', 'staff'],
  operator: ['forms', 'gate', 'staff'],
  dashboard: ['forms', 'gate', 'counter', 'staff', 'papers'],
  company: ['forms', 'gate', 'company'],
  fleet: ['forms', 'gate', 'fleet'],
  index: [],
  notFound: [],
};

const loaded = new Map<PageId, ComponentType>();

/**
 * Loads a screen's chunk ahead of time; once loaded, opening the screen never suspends for its code.
 * Kept (i18n/kept.ts): a render suspends on the same promise, and one that failed is thrown to
 * app/LoadBoundary.tsx, which shows the failure and lets the next opening ask again.
 */
const loadScreen = keptLoads((id: PageId) => PAGE_LOADERS[id]().then((module) => void loaded.set(id, module.default)));

/** Loads a screen's chunk and its words ahead of time: opening it then never suspends. */
export const preloadScreen = (id: PageId, lang: Lang) => Promise.all([loadScreen(id), loadWords(lang, WORDS_OF[id])]);

/** The page's screen id: a screen, the index or "not found". */
export const pageOf = (resolved: Resolved): PageId => (resolved.kind === 'screen' ? resolved.id : resolved.kind);

/**
 * The page a path shows, loaded before the first render: a prerendered page is hydrated with its
 * screen and words already there (no suspense, so the HTML stays as it is until React takes it over).
 */
export const preloadPage = (resolved: Resolved) => preloadScreen(pageOf(resolved), resolved.lang);

/** A page's screen: rendered at once when its chunk is loaded, else suspended until it is. */
function screenFor(id: PageId): ComponentType {
  return function Screen() {
    // The screen's words come alongside its code, not after it (cached: asked once). A failure is the
    // screen's to meet when it reads them.
    loadWords(useLocale().lang, WORDS_OF[id]).catch(() => undefined);
    // Always through use(), so a render that suspended here reads it here again when it retries
    // (React warns otherwise); once loaded, its kept promise is read at once (no suspense, ../i18n/kept.ts).
    use(loadScreen(id));
    const Loaded = loaded.get(id)!;
    return <Loaded />;
  };
}

const SCREENS = Object.fromEntries(SCREEN_IDS.map((id) => [id, screenFor(id)])) as Record<
  ScreenId,
  ComponentType
>;
const Index = screenFor('index');
const NotMatch = screenFor('notFound');

/** Every route of the app, English and Arabic; unknown paths fall to NotMatch. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <Index /> },
      { path: 'all', element: <Index /> },
      ...SCREEN_IDS.flatMap((id) => {
        const Screen = SCREENS[id];
        return (['en', 'ar'] as const).flatMap((lang) => [
          { path: pathOf(id, lang), element: <Screen /> },
          ...(PARAM_SCREENS.has(id) ? [{ path: `${pathOf(id, lang)}/:param`, element: <Screen /> }] : []),
        ]);
      }),
      { path: '*', element: <NotMatch /> },
    ],
  },
];

/** The screen for the router's location (the browser's history, a test's memory one, or the prerender's). */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The app in a browser: React Router's declarative router over the app's history, which a screen
 * with unsaved edits can hold (ui/leaving.tsx). `children` render beside the screen, inside the
 * router (a test reads there which location is on screen).
 */
export function AppRouter({ history, children }: { history: GuardedHistory; children?: ReactNode }) {
  return (
    <LeavingContext value={history}>
      <HistoryRouter history={history}>
        <AppRoutes />
        {children}
      </HistoryRouter>
    </LeavingContext>
  );
}
