import { useRef, useState } from 'react';
import { toDubaiInput } from '../../../machines/booking';
import { checkBlock, type BlockField, type BlockInput, type CarProblem } from '../../../machines/cars';
import type { Block, CarPageData, NeedingBooking } from '../../client/staffApi';
import { fill, formatDate } from '../../i18n/format';
import { periodText } from './periods';
import { useLocale } from '../../i18n/locale';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { DateTimeField } from '../../ui/DateTimeField';
import { FormCard, type SubmittedFields } from '../../ui/Form';
import { FormEnd } from '../../ui/FormEnd';
import { useProblems } from '../../ui/problems';
import { Section } from '../../ui/Section';
import { useStaffApi } from '../../ui/staffApi';
import { useSending } from '../../ui/useSending';
import styles from './Fleet.module.css';

const valuesOf = ({ text }: SubmittedFields): BlockInput => ({ from: text('from'), until: text('until'), note: text('note') });
/** Checked by the server's own rule (machines/cars.ts checkBlock), at the browser's clock. */
const problemsOf = (fields: SubmittedFields) => checkBlock(valuesOf(fields), Date.now()).problems;

/**
 * A car's maintenance blocks: the ones to come, each removable, and a form to plan another. A block
 * over a paid booking or another block is refused by the server, which says which are in the way.
 */
export function CarBlocks({ carId, blocks, changed }: { carId: string; blocks: Block[]; changed: (page: CarPageData) => void }) {
  const { t, lang } = useLocale('fleet', 'forms');
  const k = t.fleet;
  const api = useStaffApi();
  const form = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<Partial<Record<BlockField, CarProblem>>>({});
  const [note, setNote] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { sending, call } = useSending();
  // The inputs offer no time already past (the rule allows a block that began: it holds from now).
  const [earliest] = useState(() => toDubaiInput(Date.now()));
  // Kept here so that each picker can write the time picked under it, in the page's language.
  const [from, setFrom] = useState('');
  const [until, setUntil] = useState('');
  const { error, summary, onChange } = useProblems(form, problems, problemsOf, k.problems);
  const when = (ms: number) => formatDate(new Date(ms), lang, 'dateTime');
  const period = (p: { from: number; until: number }, words: string) => periodText(p, words, lang);

  const add = async (fields: SubmittedFields) => {
    const found = problemsOf(fields);
    setProblems(found);
    setNote(null);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    const answer = await call(() => api.blockCar(carId, valuesOf(fields)));
    if (answer?.ok) {
      form.current?.reset();
      setFrom('');
      setUntil('');
      const added = answer.body.blocks.find((b) => !blocks.some((old) => old.id === b.id));
      setNote(added ? period(added, k.blocked) : null);
      changed(answer.body);
    } else if (answer?.status === 409 && 'bookings' in answer.body) {
      const held = answer.body as { bookings: NeedingBooking[]; blocks: Block[] };
      const lines = [
        ...held.bookings.map((b) => period(b, k.neededBooking)),
        ...held.blocks.map((b) => period(b, k.heldBlock)),
      ];
      // One sentence in the alert (an alert is a paragraph: it holds no list).
      setFailure(`${k.held} ${lines.join(lang === 'ar' ? '؛ ' : '; ')}`);
    } else if (answer?.status === 400 && answer.fields) setProblems(answer.fields as Partial<Record<BlockField, CarProblem>>);
    else setFailure(k.failed);
  };

  const remove = async (block: Block) => {
    setNote(null);
    setFailure(null);
    const answer = await call(() => api.unblockCar(carId, block.id));
    if (answer?.ok) {
      setNote(k.removed);
      changed(answer.body);
    } else setFailure(k.failed);
  };

  return (
    <Section title={k.blocksTitle}>
      <p>{k.blocksText}</p>
      {blocks.length === 0 ? (
        <p>{k.noBlocks}</p>
      ) : (
        <ul className={styles.blocks}>
          {blocks.map((b) => (
            <li key={b.id}>
              <span>
                {period(b, k.blockLine)}
                {/* As the admin typed it, in either language: it sets its own direction. */}
                {b.note && (
                  <span className={styles.blockNote} dir="auto">
                    {b.note}
                  </span>
                )}
              </span>
              <Button variant="secondary" disabled={sending} onClick={() => void remove(b)} aria-label={fill(k.removeBlock, { from: when(b.from) })}>
                {k.removeBlockShort}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <FormCard ref={form} label={k.addBlock} onChange={onChange} onSubmit={(fields) => void add(fields)}>
        {summary}
        <DateTimeField label={k.blockFrom} name="from" min={earliest} value={from} onChange={(e) => setFrom(e.target.value)} error={error('from')} />
        <DateTimeField label={k.blockUntil} name="until" min={from || earliest} value={until} onChange={(e) => setUntil(e.target.value)} error={error('until')} />
        <TextField label={k.blockNote} name="note" hint={k.blockNoteHint} maxLength={200} autoComplete="off" error={error('note')} />
        <FormEnd failure={failure} done={note} sending={sending} send={k.addBlock} busy={k.blocking} />
      </FormCard>
    </Section>
  );
}
