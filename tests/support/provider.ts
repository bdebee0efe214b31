// The payment stand-in as the tests use it: its test cards, and a renter typing one on its page (its
// own origin: a plain browser request, not our client), the bank's challenge answered if it asks.
import { startStandInProvider } from '../../server/payments/standin/server';
import { standInGateway } from '../../server/payments/setup';

/** The stand-in's test cards (server/payments/standin/cards.ts, docs/payments.md). */
export const CARDS = {
  approved: '4242 4242 4242 4242',
  challenge: '4000 0025 0000 3155',
  alwaysAuthenticate: '4000 0000 0000 3220',
  challengeFails: '4000 0084 0000 1629',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  expired: '4000 0000 0000 0069',
  noExtendedAuthorisation: '4000 0000 0000 7512',
} as const;

/** A stand-in of the test's own, and the real adapter pointed at it. */
export async function localProvider() {
  const standIn = await startStandInProvider();
  return { standIn, gateway: standInGateway(standIn) };
}

/**
 * The card typed on the provider's page at `url` (and its challenge answered: `challenge`; `leave`:
 * the tab closed at the challenge). The page's last answer: 303 to the merchant's return URL when
 * paid, else the page again with why.
 */
export async function typeCard(url: string, number: string = CARDS.approved, challenge: 'complete' | 'fail' | 'leave' = 'complete') {
  const form = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' as const });
  let answer = await fetch(url, form({ number, expiry: '12/30', cvc: '123', name: 'Mariam Al Suwaidi' }));
  const to = () => new URL(answer.headers.get('location') ?? '', url);
  if (answer.status === 303 && to().pathname.startsWith('/3ds/') && challenge !== 'leave') answer = await fetch(to(), form({ outcome: challenge }));
  return answer;
}

/** Everything the provider has said so far (its webhooks, delivered in-process) has been taken in by the server of `deps`. */
export async function providerHeardBy(deps: import('../../server/deps').Deps) {
  const { providerEvents } = await import('../../server/db/schema');
  const { isNull } = await import('drizzle-orm');
  const { takeInPaymentEvents } = await import('../../server/payments/events');
  // Every webhook the provider has sent has been answered (kept), then none is left undone.
  await deps.paymentsStandIn?.delivered();
  for (let i = 0; i < 400 && (await deps.db.select().from(providerEvents).where(isNull(providerEvents.doneAt))).length > 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await takeInPaymentEvents(deps);
}
