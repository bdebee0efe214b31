import { useId, useRef, useState } from 'react';
import { checkinLines, DAMAGE_ITEMS, DAMAGE_PRICES, LATE_RETURN, unusedDays } from '../../../machines/returns';
import { CHECKIN_DAMAGE_MAX, checkinProblems, type CheckinInput, type FuelLevel } from '../../../machines/validation';
import type { Deduction } from '../../../machines/money';
import { useLocale } from '../../i18n/locale';
import { fill, formatAmount, formatNumber } from '../../i18n/format';
import type { HandoverView } from '../../client/api';
import { Button } from '../../ui/Button';
import { SelectField, TextField } from '../../ui/Field';
import { FormCard, FormError } from '../../ui/Form';
import { useLineName } from '../../ui/Ledger';
import { Money } from '../../ui/Money';
import { useProblems } from '../../ui/problems';
import { Facts, Section } from '../../ui/Section';
import { useSession } from '../../ui/session';
import { useNow } from '../../ui/useNow';
import { useCounterPhotos } from './useCounterPhotos';
import { useCounterSend } from './useCounterSend';
import { CarReadings } from './CarReadings';
import styles from './Handovers.module.css';

type Line = CheckinInput['damage'][number] & { key: number };

/**
 * The car back at the counter: odometer, fuel, each damage found (the company's price list, or an
 * amount with a reason) and photos. The charges show priced as the agent types, by the rules the
 * journey prices them with (a late return included); sent, they go to the renter's phone.
 */
export function CheckinForm({
  handover,
  onAnswer,
}: {
  handover: HandoverView;
  onAnswer: (handover: HandoverView, saved: boolean) => void;
}) {
  const { t, lang } = useLocale('manager', 'counter', 'rental', 'forms');
  const k = t.counter;
  const r = t.carReturn;
  const { api } = useSession();
  const { car } = handover;
  const prices = DAMAGE_PRICES;
  const previous = handover.checkin;
  const form = useRef<HTMLFormElement>(null);
  const [lines, setLines] = useState<Line[]>(() =>
    handover.lines
      .filter((d) => d.damage)
      .map((d, key) => ({
        key,
        item: d.damage!.item,
        amount: d.damage!.item === 'other' ? String(d.amount / 100) : '',
        note: d.damage!.note,
        photos: d.damage!.photos ?? [],
      })),
  );
  const [fuel, setFuel] = useState<string>(previous?.fuel ?? '');
  const { problems, failure, sending, send } = useCounterSend(onAnswer);
  const photos = useCounterPhotos(handover.number, previous?.photos ?? [], r.checkinPhotoAlt);
  const read = (text: (name: string) => string): CheckinInput => ({
    odometer: text('odometer'),
    fuel: text('fuel'),
    // A line's photos are among the check-in's: one removed below leaves the lines too.
    damage: lines.map(({ item, amount, note, photos: shown = [] }) => ({ item, amount, note, photos: shown.filter((id) => photos.ids.includes(id)) })),
    photos: photos.ids,
  });
  const { error, summary, onChange } = useProblems(form, problems, ({ text }) => checkinProblems(read(text), handover.handedOverKm));
  const name = useLineName();

  // What the renter will see, priced now (the server prices it again at the moment it is sent).
  // Read again as the due time and the grace pass, and when the counter's phone wakes.
  const now = useNow([handover.dueBackAt, handover.dueBackAt + LATE_RETURN.graceMs]);
  const draft = { odometer: '', fuel, damage: lines, photos: [] };
  const handedOverFuel: FuelLevel = handover.checkout?.fuel ?? 'F';
  const charges: Deduction[] = checkinLines(car, handedOverFuel, handover.dueBackAt, draft, now);
  const unused = unusedDays(handover.price, handover.dueBackAt, now);
  const setLine = (key: number, change: Partial<Line>) =>
    setLines((list) => list.map((line) => (line.key === key ? { ...line, ...change } : line)));

  return (
    <Section title={previous ? k.checkInAgain : k.checkIn} bare>
      <FormCard
        ref={form}
        onChange={(fields) => {
          setFuel(fields.text('fuel'));
          onChange(fields);
        }}
        onSubmit={({ text }) => {
          const checkin = read(text);
          // The same rules the machine applies on the server, said at once and next to each field.
          void send(checkinProblems(checkin, handover.handedOverKm), () => api.recordCheckin(handover.number, checkin, handover.version));
        }}
      >
        {summary}
        <CarReadings km={handover.handedOverKm} hint={k.checkinOdometerHint} previous={previous} error={error} />
        <fieldset className={styles.lines}>
          <legend>{k.damageLines}</legend>
          {lines.length === 0 && <p>{k.damageNone}</p>}
          {lines.map((line, i) => {
            const n = formatNumber(i + 1, lang);
            return (
              <div key={line.key} className={styles.line}>
                <SelectField
                  name={`damage.${i}.item`}
                  label={fill(k.damageItem, { n })}
                  value={line.item}
                  onChange={(e) => setLine(line.key, { item: e.currentTarget.value })}
                  options={[
                    ...DAMAGE_ITEMS.map((item) => ({
                      value: item,
                      label: fill(k.listed, { item: r.damageItems[item], amount: `${t.money.currency} ${formatAmount(prices[item], lang)}` }),
                    })),
                    { value: 'other', label: r.damageItems.other },
                  ]}
                  error={error(`damage.${i}.item`)}
                />
                {line.item === 'other' && (
                  <TextField
                    name={`damage.${i}.amount`}
                    label={fill(k.damageAmount, { n })}
                    hint={k.damageAmountHint}
                    value={line.amount}
                    onChange={(e) => setLine(line.key, { amount: e.currentTarget.value })}
                    inputMode="decimal"
                    dir="ltr"
                    autoComplete="off"
                    error={error(`damage.${i}.amount`)}
                  />
                )}
                <TextField
                  name={`damage.${i}.note`}
                  label={fill(k.damageNote, { n })}
                  hint={line.item === 'other' ? k.damageNoteHint : undefined}
                  value={line.note}
                  onChange={(e) => setLine(line.key, { note: e.currentTarget.value })}
                  error={error(`damage.${i}.note`)}
                />
                <LinePhotos
                  name={`damage.${i}.photos`}
                  legend={fill(k.damagePhotos, { n })}
                  photos={photos.list}
                  alt={r.checkinPhotoAlt}
                  chosen={line.photos ?? []}
                  onChange={(chosen) => setLine(line.key, { photos: chosen })}
                  error={error(`damage.${i}.photos`)}
                />
                <Button type="button" variant="secondary" onClick={() => setLines((list) => list.filter((l) => l.key !== line.key))}>
                  {fill(k.removeDamage, { n })}
                </Button>
              </div>
            );
          })}
          {lines.length < CHECKIN_DAMAGE_MAX && (
            <Button
              type="button"
              variant="secondary"
              onClick={() => setLines((list) => [...list, { key: Math.max(-1, ...list.map((l) => l.key)) + 1, item: 'scratch', amount: '', note: '', photos: [] }])}
            >
              {k.addDamage}
            </Button>
          )}
        </fieldset>
        {photos.field(k.returnPhotosHint, error('photos'))}
        <h3>{k.preview}</h3>
        <Facts
          rows={[
            ...charges.map((d) => ({ label: name(d), value: <Money fils={-d.amount} /> })),
            ...(charges.length === 0 ? [{ label: r.noCharges, value: <Money fils={0} /> }] : []),
            ...(unused.days > 0
              ? [{ label: fill(r.unused, { days: formatNumber(unused.days, lang) }), value: <Money fils={unused.amount} /> }]
              : []),
          ]}
        />
        {failure && <FormError>{k[failure]}</FormError>}
        <Button type="submit" block disabled={sending || photos.uploading} aria-busy={sending}>
          {sending ? k.sending : previous ? k.checkInAgain : k.checkIn}
        </Button>
      </FormCard>
    </Section>
  );
}

/** Which of the check-in's photos show one damage line: ticked from the photos taken below. */
function LinePhotos({
  name,
  legend,
  photos,
  alt,
  chosen,
  onChange,
  error,
}: {
  name: string;
  legend: string;
  photos: readonly { id: string; preview: string }[];
  alt: string;
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
  error: string | undefined;
}) {
  const { t, lang } = useLocale('counter');
  const errorId = useId();
  return (
    <fieldset className={styles.linePhotos}>
      <legend>{legend}</legend>
      {photos.length === 0 && <p>{t.counter.damagePhotosFirst}</p>}
      {photos.map((photo, j) => (
        <label key={photo.id} className={styles.linePhoto}>
          <input
            type="checkbox"
            name={name}
            value={photo.id}
            checked={chosen.includes(photo.id)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => onChange(e.currentTarget.checked ? [...chosen, photo.id] : chosen.filter((id) => id !== photo.id))}
          />
          <img src={photo.preview} alt="" width={64} height={48} />
          <span>{fill(alt, { n: formatNumber(j + 1, lang) })}</span>
        </label>
      ))}
      {error && (
        <p id={errorId} className={styles.lineError}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
