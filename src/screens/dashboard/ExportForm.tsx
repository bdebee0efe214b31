import { useState } from 'react';
import type { ExportKind } from '../../client/staffApi';
import { useLocale } from '../../i18n/locale';
import { SelectField } from '../../ui/Field';
import { DateField } from '../../ui/DateTimeField';
import { FormCard } from '../../ui/Form';
import { Section } from '../../ui/Section';
import { useStaffApi } from '../../ui/staffApi';
import buttons from '../../ui/Button.module.css';
import { PeriodDocuments } from './PeriodDocuments';

const KINDS: readonly ExportKind[] = ['bookings', 'contracts', 'fines', 'invoices'];

/**
 * A CSV of the company's bookings, contracts, fines or tax documents over a range of days (this month so far, to
 * begin with; `today` is the server's day): a download link, offered only for a range that runs forwards.
 */
export function ExportForm({ today }: { today: string }) {
  const { t } = useLocale('staff', 'forms');
  const d = t.dashboard;
  const api = useStaffApi();
  const [kind, setKind] = useState<ExportKind>('bookings');
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const backwards = from > to;
  return (
    <Section title={d.export} bare>
      <FormCard label={d.export}>
        <p>{d.exportText}</p>
        <SelectField
          label={d.kind}
          name="kind"
          value={kind}
          onChange={(e) => setKind(e.currentTarget.value as ExportKind)}
          options={KINDS.map((k) => ({ value: k, label: d.kinds[k] }))}
        />
        <DateField label={d.from} name="from" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        <DateField
          label={d.to}
          name="to"
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
          error={backwards ? d.rangeBackwards : undefined}
        />
        {/* No link for a range that runs backwards: the last day's field says why. */}
        {!backwards && (
          <a className={`${buttons.button} ${buttons.primary} ${buttons.block}`} href={api.exportUrl({ kind, from, to })} download>
            {d.download}
          </a>
        )}
        {/* The tax documents are also listed here, to open one or check the sums before downloading. */}
        {!backwards && kind === 'invoices' && from !== '' && to !== '' && <PeriodDocuments from={from} to={to} />}
      </FormCard>
    </Section>
  );
}
