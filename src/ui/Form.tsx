import { useEffect, useState, type FormEvent, type ReactNode, type Ref, type RefObject } from 'react';
import type { Problem } from '../../machines/validation';
import { fill, plural } from '../i18n/format';
import { useLocale } from '../i18n/locale';
import { useOnline } from './online';
import styles from './Form.module.css';

/** A screen's opening words: a heading under the header's h1, and a line of context. */
export function ScreenIntro({ heading, text }: { heading: string; text?: string }) {
  return (
    <div className={styles.intro}>
      <h2>{heading}</h2>
      {text && <p>{text}</p>}
    </div>
  );
}

/** Reads a submitted form's fields by name. */
export interface SubmittedFields {
  text(name: string): string;
  checked(name: string): boolean;
  /** The file chosen in a file input, read from the input itself (the file's content stays in the page). */
  file(name: string): File | null;
}

function fieldsOf(form: HTMLFormElement): SubmittedFields {
  const data = new FormData(form);
  return {
    text: (name) => String(data.get(name) ?? ''),
    checked: (name) => data.get(name) === 'on',
    file: (name) => (form.elements.namedItem(name) as HTMLInputElement | null)?.files?.[0] ?? null,
  };
}

/** A form on a card. Nothing is sent by the browser itself: the screen decides what submit does. */
export function FormCard({
  onSubmit,
  children,
  label,
  ref,
  onChange,
}: {
  onSubmit?: (fields: SubmittedFields, event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
  label?: string;
  ref?: Ref<HTMLFormElement>;
  /** Any field's value changed (React's change events bubble to the form): see `useClearedWhenValid`. */
  onChange?: (fields: SubmittedFields) => void;
}) {
  return (
    <form
      ref={ref}
      className={styles.form}
      aria-label={label}
      // Sent before the page's script has taken over (a prerendered page, a fast thumb), a form would
      // go as a GET and put what was typed (a password, a card number) in the address: as a POST it
      // goes in the body, and the server answers with the page again (server/http/static.ts).
      method="post"
      noValidate
      onChange={onChange && ((event) => onChange(fieldsOf(event.currentTarget)))}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.(fieldsOf(event.currentTarget), event);
      }}
    >
      {children}
    </form>
  );
}

/** A centred line under a form, e.g. "Already have an account? Log In". */
export function FormFooter({ children }: { children: ReactNode }) {
  return <p className={styles.footer}>{children}</p>;
}

/**
 * A form-level message (a server answer), announced when it appears. Offline, no answer came: it
 * says the action needs a connection and that what was typed is still there (the one place every
 * server action's failure says so).
 */
export function FormError({ children }: { children: ReactNode }) {
  const { t } = useLocale();
  const online = useOnline();
  return (
    <p role="alert" className={styles.error}>
      {online ? children : t.journey.sync.needsConnection}
    </p>
  );
}

/** A confirmation of something done (signed, paid), with the action that follows it. */
export function Done({ children }: { children: ReactNode }) {
  return (
    <p role="status" className={styles.done}>
      {children}
    </p>
  );
}

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
 * error goes as soon as its value is valid; pass `onChange` to the FormCard.
 */
export function useProblems(
  form: RefObject<HTMLFormElement | null>,
  problems: Partial<Record<string, Problem>>,
  recheck?: (fields: SubmittedFields) => Partial<Record<string, Problem>>,
) {
  const { t } = useLocale();
  const count = Object.keys(problems).length;
  useEffect(() => {
    if (count > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, problems, count]);
  const { shown, onChange } = useClearedWhenValid(problems, recheck);
  /** A rule's message, with its values (e.g. the pickup mileage). */
  const message = (code: Problem | undefined, values: Record<string, string | number> = {}) =>
    code ? fill(t.problems[code], values) : undefined;
  /** The message of a field's problem, unless the field has been fixed since the submit. */
  const error = (field: string, values: Record<string, string | number> = {}) => message(shown[field], values);
  // The count is the submit's: re-announcing it at every keystroke would talk over the reader's typing.
  const summary = <ProblemCount count={count} />;
  return { message, error, summary, onChange };
}
