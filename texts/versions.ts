// Every wording of the agreement that renters have signed, by version. A change of wording is a new
// version: its texts are added here and CONTRACT_VERSION (machines/journey-rules.ts) moves to it; an
// old version is never changed or removed, so a signed agreement always prints as it was signed.
// The server's only (the contract screen shows the current one, ./agreement.en.ts).
import type { Words } from './agreement.en';
import en from './agreement.en';
import ar from './agreement.ar';

export type AgreementVersions = Readonly<Record<string, { en: Words; ar: Words }>>;

export const AGREEMENT_VERSIONS: AgreementVersions = {
  '2026-11': { en, ar },
};
