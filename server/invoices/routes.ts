// The tax invoices and credit notes: a renter reads those issued to them, a manager (or admin) those
// their company issued; anyone else gets 404, as if there were none. (The company's CSV for a period
// is the dashboard's export, kind `invoices`.)
import { Hono } from 'hono';
import { z } from 'zod';
import { actsAs } from '../../machines/roles';
import type { User } from '../auth/sessions';
import { requireRole } from '../auth/middleware';
import type { AppEnv } from '../deps';
import { validate } from '../http/validate';
import { bookingDocuments, taxDocumentById, taxDocumentView, type TaxDocumentRow } from './store';
import { documentPage, PAGE_CSP } from './page';
import { documentPdf } from './pdf';
import { readDocument, type DocumentLang } from './words';

const byId = z.object({ id: z.uuid() });
const inLang = z.object({ lang: z.enum(['en', 'ar']).optional() }).strict();

/** The renter it was issued to, or a manager of the company that issued it. */
const mayRead = (user: User, doc: TaxDocumentRow) =>
  (user.role === 'renter' && doc.renterId === user.id) || (actsAs(user.role, 'manager') && user.companyId === doc.companyId);

export const taxDocumentRoutes = new Hono<AppEnv>()
  .use(requireRole('renter', 'manager'))
  // A booking's documents in the order they were issued: for its renter, or the company's managers (none of another's).
  .get('/booking/:id', validate('param', byId), async (c) => {
    const user = c.var.user!;
    const rows = await bookingDocuments(c.var.deps.db, c.req.valid('param').id);
    return c.json({ documents: rows.filter((doc) => mayRead(user, doc)).map(taxDocumentView) });
  })
  .get('/:id', validate('param', byId), async (c) => {
    const doc = await taxDocumentById(c.var.deps.db, c.req.valid('param').id);
    if (!doc || !mayRead(c.var.user!, doc)) return c.json({ error: 'notFound' as const }, 404);
    return c.json({ document: taxDocumentView(doc) });
  })
  // The page to read and print, in the language asked (the account's otherwise).
  .get('/:id/page', validate('param', byId), validate('query', inLang), async (c) => {
    const doc = await taxDocumentById(c.var.deps.db, c.req.valid('param').id);
    if (!doc || !mayRead(c.var.user!, doc)) return c.json({ error: 'notFound' as const }, 404);
    const lang: DocumentLang = c.req.valid('query').lang ?? c.var.user!.language;
    const other: DocumentLang = lang === 'ar' ? 'en' : 'ar';
    const base = `/api/tax-documents/${doc.id}`;
    c.header('Content-Security-Policy', PAGE_CSP);
    return c.html(documentPage(readDocument(taxDocumentView(doc), lang), { pdf: `${base}/pdf?lang=${lang}`, other: `${base}/page?lang=${other}`, otherLang: other }));
  })
  .get('/:id/pdf', validate('param', byId), validate('query', inLang), async (c) => {
    const doc = await taxDocumentById(c.var.deps.db, c.req.valid('param').id);
    if (!doc || !mayRead(c.var.user!, doc)) return c.json({ error: 'notFound' as const }, 404);
    const view = taxDocumentView(doc);
    const lang: DocumentLang = c.req.valid('query').lang ?? c.var.user!.language;
    const pdf = await documentPdf(readDocument(view, lang));
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `attachment; filename="${view.number}-${lang}.pdf"`);
    return c.body(new Uint8Array(pdf));
  });
