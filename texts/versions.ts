// Every wording of the agreement that renters have signed, by version. A change of wording is a new
// version: its texts are added here and CONTRACT_VERSION (machines/journey-rules.ts) moves to it; an
// old version is never changed or removed, so a signed agreement always prints as it was signed.
// The server's only (the contract screen shows the current one, ./agreement.en.ts).
import type { Words } from './agreement.en';
import en from './agreement.en';
import ar from './agreement.ar';

export type AgreementVersions = Readonly<Record<string, { en: Words; ar: Words }>>;

/** The current wording with one clause's text as it was signed before. */
function withClause(words: Words, clause: keyof Words['agreement']['clauses'], text: string): Words {
  const before = structuredClone(words);
  before.agreement.clauses[clause].text = text;
  return before;
}

export const AGREEMENT_VERSIONS: AgreementVersions = {
  // Until December 2026 the deposit was held from payment (it is held from the pickup since).
  '2026-11': {
    en: withClause(
      en,
      'deposit',
      '{deposit} is held on the renter’s card, not charged, from payment until the return. Charges the renter accepts, or that are upheld after a dispute, are taken from it; the rest is released within {releaseDays} days of the return.',
    ),
    ar: withClause(
      ar,
      'deposit',
      'يُحجز مبلغ {deposit} على بطاقة المستأجر دون خصمه، من الدفع حتى إرجاع السيارة. تُقتطع منه الرسوم التي يقبلها المستأجر أو التي تُثبت بعد الاعتراض، ويُفرج عن الباقي خلال {releaseDays} يومًا من الإرجاع.',
    ),
  },
  '2026-12': { en, ar },
};
