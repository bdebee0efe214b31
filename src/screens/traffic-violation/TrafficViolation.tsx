import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useLocale } from '../../i18n/locale';
import { fill, formatDate } from '../../i18n/format';
import { sampleViolation } from '../../data/sample';
import { Accordion } from '../../ui/Accordion';
import { Button } from '../../ui/Button';
import { Money } from '../../ui/Money';
import { Section, Stack } from '../../ui/Section';
import styles from './TrafficViolation.module.css';

type Field = 'type' | 'code' | 'date' | 'amount' | 'status';

export default function TrafficViolation() {
  const { t, lang, to } = useLocale();
  const v = t.trafficViolation;
  const [open, setOpen] = useState<Field | null>(null);
  const values: Record<Field, ReactNode> = {
    type: sampleViolation.type[lang],
    code: sampleViolation.code,
    date: <time>{formatDate(sampleViolation.date, lang, 'date')}</time>,
    amount: <Money fils={sampleViolation.amount} whole />,
    status: <span className={styles.status}>{sampleViolation.status[lang]}</span>,
  };
  const fields = Object.keys(values) as Field[];

  return (
    <Stack>
      <Section title={v.details}>
        <dl className={styles.rows}>
          {fields.map((field) => (
            <div key={field} className={styles.row}>
              <dt>{v[field]}</dt>
              <dd className={styles.value}>{values[field]}</dd>
              <dd className={styles.view}>
                {/* "View" explains the field in place: a disclosure, not a page change. */}
                <button
                  type="button"
                  className={styles.viewButton}
                  aria-expanded={open === field}
                  aria-controls={`violation-help-${field}`}
                  aria-label={fill(v.viewField, { field: v[field] })}
                  onClick={() => setOpen(open === field ? null : field)}
                >
                  {v.view}
                </button>
              </dd>
              <dd id={`violation-help-${field}`} className={styles.help} hidden={open !== field}>
                {v.help[field]}
              </dd>
            </div>
          ))}
        </dl>
        <Link to={to('helpSupport')} className={styles.dispute}>
          {v.dispute}
        </Link>
      </Section>

      <Section title={v.paymentMethod}>
        {(
          [
            ['deposit', v.deposit, v.depositText],
            ['other', v.other, v.otherText],
          ] as const
        ).map(([key, title, text]) => (
          <div key={key} className={styles.method}>
            <div>
              <h3 className={styles.methodTitle}>{title}</h3>
              <p className={styles.methodText}>{text}</p>
            </div>
            <Button aria-label={fill(v.payWith, { method: title })}>{v.pay}</Button>
          </div>
        ))}
      </Section>

      <Section title={v.faqs}>
        <Accordion items={t.faq.violation} />
      </Section>
    </Stack>
  );
}
