// A tax invoice or credit note as a page of its own, to read and print (A4 when printed): the same
// reading as the PDF (./words.ts), in the document's language and direction, with a link to the PDF
// and to the other language. Its one style sheet is allowed by its hash; it runs no script.
import { printedPageCsp } from '../print/page';
import { escapeHtml as e } from '../mail/words';
import type { DocumentReading } from './words';

const STYLE = `body{margin:0;background:#f4f5f7;color:#1b1f24;font:15px/1.5 system-ui,-apple-system,'Segoe UI','Noto Sans Arabic',sans-serif}
main{max-width:820px;margin:16px auto;background:#fff;padding:24px;border-radius:12px}
.brand{color:#0b6e4f;font-weight:700;margin:0}h1{font-size:26px;margin:4px 0 16px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0 0 20px}dt{color:#5b6470}dd{margin:0;font-weight:600}
.parties{display:grid;grid-template-columns:1fr 1fr;gap:16px;margin-bottom:20px}.parties h2{font-size:14px;color:#5b6470;font-weight:400;margin:0}.parties p{margin:0}
.wide{overflow-x:auto}table{border-collapse:collapse;width:100%;font-size:14px}.wide table{min-width:600px}td{white-space:nowrap}td:first-child{white-space:normal;min-width:180px}th,td{padding:8px 6px;border-bottom:1px solid #d5d9df;text-align:end;vertical-align:top}
th:first-child,td:first-child{text-align:start}th{color:#5b6470;font-weight:600}td{font-variant-numeric:tabular-nums}
.totals{margin:16px 0 0 auto;min-width:300px}.totals th{text-align:start}.totals tr:last-child>*{font-size:17px;font-weight:700;color:#1b1f24}
.note{color:#5b6470;font-size:13px}nav{display:flex;gap:16px;flex-wrap:wrap;margin-top:20px}nav a{color:#0b6e4f;font-weight:600;padding:10px 0}
@media print{body{background:#fff}main{margin:0;padding:0}nav{display:none}}`;

/** The page's Content-Security-Policy: nothing but its own style sheet. */
export const PAGE_CSP = printedPageCsp(STYLE);

/** The page for `reading`; `links` go to the PDF and to the page in the other language. */
export function documentPage(reading: DocumentReading, links: { pdf: string; other: string; otherLang: string }): string {
  const { facts, supplier, recipient } = reading;
  const cells = (row: string[], tag: 'td' | 'th') => row.map((cell) => `<${tag}${tag === 'th' ? ' scope="col"' : ''}>${e(cell)}</${tag}>`).join('');
  return `<!doctype html>
<html lang="${reading.lang}" dir="${reading.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${e(`${reading.title} ${facts[0]![1]} · ${reading.brand}`)}</title><style>${STYLE}</style></head>
<body><main>
<p class="brand">${e(reading.brand)}</p>
<h1>${e(reading.title)}</h1>
<dl>${facts.map(([label, value]) => `<dt>${e(label)}</dt><dd>${e(value)}</dd>`).join('')}</dl>
<div class="parties">
<section><h2>${e(supplier.label)}</h2>${supplier.lines.map((l) => `<p>${e(l)}</p>`).join('')}</section>
<section><h2>${e(recipient.label)}</h2>${recipient.lines.map((l) => `<p>${e(l)}</p>`).join('')}</section>
</div>
<div class="wide" tabindex="0" role="region" aria-label="${e(reading.linesLabel)}"><table><thead><tr>${cells(reading.columns, 'th')}</tr></thead>
<tbody>${reading.rows.map((row) => `<tr>${cells(row, 'td')}</tr>`).join('')}</tbody></table></div>
<table class="totals"><tbody>${reading.totals.map(([label, value]) => `<tr><th scope="row">${e(label)}</th><td>${e(value)}</td></tr>`).join('')}</tbody></table>
<p class="note">${e(reading.note)}</p>
<p class="note">${e(reading.print)}</p>
<nav><a href="${e(links.pdf)}" download>${e(reading.pdf)}</a><a href="${e(links.other)}" lang="${links.otherLang}" hreflang="${links.otherLang}">${e(reading.other)}</a></nav>
</main></body></html>`;
}
