import type { InputHTMLAttributes } from 'react';
import { Search } from 'lucide-react';
import styles from './SearchBox.module.css';

/** A search landmark with one labelled search input. */
export function SearchBox({
  label,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: string }) {
  return (
    <div role="search" className={styles.search}>
      <Search aria-hidden size={20} className={styles.icon} />
      <input type="search" aria-label={label} className={styles.input} {...input} />
    </div>
  );
}
