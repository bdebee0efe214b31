// A refused submit's problems, said where the renter looks: focus on the first field marked, how
// many need attention, and each field's message until its value is valid.
import { useEffect, useState, type RefObject } from 'react';
import type { Problem } from '../../machines/validation';
import { fill, plural } from '../i18n/format';
import { useLocale } from '../i18n/locale';
import type { SubmittedFields } from './Form';

/** A form's problems by field, after a refused submit; the codes are the rules' (or a screen's own). */
type ProblemsByField<C extends string> = Partial<Record<string, C>>;

/**
 * A submit's problems, minus the fields whose value has since become valid: `recheck` runs the form's
 * own rules (the same functions the machine's guards use) on the values as they are now, so a fixed
 * field loses its error at once instead of at the next submit. A field that breaks again while being
 * typed is not flagged until the next submit: nagging mid-word helps no one.
 */
export function useClearedWhenValid<C extends string>(
  problems: ProblemsByField<C>,
  recheck?: (fields: SubmittedFields) => ProblemsByField<string>,
) {
  // Which fields were fixed, for this set of problems only: a new submit brings a new object.
  const [fixed, setFixed] = useState<{ of: ProblemsByField<C>; fields: ReadonlySet<string> }>({
    of: problems,
    fields: new Set(),
  });
  const cleared = fixed.of === problems ? fixed.fields : new Set<string>();
  const shown: ProblemsByField<C> = Object.fromEntries(
    Object.entries(problems).filter(([field]) => !cleared.has(field)),
  ) as ProblemsByField<C>;
  const onChange = (fields: SubmittedFields) => {
    if (!recheck) return;
    const now = recheck(fields);
    const valid = Object.keys(shown).filter((field) => !now[field]);
    if (valid.length > 0) setFixed({ of: problems, fields: new Set([...cleared, ...valid]) });
  };
  return { shown, onChange };
}

/** "Please correct 2 fields marked below", in a live region that is always in the page. */
export function ProblemCount({ count }: { count: number }) {
  const { t, lang } = useLocale();
  return (
    <p role="status" className="visually-hidden">
      {count > 0 ? plural(t.form.fieldsToCorrect, count, lang) : ''}
    </p>
  );
}

/**
 * After a refused submit: focus goes to the first field marked invalid, and a live region says how
 * many fields need attention. With `recheck` (the form's rules over its current values), a field's
 * error goes as soon as its value is valid; pass `onChange` to the FormCard. A screen's own codes
 * (`C`, beyond the forms' problems) are worded by `own`, from the screen's catalog.
 */
export function useProblems<C extends string = Problem>(
  form: RefObject<HTMLFormElement | null>,
  problems: Partial<Record<string, C>>,
  recheck?: (fields: SubmittedFields) => Partial<Record<string, C>>,
  own?: Record<Exclude<C, Problem>, string>,
) {
  const { t } = useLocale('forms');
  const count = Object.keys(problems).length;
  useEffect(() => {
    if (count > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, problems, count]);
  const { shown, onChange } = useClearedWhenValid(problems, recheck);
  /** A rule's message, with its values (e.g. the pickup mileage). */
  const message = (code: C | undefined, values: Record<string, string | number> = {}) =>
    code ? fill((own as Record<string, string> | undefined)?.[code] ?? t.problems[code as Problem], values) : undefined;
  /** The message of a field's problem, unless the field has been fixed since the submit. */
  const error = (field: string, values: Record<string, string | number> = {}) => message(shown[field], values);
  // The count is the submit's: re-announcing it at every keystroke would talk over the reader's typing.
  const summary = <ProblemCount count={count} />;
  return { message, error, summary, onChange };
}
