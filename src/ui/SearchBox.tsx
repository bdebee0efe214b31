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
      <input type="search" aria-label={label} className={styles.input} {...input} />
      {/* After the input: placed against the input's height, which must be there when the icon is. */}
      <Search aria-hidden size={20} className={styles.icon} />
    </div>
  );
}
