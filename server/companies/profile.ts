// The company as its admin keeps it: the names renters read, its VAT number (TRN), address, support line,
// logo and its own clauses of the rental agreement. Saved over a version, as contracts are: an admin saving over another's change gets 409 with
// the values now kept, and loses nothing they typed. Always the admin's own company (the session's).
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { clausesOf, companyProfileProblems, formatUaePhone, normaliseTrn, normaliseUaePhone } from '../../machines/company';
import { normaliseName, withoutBidiControls } from '../../machines/text';
import type { Db } from '../db/open';
import { companies } from '../db/schema';
import type { AppEnv } from '../deps';
import { requireRole } from '../auth/middleware';
import { jsonOnly, limitBody } from '../http/security';
import { overPictureAllowance } from '../auth/usage';
import { upload, validate, version, versionText } from '../http/validate';
import { IMAGE_BODY_MAX, imageView, keepImage, LOGO_WIDTHS } from '../images/images';

const text = z.string().max(1000);
const profileBody = z
  .object({
    version: version(),
    nameEn: text,
    nameAr: text,
    subtitleEn: text,
    subtitleAr: text,
    trn: text,
    addressEn: text,
    addressAr: text,
    supportPhone: text,
    clausesEn: z.string().max(10_000),
    clausesAr: z.string().max(10_000),
  })
  .strict();
const logoForm = z.object({ logo: upload, version: versionText() });

type CompanyRow = typeof companies.$inferSelect;

/** What the admin's screen shows and edits: the values as kept, and the version to save over. */
export const profileView = (row: CompanyRow) => ({
  id: row.id,
  version: row.version,
  nameEn: row.nameEn,
  nameAr: row.nameAr,
  subtitleEn: row.subtitleEn,
  subtitleAr: row.subtitleAr,
  trn: row.trn ?? '',
  addressEn: row.addressEn,
  addressAr: row.addressAr,
  supportPhone: row.supportPhone ? formatUaePhone(row.supportPhone) : '',
  clausesEn: row.clausesEn,
  clausesAr: row.clausesAr,
  logo: imageView(row.logo ?? null),
});
export type CompanyProfile = ReturnType<typeof profileView>;

async function companyRow(db: Db, id: string) {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row!;
}

/** Writes `values` when the row is still at `version`; the row as it is now, or null when another change came first. */
async function saveOver(db: Db, id: string, version: number, values: Partial<typeof companies.$inferInsert>) {
  // One UPDATE guarded by the version: no transaction is needed around it.
  const [row] = await db
    .update(companies)
    .set({ ...values, version: version + 1 })
    .where(and(eq(companies.id, id), eq(companies.version, version)))
    .returning();
  return row ?? null;
}

export const profileRoutes = new Hono<AppEnv>()
  .use(requireRole('admin'))
  .get('/', async (c) => c.json({ company: profileView(await companyRow(c.var.deps.db, c.var.user!.companyId!)) }))
  .put('/', jsonOnly, validate('json', profileBody), async (c) => {
    const { version, ...input } = c.req.valid('json');
    const fields = companyProfileProblems(input);
    if (Object.keys(fields).length > 0) return c.json({ error: 'invalid' as const, fields }, 400);
    const id = c.var.user!.companyId!;
    const saved = await saveOver(c.var.deps.db, id, version, {
      nameEn: normaliseName(input.nameEn),
      nameAr: normaliseName(input.nameAr),
      subtitleEn: normaliseName(input.subtitleEn),
      subtitleAr: normaliseName(input.subtitleAr),
      trn: input.trn.trim() === '' ? null : normaliseTrn(input.trn),
      addressEn: withoutBidiControls(input.addressEn).trim(),
      addressAr: withoutBidiControls(input.addressAr).trim(),
      supportPhone: normaliseUaePhone(input.supportPhone),
      // Kept one clause a line, as the agreement numbers them.
      clausesEn: clausesOf(input.clausesEn).join('\n'),
      clausesAr: clausesOf(input.clausesAr).join('\n'),
    });
    if (!saved) return c.json({ error: 'conflict' as const, company: profileView(await companyRow(c.var.deps.db, id)) }, 409);
    return c.json({ company: profileView(saved) });
  })
  // The logo, resized on the server (server/images/images.ts); saved over the version like the rest.
  .post('/logo', limitBody(IMAGE_BODY_MAX), validate('form', logoForm), async (c) => {
    const { logo, version } = c.req.valid('form');
    const id = c.var.user!.companyId!;
    const deps = c.var.deps;
    const tooMany = await overPictureAllowance(c, logo.size);
    if (tooMany) return tooMany;
    const kept = await keepImage(deps, id, logo, LOGO_WIDTHS);
    if ('problem' in kept) return c.json({ error: 'invalid' as const, fields: { logo: kept.problem } }, 400);
    if ('storageFull' in kept) return c.json({ error: 'storageFull' as const }, 507);
    const saved = await saveOver(deps.db, id, version, { logo: kept.sizes });
    if (!saved) return c.json({ error: 'conflict' as const, company: profileView(await companyRow(deps.db, id)) }, 409);
    return c.json({ company: profileView(saved) });
  })
  .delete('/logo', validate('query', z.object({ version: versionText() })), async (c) => {
    const { version } = c.req.valid('query');
    const id = c.var.user!.companyId!;
    const saved = await saveOver(c.var.deps.db, id, version, { logo: null });
    if (!saved) return c.json({ error: 'conflict' as const, company: profileView(await companyRow(c.var.deps.db, id)) }, 409);
    return c.json({ company: profileView(saved) });
  });
