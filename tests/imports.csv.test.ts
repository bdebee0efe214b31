// The authority's file as the import reads it (server/imports/csv.ts): typed by hand as often as not.
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, readAuthorityCsv } from '../server/imports/csv';

const NOW = new Date('2026-11-25T12:00:00+04:00');
const file = (...rows: string[]) => [CSV_COLUMNS.join(','), ...rows].join('\n');

describe('reading the authority CSV', () => {
  it('takes the documented YYYY-MM-DD HH:mm as Dubai time, with or without seconds, and ISO 8601 with its offset', () => {
    const { rows, rejected } = readAuthorityCsv(
      file(
        'F-1,fine,Dubai K 48213,2026-11-20 08:15,Al Khail Road,SPEED-20,Speeding,600,4',
        'F-2,fine,Dubai K 48213,2026-11-20 08:15:30,Al Khail Road,SPEED-20,Speeding,600,4',
        'F-3,fine,Dubai K 48213,2026-11-20T04:15:00Z,Al Khail Road,SPEED-20,Speeding,600,4',
      ),
      NOW,
    );
    expect(rejected).toEqual([]);
    expect(rows.map((r) => r.at.toISOString())).toEqual(['2026-11-20T04:15:00.000Z', '2026-11-20T04:15:30.000Z', '2026-11-20T04:15:00.000Z']);
  });

  it('a time it cannot read is refused with the format it wants', () => {
    const { rejected } = readAuthorityCsv(file('F-4,fine,Dubai K 48213,20/11/2026 8:15,Al Khail Road,SPEED-20,Speeding,600,4'), NOW);
    expect(rejected).toEqual([{ line: 2, reference: 'F-4', fields: { date_time: 'timeFormat' } }]);
  });

  it('a Salik crossing needs no code or amount (its toll is its time band’s); a fine needs both', () => {
    const { rows, rejected } = readAuthorityCsv(
      file('S-1,salik,Dubai K 48213,2026-11-20 08:15,Al Garhoud Bridge,,,,', 'F-5,fine,Dubai K 48213,2026-11-20 08:15,Al Khail Road,,Speeding,,4'),
      NOW,
    );
    expect(rows).toEqual([expect.objectContaining({ reference: 'S-1', kind: 'salik', code: '', amount: 0 })]);
    expect(rejected).toEqual([{ line: 3, reference: 'F-5', fields: { code: 'required', amount: 'required' } }]);
  });
});
