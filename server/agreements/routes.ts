// The signed rental agreement of a booking, to open and download at any time: for its renter, and
// for the managers (and admin) of the car's company; anyone else, or a booking not signed, gets 404.
import { Hono } from 'hono';
import { z } from 'zod';
import { requireRole } from '../auth/middleware';
import type { AppEnv } from '../deps';
import { validate } from '../http/validate';
import { agreementPage, agreementPdf, AGREEMENT_CSP } from './print';
import { signedAgreement } from './store';

const byId = z.object({ id: z.uuid() });
const inLang = z.object({ lang: z.enum(['en', 'ar']).optional() }).strict();

export const agreementRoutes = new Hono<AppEnv>()
  .use(requireRole('renter', 'manager'))
  .get('/:id/page', validate('param', byId), validate('query', inLang), async (c) => {
    const lang = c.req.valid('query').lang ?? c.var.user!.language;
    const found = await signedAgreement(c.var.deps.db, c.req.valid('param').id, c.var.user!, lang);
    if (!found) return c.json({ error: 'notFound' as const }, 404);
    const base = `/api/agreements/${c.req.valid('param').id}`;
    c.header('Content-Security-Policy', AGREEMENT_CSP);
    return c.html(agreementPage(found.reading, { pdf: `${base}/pdf?lang=${lang}`, other: `${base}/page?lang=${found.reading.otherLang}` }));
  })
  .get('/:id/pdf', validate('param', byId), validate('query', inLang), async (c) => {
    const lang = c.req.valid('query').lang ?? c.var.user!.language;
    const found = await signedAgreement(c.var.deps.db, c.req.valid('param').id, c.var.user!, lang);
    if (!found) return c.json({ error: 'notFound' as const }, 404);
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `attachment; filename="agreement-${found.number}-${lang}.pdf"`);
    return c.body(new Uint8Array(await agreementPdf(found.reading)));
  });
