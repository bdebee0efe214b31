import { useState } from 'react';
import { fromDubaiInput } from '../../machines/booking';
import { LOCATION_NAMES } from '../data/content';
import { fill, formatDate } from '../i18n/format';
import { useLocale } from '../i18n/locale';
import { Button } from '../ui/Button';
import { useCompanyNames } from '../ui/companyNames';
import { parseQuery, type ReadPart } from './parseQuery';
import styles from './Understood.module.css';

/**
 * What the Home box read of the renter's words, as chips, before the search: each one can be left out
 * (a toggle button: pressed is searched by), and the words it could not use are said. Loaded with the
 * parser, once the renter types: Home's first load carries none of it.
 */
export default function Understood({ text, off, onChange }: { text: string; off: readonly ReadPart[]; onChange: (off: ReadPart[]) => void }) {
  const { t, lang } = useLocale('search');
  const w = t.search.read;
  const names = useCompanyNames();
  // "Tomorrow" is read from when the chips came up (the search itself reads it again when sent).
  const [now] = useState(() => Date.now());
  const read = parseQuery(text, now);
  const when = (value: string) => {
    const at = fromDubaiInput(value);
    return at === null ? value : formatDate(new Date(at), lang, 'dateTime');
  };
  const chips: [ReadPart, string][] = [];
  if (read.type) chips.push(['type', t.categories[read.type]]);
  if (read.pickup) chips.push(['pickup', fill(w.pickup, { place: LOCATION_NAMES[read.pickup][lang] })]);
  if (read.dropoff) chips.push(['dropoff', fill(w.dropoff, { place: LOCATION_NAMES[read.dropoff][lang] })]);
  if (read.company) chips.push(['company', names[read.company] ?? read.company]);
  if (read.from && read.to) chips.push(['dates', fill(w.dates, { from: when(read.from), to: when(read.to) })]);
  if (chips.length === 0 && !read.unused) return null;

  return (
    <div className={styles.read}>
      {chips.length > 0 && (
        <>
          <div role="group" aria-label={w.title} aria-describedby="read-hint" className={styles.chips}>
            {chips.map(([part, label]) => {
              const on = !off.includes(part);
              return (
                <button
                  key={part}
                  type="button"
                  aria-pressed={on}
                  className={styles.chip}
                  onClick={() => onChange(on ? [...off, part] : off.filter((p) => p !== part))}
                >
                  {/* Seen, not read: the button says pressed or not itself. */}
                  {on && <span aria-hidden>✓ </span>}
                  {label}
                </button>
              );
            })}
          </div>
          <p id="read-hint" className={styles.hint}>
            {w.hint}
          </p>
        </>
      )}
      {read.unused && <p className={styles.hint}>{fill(w.unused, { words: read.unused })}</p>}
      <Button type="submit" block>
        {t.search.submit}
      </Button>
    </div>
  );
}
