// The renter's card on file, as the Payment screen offers it: apart from the app's client (./api.ts)
// so that pages which never take a payment (Home) do not carry these calls.
import type { CardOnFile } from '../../machines/validation';
import { answer, type createApi } from './api';

type Api = Pick<ReturnType<typeof createApi>, 'typed'>;

/** Its last 4 digits, brand and expiry, or null (never the gateway's token). */
export const cardOnFile = (api: Api) => answer<{ card: CardOnFile | null }>(api.typed.account.card.$get());

/** Forgets it: the next payment types a card. */
export const forgetCard = (api: Api) => answer<{ card: null }>(api.typed.account.card.$delete());
