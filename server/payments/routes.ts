// The payment provider's two ways back to us. Its webhook: no session and no Origin (the provider's
// server calls), its signature is what is checked; kept once by its event id and answered at once,
// the work done by the worker (./events.ts). The renter's browser back from the provider's page: the
// session named in the URL is read from the provider, and only for a booking of the signed-in renter;
// then the payment screen, which shows the booking as it really is (paid, refused, or still open).
import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import { bookings } from '../db/schema';
import type { AppEnv } from '../deps';
import { keepWebhook, syncCheckout } from './events';

/** A provider's event is a few KB; more is not the provider's. */
export const WEBHOOK_BODY_MAX = 256 * 1024;

export const webhookRoutes = new Hono<AppEnv>().post('/', async (c) => {
  const { deps } = c.var;
  const signature = c.req.header('stripe-signature');
  const payload = await c.req.text();
  const event = signature ? await deps.gateway.verifyWebhook(payload, signature) : null;
  if (!event) return c.json({ error: 'badSignature' as const }, 400);
  if (await keepWebhook(deps, event)) deps.payments.nudge();
  // A duplicate is answered as the first was: the provider stops sending it.
  return c.json({ received: true });
});

const SESSION_ID = /^cs_[A-Za-z0-9_]{8,200}$/;

export const paymentRoutes = new Hono<AppEnv>().get('/return', async (c) => {
  const { deps, user } = c.var;
  const sessionId = c.req.query('session') ?? '';
  // Back to the payment screen in the language the page was opened in (else the account's).
  const lang = c.req.query('lang');
  const arabic = lang === 'ar' || (lang !== 'en' && user?.language === 'ar');
  const screen = `${arabic ? '/arabic' : ''}/payment`;
  if (!user || user.role !== 'renter' || !SESSION_ID.test(sessionId)) return c.redirect(screen, 303);
  const [row] = await deps.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.renterId, user.id), eq(bookings.paymentSessionId, sessionId)));
  // A replayed or altered return names no open session of this renter's: the screen says where the booking is.
  if (row) {
    await syncCheckout(deps, row.id).catch((error: unknown) =>
      deps.log.error('payment: the return could not be checked with the provider now', { reason: error instanceof Error ? error.message : 'unknown' }),
    );
  }
  return c.redirect(screen, 303);
});
