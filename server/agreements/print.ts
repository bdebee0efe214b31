// The signed rental agreement as a document of its own: the text the renter read and signed (texts/),
// filled with the booking's facts, with who signed it, when and which version. A page to read and
// print, and a PDF to download or attach to the booking's confirmation, in English or Arabic.
import { printedPageCsp } from '../print/page';
import { CONTRACT_VERSION, type JourneyContext } from '../../machines/journey-rules';
import { agreementValues, fillAgreement, numberedClauses } from '../../texts/agreement';
import { AGREEMENT_VERSIONS, type AgreementVersions } from '../../texts/versions';
import { dubaiTime, money } from '../invoices/words';
import { escapeHtml as e } from '../mail/words';
import { CONTENT, MARGIN, MUTED, A4, printer } from '../print/pdf';

/**
 * The agreement of `context` (signed) as it reads in `lang`, in the wording of the version signed: its
 * title, the signature line, the clauses filled. (A version never published, which only a record
 * changed by hand could name, reads in today's wording; its signature line still names it.)
 */
export function readAgreement(
  context: JourneyContext,
  number: string,
  company: string,
  lang: 'en' | 'ar',
  own: { en: string[]; ar: string[] },
  versions: AgreementVersions = AGREEMENT_VERSIONS,
) {
  const signed = context.contract!;
  const a = (versions[signed.version] ?? versions[CONTRACT_VERSION]!)[lang].agreement;
  const values = agreementValues(context, {
    lang,
    company,
    date: dubaiTime,
    money: (fils) => (lang === 'ar' ? `${money(fils)} درهم` : `AED ${money(fils)}`),
  });
  return {
    lang,
    dir: lang === 'ar' ? ('rtl' as const) : ('ltr' as const),
    title: fillAgreement(a.printTitle, { number }),
    // The version (2026-11) kept left to right inside the Arabic sentence (an isolate), not read as 11-2026.
    signed: fillAgreement(a.signed, { renter: values.renter, at: dubaiTime(signed.signedAt), version: `\u2066${signed.version}\u2069` }),
    clauses: [
      ...Object.values(a.clauses).map((clause) => ({ title: clause.title, text: fillAgreement(clause.text, values) })),
      // The company's own, as they were when the renter signed (kept with the contract).
      ...(own[lang].length > 0 ? [{ title: fillAgreement(a.own, { company }), text: numberedClauses(own[lang], Object.keys(a.clauses).length).join('\n') }] : []),
    ],
    other: a.readIn,
    otherLang: a.readInLang,
    pdf: a.pdf,
  };
}
export type AgreementReading = ReturnType<typeof readAgreement>;

const STYLE = `body{margin:0;background:#f4f5f7;color:#1b1f24;font:15px/1.6 system-ui,-apple-system,'Segoe UI','Noto Sans Arabic',sans-serif}
main{max-width:760px;margin:16px auto;background:#fff;padding:24px;border-radius:12px}
.brand{color:#0b6e4f;font-weight:700;margin:0}h1{font-size:24px;margin:4px 0 8px}.signed{color:#5b6470;margin:0 0 20px}
h2{font-size:16px;margin:20px 0 4px}p{margin:0}nav{display:flex;gap:16px;flex-wrap:wrap;margin-top:24px}nav a{color:#0b6e4f;font-weight:600;padding:10px 0}
@media print{body{background:#fff}main{margin:0;padding:0}nav{display:none}}`;

/** The page's Content-Security-Policy: nothing but its own style sheet. */
export const AGREEMENT_CSP = printedPageCsp(STYLE);

export function agreementPage(r: AgreementReading, links: { pdf: string; other: string }): string {
  return `<!doctype html>
<html lang="${r.lang}" dir="${r.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${e(r.title)} · Move car</title><style>${STYLE}</style></head>
<body><main>
<p class="brand">Move car</p>
<h1>${e(r.title)}</h1>
<p class="signed">${e(r.signed)}</p>
${r.clauses.map((c) => `<section><h2>${e(c.title)}</h2>${c.text.split('\n').map((p) => `<p>${e(p)}</p>`).join('')}</section>`).join('\n')}
<nav><a href="${e(links.pdf)}" download>${e(r.pdf)}</a><a href="${e(links.other)}" lang="${r.otherLang}" hreflang="${r.otherLang}">${e(r.other)}</a></nav>
</main></body></html>`;
}

/** The agreement as a PDF, its clauses running onto further pages as they need. */
export function agreementPdf(r: AgreementReading): Promise<Buffer> {
  const { doc, write, done } = printer(r.lang, { title: r.title, author: 'Move car' });
  const bottom = A4.height - MARGIN;
  let y = MARGIN;
  write('Move car', { x: MARGIN, y, width: CONTENT, align: 'start', size: 12, bold: true }, '#0b6e4f');
  y += 22;
  y += write(r.title, { x: MARGIN, y, width: CONTENT, align: 'start', size: 18, bold: true }) + 4;
  y += write(r.signed, { x: MARGIN, y, width: CONTENT, align: 'start' }, MUTED) + 10;
  for (const clause of r.clauses) {
    // A clause starts on the next page when too little of this one is left for its title and a few lines.
    if (y > bottom - 80) {
      doc.addPage();
      y = MARGIN;
    }
    y += write(clause.title, { x: MARGIN, y, width: CONTENT, align: 'start', size: 11, bold: true }) + 2;
    y += write(clause.text, { x: MARGIN, y, width: CONTENT, align: 'start', size: 10 }) + 10;
  }
  doc.end();
  return done;
}
