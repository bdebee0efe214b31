import { actsAs } from '../../../machines/roles';
import { useState } from 'react';
import { COMPANY_CANCEL_REASONS, type CompanyCancelReason } from '../../../machines/journey-rules';
import type { HandoverView } from '../../client/api';
import { useLocale } from '../../i18n/locale';
import { Button } from '../../ui/Button';
import { SelectField } from '../../ui/Field';
import { Fill } from '../../ui/Fill';
import { FormCard, FormError } from '../../ui/Form';
import { Money } from '../../ui/Money';
import { Actions, Section } from '../../ui/Section';
import { useSession, useSessionState } from '../../ui/session';
import { useCounterSend } from './useCounterSend';

/**
 * Before the handover, when the company cannot hand the car over (still out with its last renter,
 * or out of service): a manager cancels the booking, asked once more with the amount, and the renter
 * gets everything back. An agent is told a manager can.
 */
export function CompanyCancel({ handover: h, onAnswer }: { handover: HandoverView; onAnswer: (handover: HandoverView, saved: boolean) => void }) {
  const { t } = useLocale('counter', 'rental');
  const k = t.counter;
  const { api } = useSession();
  const { user } = useSessionState();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState<CompanyCancelReason>(h.carNotBack ? 'carNotBack' : 'carUnavailable');
  const { failure, sending, send } = useCounterSend(onAnswer);
  const refund = <Money fils={h.paid} />;
  if (!user || !actsAs(user.role, 'manager'))
    return h.carNotBack ? <p>{k.cancelAskManager}</p> : null;
  return (
    <Section title={k.cancelTitle} bare>
      <FormCard
        label={k.cancelTitle}
        onSubmit={() => {
          if (!confirming) return setConfirming(true);
          void send({}, () => api.cancelForCompany(h.number, { reason, version: h.version }));
        }}
      >
        <p>
          <Fill text={k.cancelExplain} values={{ amount: refund }} />
        </p>
        <SelectField
          name="reason"
          label={k.cancelReason}
          value={reason}
          disabled={confirming}
          onChange={(e) => setReason(e.currentTarget.value as CompanyCancelReason)}
          options={COMPANY_CANCEL_REASONS.map((value) => ({ value, label: k.cancelReasons[value] }))}
        />
        {failure && <FormError>{k[failure]}</FormError>}
        <Actions>
          <Button type="submit" variant={confirming ? 'primary' : 'secondary'} disabled={sending} aria-busy={sending}>
            {confirming ? <Fill text={k.cancelConfirm} values={{ amount: refund }} /> : k.cancelBooking}
          </Button>
          {confirming && (
            <Button variant="secondary" disabled={sending} onClick={() => setConfirming(false)}>
              {k.cancelKeep}
            </Button>
          )}
        </Actions>
      </FormCard>
    </Section>
  );
}
