// What a police or Salik feed sends a rental company, as CSV: one header row, then one row per fine
// or crossing. Each row is checked on its own: a bad row is reported with its reasons by field and
// the good rows still go in.
import { z } from 'zod';
import { aed, DUBAI_UTC_OFFSET_HOURS, type Fils } from '../../machines/money';

export const CSV_COLUMNS = ['reference', 'type', 'plate', 'date_time', 'location', 'code', 'description', 'amount', 'black_points'] as const;
export const MAX_ROWS = 5000;

export interface AuthorityRow {
  /** The line in the file (the header is line 1). */
  line: number;
  reference: string;
  kind: 'fine' | 'salik';
  plate: string;
  at: Date;
  location: string;
  code: string;
  description: string;
  amount: Fils;
  blackPoints: number;
}

export interface RejectedRow {
  line: number;
  reference: string | null;
  fields: Record<string, string>;
}

/** RFC 4180: commas, quoted fields with "" for a quote, CRLF or LF; a BOM is ignored. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') endField();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      endRow();
    } else field += ch;
  }
  if (field !== '' || row.length > 0) endRow();
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

/** `2026-11-20T08:15:00+04:00` (any offset), or `2026-11-20 08:15` meaning Dubai time. */
function parseTime(value: string): Date | null {
  const local = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (local) {
    // Seconds are optional: a missing group stays undefined (Number(undefined) is NaN, and was refused).
    const [, y, mo, d, h, mi, s] = local.map((part) => (part === undefined ? undefined : Number(part)));
    if (h! > 23 || mi! > 59 || (s ?? 0) > 59) return null;
    const at = Date.UTC(y!, mo! - 1, d!, h!, mi!, s ?? 0) - DUBAI_UTC_OFFSET_HOURS * 3_600_000;
    const back = new Date(at + DUBAI_UTC_OFFSET_HOURS * 3_600_000);
    return back.getUTCDate() === d && back.getUTCMonth() === mo! - 1 ? new Date(at) : null;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

const cell = (max: number) => z.string().trim().min(1, 'required').max(max, 'tooLong');
const rowSchema = z.object({
  reference: cell(60),
  type: z.enum(['fine', 'salik'], 'invalid'),
  plate: cell(30).regex(/[0-9]/, 'invalid'),
  date_time: cell(40),
  location: cell(200),
  // A Salik crossing is priced by its time band (machines/money.ts): its row needs no code or amount.
  code: z.string().trim().max(40, 'tooLong'),
  description: z.string().trim().max(300, 'tooLong'),
  amount: z.string().trim().max(20, 'tooLong').regex(/^(\d{1,7}(\.\d{1,2})?)?$/, 'invalid'),
  black_points: z.string().trim().regex(/^(\d{1,2})?$/, 'invalid'),
});

/** The file's rows, each checked; `problem` when the file itself is not one we can read. */
export function readAuthorityCsv(
  text: string,
  now: Date,
): { rows: AuthorityRow[]; rejected: RejectedRow[]; problem: 'header' | 'empty' | 'tooManyRows' | null } {
  const table = parseCsv(text);
  const [header, ...body] = table;
  if (!header) return { rows: [], rejected: [], problem: 'empty' };
  const names = header.map((h) => h.trim().toLowerCase());
  if (!CSV_COLUMNS.every((c) => names.includes(c))) return { rows: [], rejected: [], problem: 'header' };
  if (body.length > MAX_ROWS) return { rows: [], rejected: [], problem: 'tooManyRows' };
  const rows: AuthorityRow[] = [];
  const rejected: RejectedRow[] = [];
  body.forEach((cells, i) => {
    const line = i + 2;
    const record = Object.fromEntries(CSV_COLUMNS.map((c) => [c, cells[names.indexOf(c)] ?? '']));
    const parsed = rowSchema.safeParse(record);
    const fields: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message === 'required' || issue.message === 'tooLong' ? issue.message : 'invalid';
    // A fine is the authority's code and amount.
    if (parsed.success && parsed.data.type === 'fine') {
      if (parsed.data.code === '') fields.code ??= 'required';
      if (parsed.data.amount === '') fields.amount ??= 'required';
    }
    const at = parseTime(String(record.date_time).trim());
    // Said with the format it wants (the file is often typed by hand).
    if (!fields.date_time && !at) fields.date_time = 'timeFormat';
    else if (at && at.getTime() > now.getTime() + 5 * 60_000) fields.date_time = 'future';
    if (!parsed.success || Object.keys(fields).length > 0) {
      rejected.push({ line, reference: String(record.reference).trim() || null, fields });
      return;
    }
    const r = parsed.data;
    rows.push({
      line,
      reference: r.reference,
      kind: r.type,
      plate: r.plate,
      at: at!,
      location: r.location,
      code: r.code,
      description: r.description,
      amount: r.amount === '' ? 0 : aed(Number(r.amount)),
      blackPoints: r.black_points ? Number(r.black_points) : 0,
    });
  });
  return { rows, rejected, problem: null };
}
