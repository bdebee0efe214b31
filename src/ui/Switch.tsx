import * as RadixSwitch from '@radix-ui/react-switch';
import { useId } from 'react';
import styles from './Switch.module.css';

interface SwitchProps {
  label: string;
  description?: string;
  /** What is wrong, next to the switch and read with it. */
  error?: string;
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  /** While a change is on its way. */
  disabled?: boolean;
}

/** A labelled Radix Switch row; starts off unless told otherwise; Space and click flip it. */
export function Switch({ label, description, error, ...state }: SwitchProps) {
  const id = useId();
  const describedBy = [description && `${id}-d`, error && `${id}-e`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.row}>
      <div className={styles.text}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        {description && (
          <p id={`${id}-d`} className={styles.description}>
            {description}
          </p>
        )}
        {error && (
          <p id={`${id}-e`} className={styles.error}>
            {error}
          </p>
        )}
      </div>
      <RadixSwitch.Root
        id={id}
        className={styles.switch}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        {...state}
      >
        <RadixSwitch.Thumb className={styles.thumb} />
      </RadixSwitch.Root>
    </div>
  );
}
