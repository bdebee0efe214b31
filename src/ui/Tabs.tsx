import * as RadixTabs from '@radix-ui/react-tabs';
import type { CSSProperties, ReactNode } from 'react';
import styles from './Tabs.module.css';

export interface TabItem {
  value: string;
  label: string;
  content: ReactNode;
}

/** Radix Tabs: first tab selected; arrows, Home and End move (mirrored in RTL via DirectionProvider). */
export function Tabs({ label, items }: { label: string; items: TabItem[] }) {
  return (
    <RadixTabs.Root defaultValue={items[0]?.value} className={styles.root}>
      <RadixTabs.List aria-label={label} className={styles.list} style={{ '--tabs': items.length } as CSSProperties}>
        {items.map((item) => (
          <RadixTabs.Trigger key={item.value} value={item.value} className={styles.trigger}>
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className={styles.content}>
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
