import { useRef, useState } from 'react';
import { checkFlagNote, type Problem } from '../../../machines/validation';
import { useLocale } from '../../i18n/locale';
import { useJourney } from '../../ui/journey';
import { Button } from '../../ui/Button';
import { TextArea } from '../../ui/Field';
import { FormCard } from '../../ui/Form';
import { useProblems } from '../../ui/problems';

/**
 * The renter says what differs from the counter's record; the agent sees it at once and records
 * again. An empty note is said here, next to the field, by the rule the machine guards with: the
 * machine itself only refuses it (it records no problems for a flag).
 */
export function FlagDifference() {
  const { t } = useLocale('rental', 'forms');
  const p = t.carPickup;
  const journey = useJourney();
  const form = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<Partial<Record<'note', Problem>>>({});
  const { error, summary } = useProblems(form, problems);
  return (
    <FormCard
      ref={form}
      label={p.flag}
      onSubmit={({ text }) => {
        const problem = checkFlagNote(text('note'));
        setProblems(problem ? { note: problem } : {});
        if (!problem) journey.send({ type: 'pickup.flag', note: text('note'), at: Date.now() });
      }}
    >
      {summary}
      <TextArea name="note" label={p.flagLabel} error={error('note')} maxLength={500} />
      <Button type="submit" variant="secondary">
        {p.flag}
      </Button>
    </FormCard>
  );
}
