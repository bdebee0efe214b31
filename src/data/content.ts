// The app's fixed content: the cars the home page features, the places' names, the numbers and address
// renters call or write to, and the app's version. Amounts are fils.
import type { Lang } from '../i18n/en';
import type { CarId } from '../../machines/fleet';

export type Localized = Record<Lang, string>;

/** The three cars the home page features. */
export const FEATURED_CARS: readonly CarId[] = ['s-class', 'range-rover', '911'];


/** Names of the pick-up and drop-off places, shared with the server (texts/places.ts). */
export { LOCATION_NAMES } from '../../texts/places';

export const contactPhones = {
  roadside: '800 6683',
  support: '+971 4 123 4567',
  police: '999',
  ambulance: '998',
};

/** Example coordinates for the GPS field (Dubai), digits only so they read the same in both directions. */
export const GPS_EXAMPLE = '25.2048, 55.2708';

export const supportEmail = 'support@movecar.ae';

export const APP_VERSION = '1.2.1';
