import { useEffect, type FormEvent, type ReactNode, type Ref, type RefObject } from 'react';
import type { Problem } from '../../machines/validation';
import { fill } from '../i18n/format';
import { useLocale } from '../i18n/locale';
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
}: {
  onSubmit?: (fields: SubmittedFields, event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
  label?: string;
  ref?: Ref<HTMLFormElement>;
}) {
  return (
    <form
      ref={ref}
      className={styles.form}
      aria-label={label}
      noValidate
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

/** A form-level message (a server answer), announced when it appears. */
export function FormError({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className={styles.error}>
      {children}
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

/**
 * After a refused submit: focus goes to the first field marked invalid, and a live region says how
 * many fields need attention. The region is always in the page so screen readers announce changes.
 */
export function useProblems(
  form: RefObject<HTMLFormElement | null>,
  problems: Partial<Record<string, Problem>>,
) {
  const { t } = useLocale();
  const count = Object.keys(problems).length;
  useEffect(() => {
    if (count > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, problems, count]);
  /** A rule's message, with its values (e.g. the pickup mileage). */
  const message = (code: Problem | undefined, values: Record<string, string | number> = {}) =>
    code ? fill(t.problems[code], values) : undefined;
  const summary = (
    <p role="status" className="visually-hidden">
      {count > 0 ? fill(t.form.problemCount, { n: count }) : ''}
    </p>
  );
  return { message, summary };
}
