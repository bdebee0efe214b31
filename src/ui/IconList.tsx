import type { LucideIcon } from 'lucide-react';
import styles from './IconList.module.css';

/** A list whose bullets are an icon: checklists, important notes. */
export function IconList({
  items,
  Icon,
  tone = 'brand',
}: {
  items: string[];
  Icon: LucideIcon;
  tone?: 'brand' | 'accent';
}) {
  return (
    <ul className={`${styles.list} ${styles[tone]}`}>
      {items.map((item) => (
        <li key={item} className={styles.item}>
          <Icon aria-hidden size={20} className={styles.icon} />
          {item}
        </li>
      ))}
    </ul>
  );
}
