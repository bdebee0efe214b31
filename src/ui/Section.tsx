import { useId, type ReactNode } from 'react';
import styles from './Section.module.css';

/**
 * A titled card: the h2 names the region for assistive technology. `bare` leaves out the card, for
 * content that is its own card (a form, a carousel).
 */
export function Section({
  title,
  children,
  actions,
  bare,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  bare?: boolean;
}) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.head}>
        <h2 id={id} className={styles.title}>
          {title}
        </h2>
        {actions}
      </div>
      {bare ? children : <div className={styles.card}>{children}</div>}
    </section>
  );
}

/** Label/value rows, e.g. rental details or a price summary. */
export function Facts({ rows }: { rows: { label: ReactNode; value: ReactNode; strong?: boolean }[] }) {
  return (
    <dl className={styles.facts}>
      {rows.map((row, i) => (
        <div key={i} className={row.strong ? `${styles.fact} ${styles.strong}` : styles.fact}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A row of actions under a form or card. */
export function Actions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}

/** A screen's content column with consistent spacing between sections. */
export function Stack({ children }: { children: ReactNode }) {
  return <div className={styles.stack}>{children}</div>;
}
