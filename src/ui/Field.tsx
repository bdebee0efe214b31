import { useId, useState, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { Paperclip } from 'lucide-react';
import { useLocale } from '../i18n/locale';
import styles from './Field.module.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  hint?: string;
  /** What is wrong, in the reader's language; shown next to the field and tied to it. */
  error?: string;
};

/** ids of the hint and error that describe a field, and its invalid flag. */
function describe(id: string, hint?: string, error?: string) {
  const ids = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return { 'aria-describedby': ids || undefined, 'aria-invalid': error ? true : undefined };
}

function Messages({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </>
  );
}

/** A labelled text input; the hint and the error, when there are, describe it. */
export function TextField({ label, hint, error, ...input }: InputProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input id={id} className={styles.input} {...describe(id, hint, error)} {...input} />
      <Messages id={id} hint={hint} error={error} />
    </div>
  );
}

export function TextArea({
  label,
  error,
  ...area
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & { label: string; error?: string }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <textarea
        id={id}
        className={`${styles.input} ${styles.area}`}
        rows={3}
        {...describe(id, undefined, error)}
        {...area}
      />
      <Messages id={id} error={error} />
    </div>
  );
}

/** A file picker styled as a drop zone; it names the chosen file (the native text is not translated). */
export function FileField({ label, hint, error, ...input }: InputProps) {
  const id = useId();
  const { t } = useLocale();
  const [name, setName] = useState('');
  return (
    <div className={styles.field}>
      <span className={styles.label} id={`${id}-label`}>
        {label}
      </span>
      <label htmlFor={id} className={styles.file}>
        <Paperclip aria-hidden size={18} />
        <span>{t.form.choose}</span>
        <span className={styles.fileName}>{name || t.form.noFile}</span>
      </label>
      <input
        id={id}
        type="file"
        className="visually-hidden"
        aria-labelledby={`${id}-label`}
        {...describe(id, hint, error)}
        onChange={(e) => setName(e.currentTarget.files?.[0]?.name ?? '')}
        {...input}
      />
      <Messages id={id} hint={hint} error={error} />
    </div>
  );
}

export function Checkbox({ label, error, ...input }: Omit<InputProps, 'hint'>) {
  const id = useId();
  return (
    <div className={styles.field}>
      <div className={styles.check}>
        <input
          id={id}
          type="checkbox"
          className={styles.box}
          {...describe(id, undefined, error)}
          {...input}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <Messages id={id} error={error} />
    </div>
  );
}
