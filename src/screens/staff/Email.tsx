import styles from './Staff.module.css';

/**
 * An e-mail address inside a sentence: read left to right in an Arabic line too, and kept on one line
 * (a break at its hyphen would show the parts in the wrong order around it).
 */
export function Email({ value }: { value: string }) {
  return (
    <bdi dir="ltr" className={styles.address}>
      {value}
    </bdi>
  );
}
