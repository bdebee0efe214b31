import { useRef, useState, type ReactNode } from 'react';
import { checkCar, PLATE_EMIRATES, type CarField, type CarInput, type CarProblem, type SpecsInput } from '../../../machines/cars';
import { CAR_CATEGORIES, CAR_STATUSES, FUELS, TRANSMISSIONS, type CarStatus } from '../../../machines/fleet';
import { FieldGroup } from '../../ui/FieldGroup';
import type { BranchView, FleetCar, NeedingBooking } from '../../client/staffApi';
import { Link } from '../../ui/Link';
import { EMIRATE_NAMES, fill } from '../../i18n/format';
import { useLocale } from '../../i18n/locale';
import { SelectField, TextField } from '../../ui/Field';
import { FormCard, type SubmittedFields } from '../../ui/Form';
import { FormEnd } from '../../ui/FormEnd';
import { useProblems } from '../../ui/problems';
import { Section } from '../../ui/Section';
import { useStaffApi } from '../../ui/staffApi';
import { savedOver } from '../../ui/savedOver';
import { useSending } from '../../ui/useSending';
import { periodText } from './periods';

const FIELDS = [
  'emirate',
  'code',
  'number',
  'model',
  'category',
  'dailyRate',
  'deposit',
  'odometerKm',
  'tankLitres',
  'homeBranch',
  'year',
  'seats',
  'transmission',
  'fuel',
  'engineEn',
  'engineAr',
  'horsepower',
  'topSpeedKmh',
] as const satisfies readonly CarField[];

/** The form's values, checked by the same rule as the server's (machines/company.ts checkCar). */
const valuesOf = ({ text }: SubmittedFields) => Object.fromEntries(FIELDS.map((f) => [f, text(f)])) as unknown as CarInput & SpecsInput;
const problemsOf = (fields: SubmittedFields) => checkCar(valuesOf(fields)).problems;

/**
 * A car as its admin types it: added (`car` null) or edited over the version it was loaded at. When
 * another admin saved first, the screen names what they changed and keeps what this admin typed; a
 * car taken out of service while paid bookings still need it is refused with those bookings.
 */
export function CarForm({ car, branches, saved }: { car: FleetCar | null; branches: BranchView[]; saved: (car: FleetCar) => void }) {
  const { t, lang, to } = useLocale('fleet', 'forms');
  const k = t.fleet;
  const api = useStaffApi();
  const form = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<Partial<Record<CarField, CarProblem>>>({});
  const [note, setNote] = useState<ReactNode>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { sending, call } = useSending();
  const { error, summary, onChange } = useProblems(form, problems, problemsOf, k.problems);

  const save = async (fields: SubmittedFields) => {
    const found = problemsOf(fields);
    setProblems(found);
    setNote(null);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    const input = valuesOf(fields);
    const answer = await call(() =>
      car ? api.saveCar(car.id, { ...input, status: fields.text('status') as CarStatus, version: car.version }) : api.addCar(input),
    );
    const inputs = savedOver(form, [...FIELDS, 'status'] as const);
    if (answer?.ok) {
      const kept = answer.body.car;
      if (car) {
        inputs.show(kept);
        setNote(k.saved);
      } else {
        form.current?.reset();
        setNote(fill(k.added, { car: kept.model }));
      }
      saved(kept);
    } else if (car && answer?.status === 409 && 'car' in answer.body) {
      const now = answer.body.car as FleetCar;
      const differing = inputs.theirs(car, now);
      saved(now);
      const names = differing.map((f) => (f === 'status' ? k.status : f === 'category' ? k.category : k[f])).join(lang === 'ar' ? '، ' : ', ');
      setFailure(differing.length > 0 ? fill(k.conflict, { fields: names }) : k.conflictNothing);
    } else if (answer?.status === 409 && 'bookings' in answer.body) {
      const needing = answer.body.bookings as NeedingBooking[];
      // Said in the alert itself (a sentence: an alert is a paragraph, it holds no list).
      setFailure(`${k.needed} ${needing.map((b) => periodText(b, k.neededBooking, lang)).join(lang === 'ar' ? '؛ ' : '; ')}`);
    } else if (answer?.status === 400 && answer.fields) setProblems(answer.fields as Partial<Record<CarField, CarProblem>>);
    else setFailure(k.failed);
  };

  const text = (name: Exclude<CarField, 'emirate' | 'category' | 'homeBranch' | 'fuel' | 'transmission'>, extra: { hint?: string; inputMode?: 'numeric' | 'decimal'; dir?: 'ltr' | 'rtl'; lang?: 'en' | 'ar' } = {}) => (
    <TextField label={k[name]} name={name} defaultValue={car?.[name] ?? ''} error={error(name)} autoComplete="off" {...extra} />
  );

  return (
    <Section title={car ? car.model : k.add} bare>
      <FormCard ref={form} label={car ? car.model : k.add} onChange={onChange} onSubmit={(fields) => void save(fields)}>
        {!car && <p>{k.addText}</p>}
        {summary}
        <SelectField
          label={k.emirate}
          name="emirate"
          placeholder={k.chooseEmirate}
          defaultValue={car?.emirate ?? ''}
          error={error('emirate')}
          options={PLATE_EMIRATES.map((e) => ({ value: e, label: (lang === 'ar' && EMIRATE_NAMES.find(([en]) => en === e)?.[1]) || e }))}
        />
        {text('code', { hint: k.codeHint, dir: 'ltr' })}
        {text('number', { inputMode: 'numeric', dir: 'ltr' })}
        {text('model', { dir: 'ltr' })}
        <SelectField
          label={k.category}
          name="category"
          placeholder={k.chooseCategory}
          defaultValue={car?.category ?? ''}
          error={error('category')}
          options={CAR_CATEGORIES.map((c) => ({ value: c, label: t.categories[c] }))}
        />
        {text('dailyRate', { inputMode: 'decimal', dir: 'ltr' })}
        {text('deposit', { hint: k.depositHint, inputMode: 'decimal', dir: 'ltr' })}
        {text('odometerKm', { inputMode: 'numeric', dir: 'ltr' })}
        {text('tankLitres', { inputMode: 'numeric', dir: 'ltr' })}
        <SelectField
          label={k.homeBranch}
          name="homeBranch"
          placeholder={k.chooseBranch}
          hint={branches.length === 0 ? <NoBranches text={k.noBranches} link={k.companyPage} to={to('company')} /> : k.homeBranchHint}
          defaultValue={car?.homeBranch ?? ''}
          error={error('homeBranch')}
          options={branches.map((b) => ({ value: b.id, label: lang === 'ar' ? b.nameAr : b.nameEn }))}
        />
        <FieldGroup legend={k.specsTitle} hint={k.specsText}>
          {text('year', { inputMode: 'numeric', dir: 'ltr' })}
          {text('seats', { inputMode: 'numeric', dir: 'ltr' })}
          <SelectField
            label={k.transmission}
            name="transmission"
            placeholder={k.notGiven}
            defaultValue={car?.transmission ?? ''}
            options={TRANSMISSIONS.map((x) => ({ value: x, label: k.transmissions[x] }))}
          />
          <SelectField label={k.fuel} name="fuel" placeholder={k.notGiven} defaultValue={car?.fuel ?? ''} options={FUELS.map((x) => ({ value: x, label: k.fuels[x] }))} />
          {text('engineEn', { dir: 'ltr', lang: 'en', hint: lang === 'en' ? k.engineHint : undefined })}
          {text('engineAr', { dir: 'rtl', lang: 'ar', hint: lang === 'ar' ? k.engineHint : undefined })}
          {text('horsepower', { inputMode: 'numeric', dir: 'ltr' })}
          {text('topSpeedKmh', { inputMode: 'numeric', dir: 'ltr' })}
        </FieldGroup>
        {car && (
          <SelectField
            label={k.status}
            name="status"
            hint={k.statusHint}
            defaultValue={car.status}
            options={CAR_STATUSES.map((s) => ({ value: s, label: k.statuses[s] }))}
          />
        )}
        <FormEnd failure={failure} done={note} sending={sending} send={k.save} busy={k.saving} />
      </FormCard>
    </Section>
  );
}

/** A company with no branch yet: where to add one. */
function NoBranches({ text, link, to }: { text: string; link: string; to: string }) {
  return (
    <>
      {text} <Link to={to}>{link}</Link>
    </>
  );
}
