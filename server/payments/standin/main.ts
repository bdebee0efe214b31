// The payment stand-in as a process of its own (`node dist-server/payments-standin.js`), for a test
// that kills our server and needs the provider to outlive it, as a real one does: PORT, the keys our
// server is given (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, test keys only) and WEBHOOK_URL.
import { startStandInProvider } from './server';

const { PORT, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, WEBHOOK_URL } = process.env;
if (!PORT || !STRIPE_SECRET_KEY?.startsWith('sk_test_') || !STRIPE_WEBHOOK_SECRET || !WEBHOOK_URL) {
  console.error('payments stand-in: PORT, STRIPE_SECRET_KEY (sk_test_…), STRIPE_WEBHOOK_SECRET and WEBHOOK_URL are required');
  process.exit(1);
}
const standIn = await startStandInProvider({ port: Number(PORT), keys: { secretKey: STRIPE_SECRET_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET } });
standIn.deliverTo(WEBHOOK_URL);
console.log(`payments stand-in on ${standIn.origin}`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
