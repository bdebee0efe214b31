import { useRef, useState, type ReactNode } from 'react';
import { checkBranch, hoursInput, WEEK_ORDER, type BranchField, type BranchInput, type BranchProblem } from '../../../machines/branches';
import { LOCATIONS } from '../../../machines/fleet';
import type { BranchView } from '../../client/staffApi';
import { LOCATION_NAMES } from '../../data/content';
import { fill, weekdayName } from '../../i18n/format';
import { useLocale } from '../../i18n/locale';
import { Checkbox, SelectField, TextField } from '../../ui/Field';
import { FormCard, type SubmittedFields } from '../../ui/Form';
import { FieldGroup } from '../../ui/FieldGroup';
import { FormEnd } from '../../ui/FormEnd';
import { useProblems } from '../../ui/problems';
import { useStaffApi } from '../../ui/staffApi';
import { savedOver } from '../../ui/savedOver';
import { useSending } from '../../ui/useSending';
import styles from './Company.module.css';

const FIELDS = ['nameEn', 'nameAr', 'place', 'addressEn', 'addressAr', 'coordinates'] as const;
type Field = (typeof FIELDS)[number];

/** The form's values, checked by the same rule as the server's (machines/branches.ts checkBranch). */
const valuesOf = ({ text, checked }: SubmittedFields): BranchInput => ({
  ...(Object.fromEntries(FIELDS.map((f) => [f, text(f)])) as Record<Field, string>),
  hours: Array.from({ length: 7 }, (_, day) => ({ closed: checked(`closed-${day}`), open: text(`open-${day}`), close: text(`close-${day}`) })),
});
const problemsOf = (fields: SubmittedFields) => checkBranch(valuesOf(fields)).problems;

/**
 * A branch as its admin types it: added (`branch` null) or edited over the version it was loaded at.
 * When another admin saved first, the screen names what they changed and keeps what this admin typed.
 */
export function BranchForm({ branch, saved }: { branch: BranchView | null; saved: (branch: BranchView) => void }) {
  const { t, lang } = useLocale('company', 'forms');
  const k = t.branches;
  const api = useStaffApi();
  const form = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<Partial<Record<BranchField, BranchProblem>>>({});
  const [note, setNote] = useState<ReactNode>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { sending, call } = useSending();
  const { error, summary, onChange } = useProblems(form, problems, problemsOf, k.problems);
  const hours = hoursInput(branch?.hours ?? []);

  const save = async (fields: SubmittedFields) => {
    const found = problemsOf(fields);
    setProblems(found);
    setNote(null);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    const input = valuesOf(fields);
    const answer = await call(() => (branch ? api.saveBranch(branch.id, { ...input, version: branch.version }) : api.addBranch(input)));
    const inputs = savedOver(form, FIELDS);
    if (answer?.ok) {
      const kept = answer.body.branch;
      if (branch) {
        inputs.show(kept);
        setNote(k.saved);
      } else {
        form.current?.reset();
        setNote(fill(k.added, { name: lang === 'ar' ? kept.nameAr : kept.nameEn, place: LOCATION_NAMES[kept.place][lang] }));
      }
      saved(kept);
    } else if (branch && answer?.status === 409 && 'branch' in answer.body) {
      const now = answer.body.branch as BranchView;
      const differing: string[] = inputs.theirs(branch, now).map((f) => k[f]);
      if (JSON.stringify(now.hours) !== JSON.stringify(branch.hours)) differing.push(k.hours);
      saved(now);
      setFailure(differing.length > 0 ? fill(k.conflict, { fields: differing.join(lang === 'ar' ? '، ' : ', ') }) : k.conflictNothing);
    } else if (answer?.status === 400 && answer.fields) setProblems(answer.fields as Partial<Record<BranchField, BranchProblem>>);
    else setFailure(k.failed);
  };

  const text = (name: Exclude<Field, 'place'>, extra: { dir: 'ltr' | 'rtl'; lang?: 'en' | 'ar'; hint?: string }) => (
    <TextField label={k[name]} name={name} defaultValue={branch?.[name] ?? ''} error={error(name)} autoComplete="off" {...extra} />
  );
  const title = branch ? (lang === 'ar' ? branch.nameAr : branch.nameEn) : k.add;

  return (
    <FormCard ref={form} label={title} onChange={onChange} onSubmit={(fields) => void save(fields)}>
      {!branch && <p>{k.addText}</p>}
      {summary}
      {text('nameEn', { dir: 'ltr', lang: 'en' })}
      {text('nameAr', { dir: 'rtl', lang: 'ar' })}
      <SelectField
        label={k.place}
        name="place"
        placeholder={k.choosePlace}
        defaultValue={branch?.place ?? ''}
        error={error('place')}
        options={LOCATIONS.map((p) => ({ value: p, label: LOCATION_NAMES[p][lang] }))}
      />
      {text('addressEn', { dir: 'ltr', lang: 'en' })}
      {text('addressAr', { dir: 'rtl', lang: 'ar' })}
      {text('coordinates', { dir: 'ltr', hint: k.coordinatesHint })}
      <FieldGroup legend={k.hours} hint={k.hoursHint}>
        {WEEK_ORDER.map((day, i) => {
          const name = weekdayName(day, lang);
          return (
            <div key={day} className={styles.day}>
              <Checkbox
                label={fill(k.closed, { day: name })}
                name={`closed-${day}`}
                defaultChecked={branch ? hours[day]!.closed : false}
                error={i === 0 ? error('hours') : undefined}
              />
              <TextField label={fill(k.opens, { day: name })} name={`open-${day}`} type="time" dir="ltr" defaultValue={branch ? hours[day]!.open : '08:00'} error={error(`open-${day}`)} />
              <TextField label={fill(k.closes, { day: name })} name={`close-${day}`} type="time" dir="ltr" defaultValue={branch ? hours[day]!.close : '22:00'} error={error(`close-${day}`)} />
            </div>
          );
        })}
      </FieldGroup>
      <FormEnd failure={failure} done={note} sending={sending} send={branch ? k.save : k.addSubmit} busy={k.saving} />
    </FormCard>
  );
}
