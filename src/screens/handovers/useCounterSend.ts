import { useState } from 'react';
import type { Problem } from '../../../machines/validation';
import type { Answer, HandoverView } from '../../client/api';

type Failure = 'refused' | 'taken' | 'conflict' | 'failed';

/**
 * Sends one of the counter's forms (check-out, check-in, a decision) after the same rules the machine
 * applies said their problems by field; the server's answer is the handover as it is now, saved
 * (`onAnswer(h, true)`) or not, with its problems by field or the reason it was refused.
 */
export function useCounterSend(onAnswer: (handover: HandoverView, saved: boolean) => void) {
  const [problems, setProblems] = useState<Partial<Record<string, Problem>>>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [sending, setSending] = useState(false);

  const send = async (local: Partial<Record<string, Problem>>, request: () => Promise<Answer<{ handover: HandoverView }>>) => {
    setFailure(null);
    setProblems(local);
    if (Object.keys(local).length > 0) return;
    setSending(true);
    try {
      const answer = await request();
      if (answer.ok) return onAnswer(answer.body.handover, true);
      if (answer.error === 'invalid') setProblems((answer.fields ?? {}) as Partial<Record<string, Problem>>);
      else
        setFailure(
          answer.error === 'taken' || answer.error === 'conflict' ? answer.error : answer.status === 409 ? 'refused' : 'failed',
        );
      const now = answer.body['handover'] as HandoverView | null | undefined;
      if (now) onAnswer(now, false);
    } catch {
      setFailure('failed');
    } finally {
      setSending(false);
    }
  };
  return { problems, failure, sending, send };
}
