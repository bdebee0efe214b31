import { actsAs } from '../../../machines/roles';
import type { HandoverView } from '../../client/api';
import { useLocale } from '../../i18n/locale';
import { fill, formatDate, formatNumber } from '../../i18n/format';
import { CheckoutRecord } from '../../ui/CheckoutRecord';
import { Done } from '../../ui/Form';
import { useChargeRows, useLineName } from '../../ui/Ledger';
import { PhotoGallery } from '../../ui/PhotoGallery';
import { Money } from '../../ui/Money';
import { Facts, Section } from '../../ui/Section';
import { useSessionState } from '../../ui/session';
import { CheckinForm } from './CheckinForm';
import { DecideDispute } from './DecideDispute';

/**
 * A return at the counter: the check-in form while the car is out (or to correct it before the
 * renter answers); then the record, every charge with the renter's answer, both sides' photos, and
 * for a manager each disputed charge to uphold or waive.
 */
export function ReturnPart({
  handover: h,
  formKey,
  onAnswer,
}: {
  handover: HandoverView;
  formKey: number;
  onAnswer: (handover: HandoverView, saved: boolean) => void;
}) {
  const { t, lang } = useLocale('counter', 'rental');
  const k = t.counter;
  const r = t.carReturn;
  const { user } = useSessionState();
  const name = useLineName();
  const charges = useChargeRows();
  const { checkin } = h;
  const time = (ms: number) => formatDate(new Date(ms), lang, 'time');

  return (
    <>
      {checkin && (
        <Section title={r.checkin}>
          {h.state === 'settled' && h.settledAt !== null ? (
            <Done>{fill(k.settledAt, { time: time(h.settledAt) })}</Done>
          ) : h.state === 'disputed' ? (
            <p role="alert">{k.awaitingDecision}</p>
          ) : checkin.acceptedAt !== null ? (
            <Done>{fill(k.accepted, { time: time(checkin.acceptedAt) })}</Done>
          ) : (
            <Done>{fill(k.checkinSent, { time: time(checkin.at) })}</Done>
          )}
          <CheckoutRecord checkout={checkin} />
          <h3>{r.charges}</h3>
          <Facts
            rows={[
              ...charges(h.lines),
              ...(h.lines.length === 0 ? [{ label: r.noCharges, value: <Money fils={0} /> }] : []),
              ...(checkin.unused.days > 0
                ? [{ label: fill(r.unused, { days: formatNumber(checkin.unused.days, lang) }), value: <Money fils={checkin.unused.amount} /> }]
                : []),
            ]}
          />
          <h3>{k.renterPhotos}</h3>
          {h.renterPhotos.length === 0 ? (
            <p>{k.noRenterPhotos}</p>
          ) : (
            <PhotoGallery ids={h.renterPhotos} alt={k.renterPhotoAlt} />
          )}
          {h.lines
            .filter((d) => d.dispute && !d.dispute.decision)
            .map((d) =>
              user && actsAs(user.role, 'manager') ? (
                <DecideDispute key={d.line} handover={h} line={d.line} name={name(d)} onAnswer={onAnswer} />
              ) : (
                <p key={d.line}>{k.managersDecide}</p>
              ),
            )}
        </Section>
      )}
      {h.canCheckIn && <CheckinForm key={formKey} handover={h} onAnswer={onAnswer} />}
    </>
  );
}
