import type { FormEvent, ReactNode, Ref } from 'react';
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
