// @vitest-environment node
// The PDFs' fonts are the app's WOFF files turned back into plain OpenType once (server/print/woff.ts),
// so that fontkit does not inflate a table again for every glyph. A PDF must come out the same as the
// one made from the WOFF files themselves: the same glyphs, the same Arabic shaping, the same widths.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import PDFDocument from 'pdfkit';
import { FONT_FILES } from '../server/print/pdf';
import { sfntOf } from '../server/print/woff';

const require = createRequire(import.meta.url);
const LINES = ['Tax Invoice INV-000042 · AED 1,250.00 (VAT 5%)', 'فاتورة ضريبية', 'إجمالي المبلغ المستحق', 'تويوتا كامري ٢٠٢٦'];

/** A PDF of `LINES` in each face, its fonts read through `read`; its date and ID (which differ per document) left out. */
async function pdfWith(read: (woff: Buffer) => Buffer) {
  const doc = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const widths: number[] = [];
  for (const [face, file] of Object.entries(FONT_FILES)) {
    doc.registerFont(face, read(readFileSync(require.resolve(file))));
    for (const line of LINES) {
      widths.push(doc.font(face).fontSize(11).widthOfString(line));
      doc.text(line);
    }
  }
  doc.end();
  const bytes = (await done).toString('latin1').replace(/D:\d{14}Z/g, '').replace(/\/ID \[[^\]]*\]/g, '');
  return { bytes, widths };
}

describe('the PDFs’ fonts', () => {
  it('as plain OpenType make the very PDF the WOFF files make: same glyphs, shaping and widths, EN and AR', async () => {
    const fromWoff = await pdfWith((woff) => woff);
    const converted = await pdfWith(sfntOf);
    expect(converted.widths).toEqual(fromWoff.widths);
    expect(converted.widths.every((w) => w > 20)).toBe(true);
    expect(converted.bytes).toBe(fromWoff.bytes);
    // Both fonts are in it, as fonts of their own (not the PDF's standard Helvetica).
    expect(converted.bytes).toMatch(/FontName \/[A-Z]{6}\+Inter/);
    expect(converted.bytes).toMatch(/FontName \/[A-Z]{6}\+NotoSansArabic/);
  });

  it('refuses a file that is not a WOFF 1.0 font', () => {
    expect(() => sfntOf(Buffer.from('wOF2 not this kind'))).toThrow(/not a WOFF 1.0 font/);
  });
});
