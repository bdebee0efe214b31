import * as RadixAccordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import styles from './Accordion.module.css';

export interface QA {
  q: string;
  a: string;
}

/** Radix Accordion: one row open at a time, each row opens and closes by click, Enter or Space. */
export function Accordion({ items }: { items: readonly QA[] }) {
  return (
    <RadixAccordion.Root type="single" collapsible className={styles.root}>
      {items.map((item, i) => (
        <RadixAccordion.Item key={item.q} value={String(i)} className={styles.item}>
          <RadixAccordion.Header className={styles.header}>
            <RadixAccordion.Trigger className={styles.trigger}>
              <span>{item.q}</span>
              <ChevronDown aria-hidden size={20} className={styles.chevron} />
            </RadixAccordion.Trigger>
          </RadixAccordion.Header>
          <RadixAccordion.Content className={styles.content}>
            <p>{item.a}</p>
          </RadixAccordion.Content>
        </RadixAccordion.Item>
      ))}
    </RadixAccordion.Root>
  );
}
