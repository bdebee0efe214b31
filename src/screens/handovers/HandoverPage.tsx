import { useState } from 'react';
import { Plate } from '../../ui/Plate';
import { PICKUP_WINDOW_MS } from '../../../machines/journey-rules';
import { hasExpired } from '../../../machines/validation';
import { Fill } from '../../ui/Fill';
import { useLocale } from '../../i18n/locale';
import { fill, formatDate, formatNumber } from '../../i18n/format';
import { LOCATION_NAMES } from '../../data/content';
import type { HandoverView } from '../../client/api';
import { CheckoutRecord } from '../../ui/CheckoutRecord';
import { Done, FormError } from '../../ui/Form';
import { Link } from '../../ui/Link';
import { Facts, Section } from '../../ui/Section';
import { useServerData } from '../../ui/serverData';
import { useSession } from '../../ui/session';
import { useNow } from '../../ui/useNow';
import { CheckoutForm } from './CheckoutForm';
import { CompanyCancel } from './CompanyCancel';
import { CompanyRefund } from './CompanyRefund';
import { ReturnPart } from './ReturnPart';

/**
 * One booking at the counter, its pickup then its return. At pickup: who the renter is (with the documents on file), the car, and
 * the check-out record the agent sends to the renter's phone. Live: the renter's confirmation or flag
 * shows at once.
 */
export function HandoverPage({ number }: { number: string }) {
  const { t, lang, to } = useLocale('manager', 'counter', 'rental', 'forms');
  const k = t.counter;
  const { api } = useSession();
  const { data, failed, replace } = useServerData(() => api.handover(number), `handover:${number}`, [
    'journey',
  ]);
  const [formKey, setFormKey] = useState(0);
  /** The counter's answer is the handover as it is now; a record sent starts its form again from it, a refused one keeps what was typed. */
  const onAnswer = (next: HandoverView, saved: boolean) => {
    replace({ handover: next });
    if (saved) setFormKey((n) => n + 1);
  };
  const h = data?.handover;
  const now = useNow(h ? [h.opensAt, h.noShowAt] : []);
  const date = (ms: number) => <time>{formatDate(new Date(ms), lang, 'dateTime')}</time>;
  /** A document's last valid day as the account has it, said expired when it is (the agent checks the card). */
  const validUntil = (day: string | null) => {
    const noon = new Date(`${day}T12:00:00Z`);
    if (!day || Number.isNaN(noon.getTime())) return day || k.notGiven;
    const shown = <time dateTime={day}>{formatDate(noon, lang, 'date')}</time>;
    return hasExpired(day, now) ? <strong><Fill text={k.expiredOn} values={{ date: shown }} /></strong> : shown;
  };
  const back = <Link to={to('handovers')}>{k.back}</Link>;
  if (failed)
    return (
      <>
        {back}
        <FormError>{k.notFound}</FormError>
      </>
    );
  if (!h) return <p role="status">{t.contracts.loading}</p>;
  const { car } = h;
  const { checkout } = h;
  // The server said "not open yet" when it answered; the window may have opened since (the clock here).
  const state = h.state === 'early' && now >= h.opensAt ? 'open' : h.state;
  const canRecord =
    !h.carNotBack && (state === 'recorded' || state === 'flagged' || (state === 'open' && now < h.noShowAt));

  return (
    <>
      {back}
      <Section title={k.renterTitle}>
        <Facts
          rows={[
            {
              label: k.name,
              value: h.renter.fullNameAr
                ? `${h.renter.fullName} · ${h.renter.fullNameAr}`
                : h.renter.fullName,
            },
            { label: k.phone, value: <bdi dir="ltr">{h.renter.phone}</bdi> },
            { label: k.emiratesId, value: <bdi dir="ltr">{h.renter.emiratesId ?? '—'}</bdi> },
            { label: k.emiratesIdValidUntil, value: validUntil(h.renter.emiratesIdExpiry) },
            { label: k.licenceOnFile, value: validUntil(h.renter.licenceExpiry) },
            { label: k.identity, value: h.renter.verified ? k.verifiedYes : k.verifiedNo },
          ]}
        />
        <h3>{k.documents}</h3>
        <ul>
          {h.documents.map((d) => (
            <li key={d.id}>
              <a href={api.documentUrl(d.id)} target="_blank" rel="noreferrer">
                {k.docKinds[d.kind]}
              </a>
            </li>
          ))}
        </ul>
      </Section>

      <Section title={k.carTitle}>
        <Facts
          rows={[
            { label: t.bookingDetails.number, value: <bdi dir="ltr">{h.number}</bdi> },
            { label: k.car, value: car.model },
            { label: k.plate, value: <Plate plate={car.plate} /> },
            { label: k.pickupAt, value: date(h.pickupAt) },
            { label: k.place, value: LOCATION_NAMES[h.pickupLocation][lang] },
            { label: k.dueBack, value: date(h.dueBackAt) },
            { label: k.returnPlace, value: LOCATION_NAMES[h.dropoffLocation][lang] },
          ]}
        />
      </Section>

      {/* Nothing to show before the first record of an open handover: the form below is it. */}
      {(checkout || !canRecord) && (
        <Section title={k.recordTitle}>
          {state === 'cancelled' ? (
            <p role="status">{k.cancelled}</p>
          ) : state === 'early' ? (
            <p role="status">
              {fill(k.opensAt, {
                date: formatDate(new Date(h.opensAt), lang, 'dateTime'),
                minutes: formatNumber(PICKUP_WINDOW_MS / 60_000, lang),
              })}
            </p>
          ) : h.carNotBack && (state === 'open' || state === 'recorded' || state === 'flagged') ? (
            <>
              <p role="alert">{fill(k.carNotBack, { date: formatDate(new Date(h.carNotBack.dueBackAt), lang, 'dateTime') })}</p>
              {/* That rental at the counter: where the car is checked in. */}
              <Link to={to('handovers', h.carNotBack.number)}>
                <bdi dir="ltr">{h.carNotBack.number}</bdi>
              </Link>
            </>
          ) : state === 'open' && !canRecord ? (
            <p role="status">
              {fill(k.missed, { date: formatDate(new Date(h.noShowAt), lang, 'dateTime') })}
            </p>
          ) : null}
          {checkout && state === 'recorded' && (
            <Done>{fill(k.sent, { time: formatDate(new Date(checkout.at), lang, 'time') })}</Done>
          )}
          {checkout?.flag && state === 'flagged' && (
            <p role="alert">
              {fill(k.flagged, {
                time: formatDate(new Date(checkout.flag.at), lang, 'time'),
                note: checkout.flag.note,
              })}
            </p>
          )}
          {h.pickedUpAt !== null && (
            <Done>{fill(k.handedOver, { time: formatDate(new Date(h.pickedUpAt), lang, 'dateTime') })}</Done>
          )}
          {checkout && <CheckoutRecord checkout={checkout} />}
        </Section>
      )}

      {h.kind === 'return' && <ReturnPart handover={h} formKey={formKey} onAnswer={onAnswer} />}

      <CompanyRefund key={`refund-${formKey}`} handover={h} onAnswer={onAnswer} />

      {canRecord && <CheckoutForm key={formKey} handover={h} onAnswer={onAnswer} />}

      {/* Before anything is recorded: the company may still find it cannot hand the car over. */}
      {(state === 'open' || state === 'early') && <CompanyCancel handover={h} onAnswer={onAnswer} />}
    </>
  );
}
