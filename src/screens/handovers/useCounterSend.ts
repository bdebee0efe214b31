import { useState } from 'react';
import type { Problem } from '../../../machines/validation';
import type { Answer, HandoverView } from '../../client/api';

type Failure = 'refused' | 'taken' | 'conflict' | 'failed' | RefundFailure;
/** A refund's own refusals (server/payments/refunds.ts): given already, refused by the card's bank, the provider not answering. */
const REFUND_FAILURES = ['alreadyRefunded', 'refundFailed', 'providerDown'] as const;
type RefundFailure = (typeof REFUND_FAILURES)[number];
const isRefundFailure = (error: unknown): error is RefundFailure => (REFUND_FAILURES as readonly unknown[]).includes(error);

/**
 * Sends one of the counter's forms (check-out, check-in, a decision) after the same rules the machine
 * applies said their problems by field; the server's answer is the handover as it is now, saved
 * (`onAnswer(h, true)`) or not, with its problems by field or the reason it was refused.
 */
export function useCounterSend(onAnswer: (handover: HandoverView, saved: boolean) => void) {
  const [problems, setProblems] = useState<Partial<Record<string, Problem>>>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [sending, setSending] = useState(false);
  /** The refused answer's own figures (a refund given already: when, and by whom). */
  const [detail, setDetail] = useState<Record<string, unknown> | null>(null);

  const send = async (local: Partial<Record<string, Problem>>, request: () => Promise<Answer<{ handover: HandoverView }>>) => {
    setFailure(null);
    setDetail(null);
    setProblems(local);
    if (Object.keys(local).length > 0) return;
    setSending(true);
    try {
      const answer = await request();
      if (answer.ok) return onAnswer(answer.body.handover, true);
      if (answer.error === 'invalid') setProblems((answer.fields ?? {}) as Partial<Record<string, Problem>>);
      else if (isRefundFailure(answer.error)) {
        setFailure(answer.error);
        setDetail(answer.body);
      } else
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
  return { problems, failure, detail, sending, send };
}
