// The documents Move car prints (tax invoices, credit notes, the signed agreement) as PDFs (A4), for
// downloading and for e-mail attachments, in English or Arabic. pdfkit embeds the fonts the app ships
// (Inter, Noto Sans Arabic) and fontkit shapes Arabic (joined letters, each word right to left); the
// order of words and runs in a line is the Unicode bidirectional algorithm's (bidi-js), so
// "فاتورة INV-000042" reads right to left with the number left to right inside it. An Arabic document
// is laid out from the right edge: a box is given on the start side and mirrored.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import bidiFactory from 'bidi-js';
import PDFDocument from 'pdfkit';
import { sfntOf } from './woff';

const require = createRequire(import.meta.url);
const bidi = bidiFactory();

type Face = 'latin' | 'latinBold' | 'arabic' | 'arabicBold';
export const FONT_FILES: Record<Face, string> = {
  latin: '@fontsource/inter/files/inter-latin-400-normal.woff',
  latinBold: '@fontsource/inter/files/inter-latin-700-normal.woff',
  arabic: '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff',
  arabicBold: '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal.woff',
};
let fonts: Record<Face, Buffer> | null = null;
/** Read once, when the first PDF is made, as plain OpenType (see woff.ts). */
const fontData = () =>
  (fonts ??= Object.fromEntries(Object.entries(FONT_FILES).map(([face, file]) => [face, sfntOf(readFileSync(require.resolve(file)))])) as Record<Face, Buffer>);

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

interface Piece {
  text: string;
  arabic: boolean;
}

/**
 * `text` as the pieces drawn from left to right: runs of one embedding level and one script, in the
 * order rule L2 of the bidi algorithm gives, mirrored characters (brackets) swapped in right-to-left
 * runs. A piece of Arabic letters holds no space, so fontkit shapes it as one word and sets its
 * glyphs right to left; any other piece in a right-to-left run is reversed here.
 */
export function visualPieces(given: string, dir: 'ltr' | 'rtl'): Piece[] {
  // Embeddings and overrides come only from what someone typed (a record kept before names dropped
  // them): they reorder nothing here. The app's own words use isolates alone.
  const text = given.replace(/[\u202a-\u202e]/g, '');
  const { levels } = bidi.getEmbeddingLevels(text, dir);
  const mirrors = bidi.getMirroredCharactersMap(text, levels);
  const runs: (Piece & { level: number })[] = [];
  for (let i = 0; i < text.length; i++) {
    // Isolates and marks steer the order; they have no glyph to draw.
    if (/[\u200e\u200f\u2066-\u2069]/.test(text[i]!)) continue;
    const char = mirrors.get(i) ?? text[i]!;
    const arabic = ARABIC.test(char);
    const last = runs.at(-1);
    if (last && last.level === levels[i] && last.arabic === arabic) last.text += char;
    else runs.push({ text: char, arabic, level: levels[i]! });
  }
  const highest = Math.max(0, ...runs.map((r) => r.level));
  const lowestOdd = Math.min(...runs.map((r) => (r.level % 2 === 1 ? r.level : Infinity)));
  let order = runs;
  for (let level = highest; level >= lowestOdd && level >= 1; level--) {
    const next: typeof runs = [];
    for (let i = 0; i < order.length; ) {
      if (order[i]!.level < level) next.push(order[i++]!);
      else {
        let j = i;
        while (j < order.length && order[j]!.level >= level) j++;
        next.push(...order.slice(i, j).reverse());
        i = j;
      }
    }
    order = next;
  }
  // Neutrals in a right-to-left run (": ", " - ") are drawn by the Latin font left to right: given reversed.
  return order.map(({ text: t, arabic, level }) => ({ text: level % 2 === 1 && !arabic ? [...t].reverse().join('') : t, arabic }));
}

export interface TextBox {
  x: number;
  y: number;
  width: number;
  align: 'start' | 'end';
  size?: number;
  bold?: boolean;
}

export const A4 = { width: 595.28, height: 841.89 };
export const MARGIN = 40;
export const CONTENT = A4.width - 2 * MARGIN;
export const INK = '#1b1f24';
export const MUTED = '#5b6470';

/**
 * A new A4 document in `lang` with the app's fonts: `write` draws text in a box (wrapped, on one
 * baseline whichever font, mirrored for Arabic) and returns the height used; `rule` draws a line
 * across (`doc.addPage()` starts another page); `done` resolves to the bytes once `doc.end()` is called.
 */
export function printer(lang: 'en' | 'ar', info: { title: string; author: string }) {
  const rtl = lang === 'ar';
  const dir = rtl ? 'rtl' : 'ltr';
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: info.title, Author: info.author }, lang });
  for (const [face, data] of Object.entries(fontData())) doc.registerFont(face, data);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  const face = (piece: Piece, bold: boolean): Face => (piece.arabic ? (bold ? 'arabicBold' : 'arabic') : bold ? 'latinBold' : 'latin');
  const widthOf = (pieces: Piece[], size: number, bold: boolean) =>
    pieces.reduce((sum, p) => sum + doc.font(face(p, bold)).fontSize(size).widthOfString(p.text), 0);
  /** The words of `text` in lines no wider than `width`; a line break in it starts a new line. */
  const wrap = (text: string, width: number, size: number, bold: boolean) => {
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      let first = true;
      for (const word of paragraph.split(' ')) {
        const last = lines.at(-1);
        if (!first && last !== undefined && widthOf(visualPieces(`${last} ${word}`, dir), size, bold) <= width) lines[lines.length - 1] = `${last} ${word}`;
        else lines.push(word);
        first = false;
      }
    }
    return lines;
  };
  /** Draws `text` in its box (a box on the page's start side, mirrored for Arabic); returns the height used. */
  const write = (text: string, box: TextBox, color = INK) => {
    const size = box.size ?? 9;
    const bold = box.bold ?? false;
    const x = rtl ? A4.width - box.x - box.width : box.x;
    const toRight = (box.align === 'end') !== rtl;
    const lineHeight = size * 1.45;
    const lines = wrap(text, box.width, size, bold);
    lines.forEach((line, i) => {
      const pieces = visualPieces(line, dir);
      let at = toRight ? x + box.width - widthOf(pieces, size, bold) : x;
      for (const p of pieces) {
        // On one baseline, whichever font: the two fonts' ascents differ.
        doc.font(face(p, bold)).fontSize(size).fillColor(color).text(p.text, at, box.y + size + i * lineHeight, { lineBreak: false, baseline: 'alphabetic' });
        at += doc.widthOfString(p.text);
      }
    });
    return lines.length * lineHeight;
  };
  const rule = (y: number) => doc.moveTo(MARGIN, y).lineTo(A4.width - MARGIN, y).lineWidth(0.5).strokeColor('#c9ced6').stroke();

  return { doc, write, rule, done };
}
