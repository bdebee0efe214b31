// The renter's card on file, as Account shows it: apart from the app's client (./api.ts) so that
// pages which never show it (Home) do not carry these calls.
import type { CardOnFile } from '../../machines/validation';
import { answer, type createApi } from './api';

type Api = Pick<ReturnType<typeof createApi>, 'typed'>;

/** Its last 4 digits, brand and expiry, or null (never the provider's token). */
export const cardOnFile = (api: Api) => answer<{ card: CardOnFile | null }>(api.typed.account.card.$get());

/** Forgets it, at the provider too; refused (`cardInUse`) while a booking paid with it is open. */
export const forgetCard = (api: Api) => answer<{ card: null }>(api.typed.account.card.$delete());
