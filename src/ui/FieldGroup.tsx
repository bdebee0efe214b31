import type { ReactNode } from 'react';
import styles from './FieldGroup.module.css';

/** Fields that belong together under one heading (a week's hours, a car's facts, an agent's branches), with a line saying how. */
export function FieldGroup({ legend, hint, disabled, children }: { legend: string; hint: string; disabled?: boolean; children: ReactNode }) {
  return (
    <fieldset className={styles.group} disabled={disabled}>
      <legend className={styles.legend}>{legend}</legend>
      <p className={styles.hint}>{hint}</p>
      {children}
    </fieldset>
  );
}
