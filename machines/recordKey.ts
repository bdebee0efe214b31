// A record's key where an address carries one (`/contracts/MC-2026-0412`, `/api/handovers/BK-…/photos`):
// the one rule the app's paths, the production server's pages, the service worker and the API share.

/** Letters, digits and dashes, 1 to 40 of them. */
export const RECORD_KEY_PART = '[A-Za-z0-9-]{1,40}';
export const RECORD_KEY = new RegExp(`^${RECORD_KEY_PART}$`);
