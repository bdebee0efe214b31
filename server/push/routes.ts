// Web Push for the signed-in renter's devices: the server's public key to subscribe with, a device's
// subscription kept or forgotten, and whether this device is on. The endpoint must be a browser's push
// service (server/push/services.ts).
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../deps';
import { requireRole } from '../auth/middleware';
import { jsonOnly } from '../http/security';
import { LATEST_INSTANT, validate } from '../http/validate';
import { pushServiceAllowed } from './services';
import { dropSubscription, isSubscribed, saveSubscription } from './store';

const base64url = (min: number, max: number) => z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/).min(min).max(max);
const endpoint = z.url().max(1000);

const subscriptionBody = z.object({
  endpoint,
  // The device's P-256 public key (65 bytes) and auth secret (16 bytes), base64url.
  keys: z.object({ p256dh: base64url(86, 90), auth: base64url(22, 24) }).strip(),
  expirationTime: z.number().min(0).max(LATEST_INSTANT).nullable().optional(),
});
const endpointBody = z.object({ endpoint }).strict();

export const pushRoutes = new Hono<AppEnv>()
  .use(requireRole('renter'))
  .get('/key', (c) => c.json({ publicKey: c.var.deps.push.publicKey }))
  .put('/subscription', jsonOnly, validate('json', subscriptionBody), async (c) => {
    const { endpoint, keys } = c.req.valid('json');
    if (!pushServiceAllowed(endpoint, c.var.deps.config.push.services))
      return c.json({ error: 'invalid' as const, fields: { endpoint: 'notAllowed' as const } }, 400);
    await saveSubscription(c.var.deps.db, c.var.user!.id, c.var.sessionToken!, { endpoint, keys });
    return c.json({ subscribed: true });
  })
  .post('/subscription/status', jsonOnly, validate('json', endpointBody), async (c) =>
    c.json({ subscribed: await isSubscribed(c.var.deps.db, c.var.user!.id, c.req.valid('json').endpoint) }),
  )
  .delete('/subscription', jsonOnly, validate('json', endpointBody), async (c) => {
    await dropSubscription(c.var.deps.db, c.var.user!.id, c.req.valid('json').endpoint);
    return c.json({ subscribed: false });
  });
