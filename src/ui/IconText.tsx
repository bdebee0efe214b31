import type { CSSProperties, ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import styles from './IconText.module.css';

/**
 * Words with an icon before them (on screen) that comes after them in the page, in room kept for it:
 * centred words are painted where they stay before their icon is read (a busy phone paints what it
 * has read). `size` is the icon's, in px.
 */
export function IconText({ icon: Icon, size, children }: { icon: LucideIcon; size: number; children: ReactNode }) {
  return (
    <span className={styles.text} style={{ '--icon': `${size}px` } as CSSProperties}>
      {children}
      <span className={styles.icon}>
        <Icon aria-hidden size={size} />
      </span>
    </span>
  );
}
