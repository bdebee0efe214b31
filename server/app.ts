// The HTTP API under /api. Every request gets the deps, the security checks and the session; every
// route then checks its role. Errors are JSON `{ error: code, fields? }`, never a stack trace.
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv, Deps } from './deps';
import { accountRoutes } from './auth/account';
import { authRoutes, beforeRegistrationBody, REGISTRATION_BODY_MAX } from './auth/routes';
import { sessionMiddleware } from './auth/middleware';
import { resetRoutes } from './auth/reset';
import { verifyRoutes } from './auth/verify';
import { emailUndoRoutes } from './auth/emailChange';
import { HashingBusy } from './auth/passwords';
import { demoRoutes } from './demo/routes';
import { documentRoutes, DOCUMENTS_BODY_MAX } from './documents/routes';
import { limitBodies, sameOrigin, securityHeaders } from './http/security';
import { journeyRoutes } from './journey/routes';
import { liveRoutes } from './live/routes';
import { contractRoutes } from './contracts/routes';
import { violationRoutes } from './violations/routes';
import { notificationRoutes } from './notifications/routes';
import { pushRoutes } from './push/routes';
import { companyRoutes } from './companies/routes';
import { carRoutes } from './cars/routes';
import { fleetRoutes } from './cars/fleet';
import { branchRoutes } from './branches/routes';
import { offerRoutes } from './offers/routes';
import { feedRoutes, IMPORT_BODY_MAX, importRoutes } from './imports/routes';
import { handoverRoutes } from './handovers/routes';
import { PHOTO_BODY_MAX } from './documents/photos';
import { IMAGE_BODY_MAX, imageRoutes } from './images/images';
import { profileRoutes } from './companies/profile';
import { incidentRoutes } from './incidents/routes';
import { taxDocumentRoutes } from './invoices/routes';
import { agreementRoutes } from './agreements/routes';
import { staffRoutes } from './staff/routes';
import { dashboardRoutes } from './dashboard/routes';
import { paymentRoutes, WEBHOOK_BODY_MAX, webhookRoutes } from './payments/routes';
import { invitationRoutes } from './staff/invitations';
import { operatorRoutes } from './staff/operator';
import { RECORD_KEY_PART } from '../machines/recordKey';

/** The routes, as the typed browser client (hono/client) sees them. */
export const api = new Hono<AppEnv>()
  .route('/auth', authRoutes)
  .route('/auth/password', resetRoutes)
  .route('/auth/email', verifyRoutes)
  .route('/auth/email', emailUndoRoutes)
  .route('/account', accountRoutes)
  .route('/bookings', journeyRoutes)
  .route('/documents', documentRoutes)
  .route('/companies', companyRoutes)
  .route('/company', profileRoutes)
  .route('/images', imageRoutes)
  .route('/cars', carRoutes)
  .route('/fleet', fleetRoutes)
  .route('/branches', branchRoutes)
  .route('/offers', offerRoutes)
  .route('/contracts', contractRoutes)
  .route('/imports', importRoutes)
  .route('/violations', violationRoutes)
  .route('/handovers', handoverRoutes)
  .route('/incidents', incidentRoutes)
  .route('/staff', staffRoutes)
  .route('/dashboard', dashboardRoutes)
  .route('/invitations', invitationRoutes)
  .route('/operator', operatorRoutes)
  .route('/tax-documents', taxDocumentRoutes)
  .route('/agreements', agreementRoutes)
  .route('/notifications', notificationRoutes)
  .route('/push', pushRoutes)
  .route('/payments', paymentRoutes)
  .route('/demo', demoRoutes)
  .route('/live', liveRoutes);

export type ApiType = typeof api;

export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use('*', securityHeaders(deps.config.production));
  app.use('/api/*', async (c, next) => {
    c.set('deps', deps);
    c.header('Cache-Control', 'no-store');
    // The clock the server decides by, for the screens that show a moment before asking it
    // (src/client/serverClock.ts); Node would otherwise write its own wall clock here.
    c.header('Date', deps.now().toUTCString());
    await next();
  });
  app.use('/api/auth/register', beforeRegistrationBody);
  app.use(
    '/api/*',
    limitBodies(
      { '/api/auth/register': REGISTRATION_BODY_MAX, '/api/documents': DOCUMENTS_BODY_MAX, '/api/imports': IMPORT_BODY_MAX, '/api/feeds/authority': IMPORT_BODY_MAX, '/api/payments/webhook': WEBHOOK_BODY_MAX },
      [
        [new RegExp(`^/api/handovers/(mine/)?${RECORD_KEY_PART}/photos$`), PHOTO_BODY_MAX],
        [/^\/api\/incidents\/photos$/, PHOTO_BODY_MAX],
        [/^\/api\/company\/logo$/, IMAGE_BODY_MAX],
        [/^\/api\/fleet\/[a-z0-9-]{1,40}\/photos$/, IMAGE_BODY_MAX],
      ],
    ),
  );
  // Authority feeds are other servers calling with the company's API key (no cookie, no Origin to check);
  // so is the payment provider, with its signature.
  app.route('/api/feeds', feedRoutes);
  app.route('/api/payments/webhook', webhookRoutes);
  app.use('/api/*', sameOrigin(deps.config.publicOrigin));
  app.use('/api/*', sessionMiddleware);
  app.route('/api', api);
  app.all('/api/*', (c) => c.json({ error: 'notFound' as const }, 404));
  app.onError(async (error, c) => {
    // More log-ins at once than the cores can hash: try again in a moment (nothing was decided).
    if (error instanceof HashingBusy) {
      if (error.holdMs > 0) await new Promise((resolve) => setTimeout(resolve, error.holdMs));
      c.header('Retry-After', String(error.retryAfterSeconds));
      return c.json({ error: 'busy' as const }, 429);
    }
    // What the request itself got wrong (a body that is not JSON, say) is its 400, and not logged as ours.
    if (error instanceof HTTPException && error.status < 500)
      return c.json({ error: 'invalid' as const, fields: { _: 'invalid' as const } }, error.status);
    deps.log.error('request failed', { method: c.req.method, path: c.req.path, reason: error.message });
    return c.json({ error: 'server' as const }, 500);
  });
  return app;
}
