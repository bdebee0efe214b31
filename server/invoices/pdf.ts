// A tax invoice or credit note as a PDF, drawn from the reading its page shows too (./words.ts).
import { CONTENT, INK, MARGIN, MUTED, printer } from '../print/pdf';
import type { DocumentReading } from './words';

/** A PDF of the document as `reading` says it; resolves to its bytes. */
export function documentPdf(reading: DocumentReading): Promise<Buffer> {
  const { doc, write, rule, done } = printer(reading.lang, { title: `${reading.title} ${reading.facts[0]![1]}`, author: reading.brand });
  let y = MARGIN;
  write(reading.brand, { x: MARGIN, y, width: CONTENT, align: 'start', size: 12, bold: true }, '#0b6e4f');
  y += 22;
  y += write(reading.title, { x: MARGIN, y, width: CONTENT, align: 'start', size: 20, bold: true }) + 8;
  for (const [label, value] of reading.facts) {
    write(label, { x: MARGIN, y, width: 130, align: 'start' }, MUTED);
    y += write(value, { x: MARGIN + 135, y, width: 200, align: 'start', bold: true });
  }
  y += 12;
  const half = CONTENT / 2 - 10;
  let left = y;
  let right = y;
  left += write(reading.supplier.label, { x: MARGIN, y: left, width: half, align: 'start' }, MUTED);
  for (const line of reading.supplier.lines) left += write(line, { x: MARGIN, y: left, width: half, align: 'start', bold: line === reading.supplier.lines[0] });
  right += write(reading.recipient.label, { x: MARGIN + half + 20, y: right, width: half, align: 'start' }, MUTED);
  for (const line of reading.recipient.lines) right += write(line, { x: MARGIN + half + 20, y: right, width: half, align: 'start', bold: true });
  y = Math.max(left, right) + 16;

  // The lines: description, quantity, unit price, VAT rate, VAT, amount (widths add up to the content's).
  const widths = [191, 34, 70, 76, 64, 80];
  const starts = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const row = (cells: string[], bold: boolean, color = INK) => {
    const heights = cells.map((cell, i) =>
      write(cell, { x: starts[i]! + (i === 0 ? 0 : 4), y, width: widths[i]! - 4, align: i === 0 ? 'start' : 'end', bold }, color),
    );
    y += Math.max(...heights) + 6;
    rule(y - 3);
  };
  rule(y - 3);
  row(reading.columns, true, MUTED);
  for (const cells of reading.rows) row(cells, false);
  y += 8;
  const totalsX = MARGIN + CONTENT - 260;
  reading.totals.forEach(([label, value], i) => {
    const last = i === reading.totals.length - 1;
    write(label, { x: totalsX, y, width: 160, align: 'start', bold: last, size: last ? 11 : 9 });
    y += write(value, { x: totalsX + 160, y, width: 100, align: 'end', bold: last, size: last ? 11 : 9 }) + 2;
  });
  y += 20;
  write(reading.note, { x: MARGIN, y, width: CONTENT, align: 'start', size: 8 }, MUTED);
  doc.end();
  return done;
}
