import { useId, useState, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { Paperclip } from 'lucide-react';
import { useLocale } from '../i18n/locale';
import styles from './Field.module.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { label: string; hint?: string };

/** A labelled text input; the hint, when there is one, describes the field. */
export function TextField({ label, hint, ...input }: InputProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input id={id} className={styles.input} aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}

export function TextArea({
  label,
  ...area
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & { label: string }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <textarea id={id} className={`${styles.input} ${styles.area}`} rows={3} {...area} />
    </div>
  );
}

/** A file picker styled as a drop zone; it names the chosen file (the native text is not translated). */
export function FileField({ label, hint, ...input }: InputProps) {
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
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => setName(e.currentTarget.files?.[0]?.name ?? '')}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}

export function Checkbox({ label, ...input }: InputProps) {
  const id = useId();
  return (
    <div className={styles.check}>
      <input id={id} type="checkbox" className={styles.box} {...input} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
