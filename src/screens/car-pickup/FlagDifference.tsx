import { useRef } from 'react';
import { useLocale } from '../../i18n/locale';
import { useJourney, useJourneySelector } from '../../ui/journey';
import { Button } from '../../ui/Button';
import { TextArea } from '../../ui/Field';
import { FormCard } from '../../ui/Form';
import { useProblems } from '../../ui/problems';

/** The renter says what differs from the counter's record; the agent sees it at once and records again. */
export function FlagDifference() {
  const { t } = useLocale('rental', 'forms');
  const p = t.carPickup;
  const journey = useJourney();
  const fieldErrors = useJourneySelector((s) => s.context.fieldErrors);
  const form = useRef<HTMLFormElement>(null);
  const { error, summary } = useProblems(form, fieldErrors);
  return (
    <FormCard
      ref={form}
      label={p.flag}
      onSubmit={({ text }) => journey.send({ type: 'pickup.flag', note: text('note'), at: Date.now() })}
    >
      {summary}
      <TextArea name="note" label={p.flagLabel} error={error('note')} maxLength={500} />
      <Button type="submit" variant="secondary">
        {p.flag}
      </Button>
    </FormCard>
  );
}
