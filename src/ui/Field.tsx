import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type InputHTMLAttributes,
  type SelectHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { Camera, FileText, Paperclip, X } from 'lucide-react';
import type { DocumentInfo } from '../../machines/validation';
import { fill } from '../i18n/format';
import { useLocale } from '../i18n/locale';
import styles from './Field.module.css';
import photoStyles from './Photos.module.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  hint?: string;
  /** What is wrong, in the reader's language; shown next to the field and tied to it. */
  error?: string;
  /** Accepted, but worth a second look (shown when there is no error). */
  warning?: string;
};

/** ids of the hint, error and warning that describe a field, and its invalid flag. */
function describe(id: string, hint?: ReactNode, error?: string, warning?: string) {
  const ids = [hint && `${id}-hint`, error && `${id}-error`, warning && !error && `${id}-warning`]
    .filter(Boolean)
    .join(' ');
  return { 'aria-describedby': ids || undefined, 'aria-invalid': error ? true : undefined };
}

function Messages({
  id,
  hint,
  error,
  warning,
}: {
  id: string;
  hint?: ReactNode;
  error?: string;
  warning?: string;
}) {
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
      {warning && !error && (
        <p id={`${id}-warning`} className={styles.warning}>
          {warning}
        </p>
      )}
    </>
  );
}

/** A labelled text input; the hint and the error, when there are, describe it. */
export function TextField({ label, hint, error, warning, ...input }: InputProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input id={id} className={styles.input} {...describe(id, hint, error, warning)} {...input} />
      <Messages id={id} hint={hint} error={error} warning={warning} />
    </div>
  );
}

export function TextArea({
  label,
  hint,
  error,
  ...area
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: string;
  hint?: string;
  error?: string;
}) {
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
        {...describe(id, hint, error)}
        {...area}
      />
      <Messages id={id} hint={hint} error={error} />
    </div>
  );
}

/** What the rules check about a chosen file (machines/validation.ts checkDocument), and the file itself for the upload. */
export const documentOf = (file: File | null): DocumentInfo | null => (file ? { name: file.name, type: file.type, size: file.size, file } : null);

/**
 * A document picker: shows the chosen file (a preview for images) with a button to remove it. The file
 * stays in the input, so the form reads it on submit; nothing is uploaded until then.
 */
export function FileField({ label, hint, error, ...input }: InputProps) {
  const id = useId();
  const { t } = useLocale();
  const ref = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const preview = useMemo(() => (file?.type.startsWith('image/') ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const remove = () => {
    if (ref.current) ref.current.value = '';
    setFile(null);
    ref.current?.focus();
  };
  return (
    <div className={styles.field}>
      <span className={styles.label} id={`${id}-label`}>
        {label}
      </span>
      <label htmlFor={id} className={styles.file}>
        <Paperclip aria-hidden size={18} />
        <span>{t.form.choose}</span>
        {!file && <span className={styles.fileName}>{t.form.noFile}</span>}
      </label>
      <input
        ref={ref}
        id={id}
        type="file"
        className="visually-hidden"
        aria-labelledby={`${id}-label`}
        {...describe(id, hint, error)}
        onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
        {...input}
      />
      {file && (
        <div className={styles.chosen}>
          {preview ? (
            <img
              src={preview}
              alt={fill(t.form.preview, { name: file.name })}
              width={56}
              height={56}
              className={styles.thumb}
            />
          ) : (
            <FileText aria-hidden size={28} />
          )}
          <span className={styles.fileName}>{file.name}</span>
          <button
            type="button"
            className={styles.remove}
            onClick={remove}
            aria-label={fill(t.form.remove, { name: file.name })}
          >
            <X aria-hidden size={18} />
          </button>
        </div>
      )}
      <Messages id={id} hint={hint} error={error} />
    </div>
  );
}

/**
 * Photos taken one after another on a phone (its camera first, `capture=environment`), each handed to
 * `onFiles` at once (to be made smaller and uploaded); the chosen ones show as thumbnails, each with a
 * button to remove it. The list is the caller's: a refused form keeps it.
 */
export function PhotoField({
  label,
  hint,
  error,
  choose,
  status,
  photos,
  full,
  onFiles,
  onRemove,
}: {
  label: string;
  hint?: string;
  error?: string;
  /** The button's words ("Take or add photos"). */
  choose: string;
  /** What is happening, said politely (uploading, how many). */
  status: string;
  photos: { id: string; src: string; alt: string; remove?: string }[];
  /** No more photos can be added. */
  full: boolean;
  onFiles: (files: File[]) => void;
  /** Absent when a photo, once kept, stays (the renter's evidence). */
  onRemove?: (id: string) => void;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <span className={styles.label} id={`${id}-label`}>
        {label}
      </span>
      <label htmlFor={id} className={styles.file}>
        <Camera aria-hidden size={18} />
        <span>{choose}</span>
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        disabled={full}
        className="visually-hidden"
        aria-labelledby={`${id}-label`}
        {...describe(id, hint, error)}
        onChange={(e) => {
          const files = [...(e.currentTarget.files ?? [])];
          e.currentTarget.value = '';
          onFiles(files);
        }}
      />
      <Messages id={id} hint={hint} error={error} />
      <p role="status" className={styles.hint}>
        {status}
      </p>
      {photos.length > 0 && (
        <ul className={photoStyles.photos}>
          {photos.map((photo) => (
            <li key={photo.id} className={photoStyles.photo}>
              <img src={photo.src} alt={photo.alt} width={96} height={72} />
              {onRemove && (
                <button
                  type="button"
                  className={styles.remove}
                  aria-label={photo.remove}
                  onClick={() => onRemove(photo.id)}
                >
                  <X aria-hidden size={16} />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A labelled native select: the most accessible picker for a short, fixed scale. */
export function SelectField({
  label,
  hint,
  error,
  options,
  placeholder,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  /** Said under the field and read with it (e.g. a fee that a choice adds). */
  hint?: ReactNode;
  error?: string;
  /** The empty choice's words ("All types"); without it, one of the options is always chosen. */
  placeholder?: string;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select id={id} className={styles.input} {...describe(id, hint, error)} {...select}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
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
