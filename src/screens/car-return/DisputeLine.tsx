import { useRef, useState } from 'react';
import type { Problem } from '../../../machines/validation';
import { checkReason } from '../../../machines/returns';
import { useLocale } from '../../i18n/locale';
import { fill } from '../../i18n/format';
import { useJourney } from '../../ui/journey';
import { Button } from '../../ui/Button';
import { TextArea } from '../../ui/Field';
import { FormCard } from '../../ui/Form';
import { useProblems } from '../../ui/problems';

/**
 * The renter disputes one charge of the check-in, saying why; the company's manager sees it with both
 * sides' photos and upholds or waives it. An empty reason is said here, next to the field (the
 * machine only refuses it).
 */
export function DisputeLine({ line, name }: { line: number; name: string }) {
  const { t } = useLocale('rental', 'forms');
  const r = t.carReturn;
  const journey = useJourney();
  const form = useRef<HTMLFormElement>(null);
  const [open, setOpen] = useState(false);
  const [problems, setProblems] = useState<Partial<Record<'reason', Problem>>>({});
  const { error, summary } = useProblems(form, problems);
  if (!open)
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {fill(r.dispute, { line: name })}
      </Button>
    );
  return (
    <FormCard
      ref={form}
      label={fill(r.dispute, { line: name })}
      onSubmit={({ text }) => {
        const problem = checkReason(text('reason'));
        setProblems(problem ? { reason: problem } : {});
        if (!problem) journey.send({ type: 'return.dispute', line, reason: text('reason'), at: Date.now() });
      }}
    >
      {summary}
      <TextArea name="reason" label={fill(r.disputeReason, { line: name })} error={error('reason')} maxLength={500} />
      <Button type="submit" variant="secondary">
        {r.sendDispute}
      </Button>
    </FormCard>
  );
}
