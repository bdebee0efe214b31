import { useRef } from 'react';
import { checkReason } from '../../../machines/returns';
import type { HandoverView } from '../../client/api';
import { useLocale } from '../../i18n/locale';
import { Button } from '../../ui/Button';
import { TextArea } from '../../ui/Field';
import { FormCard, FormError } from '../../ui/Form';
import { useProblems } from '../../ui/problems';
import { Actions } from '../../ui/Section';
import { useSession } from '../../ui/session';
import { useCounterSend } from './useCounterSend';

/**
 * The manager's decision on a charge the renter disputed: upheld or waived, with the reason the
 * renter reads. The last decision settles the deposit.
 */
export function DecideDispute({
  handover,
  line,
  name,
  onAnswer,
}: {
  handover: HandoverView;
  line: number;
  name: string;
  onAnswer: (handover: HandoverView, saved: boolean) => void;
}) {
  const { t } = useLocale('counter', 'forms');
  const k = t.counter;
  const { api } = useSession();
  const form = useRef<HTMLFormElement>(null);
  // Which of the two buttons submitted the form (its click comes just before the submit).
  const outcome = useRef<'upheld' | 'waived'>('upheld');
  const { problems, failure, sending, send } = useCounterSend(onAnswer);
  const { error, summary } = useProblems(form, problems);
  return (
    <FormCard
      ref={form}
      label={name}
      onSubmit={({ text }) => {
        const problem = checkReason(text('note'));
        void send(problem ? { note: problem } : {}, () =>
          api.decideDispute(handover.number, { line, outcome: outcome.current, note: text('note'), version: handover.version }),
        );
      }}
    >
      {summary}
      <TextArea name="note" label={k.decideNote} error={error('note')} maxLength={500} />
      {failure && <FormError>{k[failure]}</FormError>}
      <Actions>
        <Button type="submit" disabled={sending} onClick={() => (outcome.current = 'upheld')}>
          {k.uphold}
        </Button>
        <Button type="submit" variant="secondary" disabled={sending} onClick={() => (outcome.current = 'waived')}>
          {k.waive}
        </Button>
      </Actions>
    </FormCard>
  );
}
