import { useRef, useState } from 'react';
import { actsAs } from '../../../machines/roles';
import { parseAmount } from '../../../machines/returns';
import { chargeRefundProblems, type Charge } from '../../../machines/refunds';
import type { HandoverView } from '../../client/api';
import { useLocale } from '../../i18n/locale';
import { fill, formatAmount, formatDate, isolated } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { SelectField, TextArea, TextField } from '../../ui/Field';
import { Fill } from '../../ui/Fill';
import { FormCard, FormError, type SubmittedFields } from '../../ui/Form';
import { Money } from '../../ui/Money';
import { useProblems } from '../../ui/problems';
import { Actions, Section } from '../../ui/Section';
import { useSession, useSessionState } from '../../ui/session';
import { useCounterSend } from './useCounterSend';

/**
 * After the rental's own money is done (settled, or cancelled): the refunds the company gave, and for
 * a manager a form to give back part of one charge with the reason the renter reads, asked once more
 * with the amount. The server checks the same rules (machines/refunds.ts) and keeps each refund once.
 */
export function CompanyRefund({ handover: h, onAnswer }: { handover: HandoverView; onAnswer: (handover: HandoverView, saved: boolean) => void }) {
  const { t, lang } = useLocale('counter', 'forms');
  const k = t.counter;
  const { api } = useSession();
  const { user } = useSessionState();
  const form = useRef<HTMLFormElement>(null);
  const open = h.charges.filter((c) => c.refundable > 0);
  const [charge, setCharge] = useState(open[0]?.id ?? '');
  const [confirming, setConfirming] = useState<number | null>(null);
  const { problems, failure, detail, sending, send } = useCounterSend((next, saved) => {
    if (saved) setConfirming(null);
    onAnswer(next, saved);
  });
  const chosen = open.find((c) => c.id === charge);
  /** The same rules as the server's (machines/refunds.ts), over what the form holds now. */
  const problemsOf = (fields: SubmittedFields) => chargeRefundProblems(chosen, parseAmount(fields.text('amount')), fields.text('reason'));
  // A field's error goes as soon as what it holds is right.
  const { error, summary, onChange } = useProblems(form, problems, problemsOf);
  const manager = !!user && actsAs(user.role, 'manager');
  if (h.charges.length === 0 && h.companyRefunds.length === 0) return null;
  // Kept whole inside the other language's sentence.
  const aed = (fils: number) => isolated(`${t.money.currency} ${formatAmount(fils, lang)}`);
  const nameOf = (c: Pick<Charge, 'kind'>) => k.refundCharges[c.kind];
  const named = (id: string) => {
    const found = h.charges.find((c) => c.id === id);
    return found ? nameOf(found) : id;
  };
  return (
    <Section title={k.refundTitle}>
      {h.companyRefunds.length > 0 ? (
        <ul>
          {h.companyRefunds.map((r, i) => (
            <li key={i}>
              <Fill
                text={k.refundGiven}
                values={{
                  amount: <Money fils={r.amount} />,
                  charge: named(r.charge),
                  by: <bdi>{r.by}</bdi>,
                  date: <time>{formatDate(new Date(r.at), lang, 'dateTime')}</time>,
                  reason: <bdi>{r.reason}</bdi>,
                }}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p>{k.refundNone}</p>
      )}
      {!manager ? (
        <p>{k.refundAskManager}</p>
      ) : open.length === 0 ? (
        <p>{k.refundNothingLeft}</p>
      ) : (
        <FormCard
          ref={form}
          label={k.refundTitle}
          onChange={(fields) => {
            onChange(fields);
            setConfirming(null);
          }}
          onSubmit={(fields) => {
            const input = { charge, amount: fields.text('amount'), reason: fields.text('reason') };
            const amount = parseAmount(input.amount);
            const local = problemsOf(fields);
            if (Object.keys(local).length === 0 && confirming !== amount) return setConfirming(amount);
            void send(local, () => api.refundCharge(h.number, { ...input, version: h.version }));
          }}
        >
          {summary}
          {/* A native select, as the cancellation's reason: the counter's phone downloads no radio group for it. */}
          <SelectField
            name="charge"
            label={k.refundCharge}
            value={charge}
            error={error('charge')}
            hint={chosen && fill(k.refundLeft, { amount: aed(chosen.amount), left: aed(chosen.refundable) })}
            onChange={(e) => {
              setCharge(e.currentTarget.value);
              setConfirming(null);
            }}
            options={open.map((c) => ({ value: c.id, label: `${nameOf(c)} · ${formatDate(new Date(c.at), lang, 'date')}` }))}
          />
          <TextField name="amount" label={k.refundAmount} inputMode="decimal" autoComplete="off" error={error('amount')} />
          <TextArea name="reason" label={k.refundReason} hint={k.refundReasonHint} error={error('reason')} maxLength={600} />
          {failure && (
            <FormError>
              {failure === 'alreadyRefunded' && detail
                ? fill(k.alreadyRefunded, { by: String(detail['by'] ?? ''), date: formatDate(new Date(Number(detail['at'])), lang, 'dateTime') })
                : k[failure]}
            </FormError>
          )}
          <Actions>
            <Button type="submit" variant={confirming !== null ? 'primary' : 'secondary'} disabled={sending} aria-busy={sending}>
              {confirming !== null ? fill(k.refundConfirm, { amount: aed(confirming) }) : k.refund}
            </Button>
            {confirming !== null && (
              <Button variant="secondary" disabled={sending} onClick={() => setConfirming(null)}>
                {k.refundKeep}
              </Button>
            )}
          </Actions>
        </FormCard>
      )}
    </Section>
  );
}
