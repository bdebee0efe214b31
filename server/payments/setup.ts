// Which payment provider the server talks to: Stripe with the configured keys, or (none set) the
// local stand-in, started here on its own loopback port and reached through the same adapter.
import type { Config } from '../config';
import type { Logger } from '../deps';
import { stripeGateway } from './stripe';
import { startStandInProvider, type StandInProvider } from './standin/server';

export async function paymentsFor(config: Config, now: () => Date, log: Logger) {
  if (config.payments.stripe) return { gateway: stripeGateway(config.payments.stripe), standIn: null };
  const standIn = await startStandInProvider({ port: config.payments.localPort, now });
  // Until the server says where it listens (server/main.ts, server/dev.ts, the tests).
  standIn.deliverTo(`${config.publicOrigin}/api/payments/webhook`);
  if (config.production) log.info('payments: the local stand-in (no STRIPE_SECRET_KEY): test cards only, no real money', { standIn: standIn.origin });
  return { gateway: standInGateway(standIn), standIn };
}

/** The same adapter as for Stripe, pointed at the stand-in. */
export const standInGateway = (standIn: StandInProvider) =>
  stripeGateway({ secretKey: standIn.secretKey, webhookSecret: standIn.webhookSecret, apiOrigin: standIn.origin });
