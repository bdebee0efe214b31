import { useId, useState } from 'react';
import { Gift } from 'lucide-react';
import { bookingPrice } from '../../../machines/journey-rules';
import type { OfferId, OfferProblem } from '../../../machines/offers';
import { useLocale } from '../../i18n/locale';
import { fill, formatDate } from '../../i18n/format';
import { offers, type Offer } from '../../data/offers';
import { Button, ButtonLink } from '../../ui/Button';
import { Fill } from '../../ui/Fill';
import { Done, FormError } from '../../ui/Form';
import { useJourneySelector } from '../../ui/journey';
import { useSession, useSessionState } from '../../ui/session';
import { Money } from '../../ui/Money';
import { Section, Stack } from '../../ui/Section';
import styles from './Offers.module.css';

export default function Offers() {
  const { t } = useLocale('rental');
  const o = t.offers;
  return (
    <Stack>
      {([false, true] as const).map((upcoming) => (
        <Section key={String(upcoming)} title={upcoming ? o.upcoming : o.current}>
          <ul className={styles.list}>
            {offers
              .filter((offer) => offer.upcoming === upcoming)
              .map((offer) => (
                <OfferItem key={offer.id} offer={offer} />
              ))}
          </ul>
        </Section>
      ))}
    </Stack>
  );
}

type Outcome = { applied: true } | { code: string } | { problem: OfferProblem } | { failed: true };

function OfferItem({ offer }: { offer: Offer }) {
  const { t, lang, to } = useLocale('forms', 'rental');
  const o = t.offers;
  const session = useSession();
  const { user } = useSessionState();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const id = useId();
  const title = offer.title[lang];
  // Each button is named with its offer ("Redeem Now: Winter Escape"), so a list of buttons reads apart.
  const named = (action: string) => fill(o.forOffer, { action, offer: title });

  const redeem = async () => {
    setBusy(true);
    try {
      const answer = await session.redeemOffer(offer.id as OfferId);
      if (answer.ok) setOutcome('code' in answer.body ? { code: answer.body.code } : { applied: true });
      else setOutcome('problem' in answer.body ? { problem: answer.body.problem as OfferProblem } : { failed: true });
    } catch {
      setOutcome({ failed: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className={styles.offer}>
      <Gift aria-hidden size={24} className={styles.icon} />
      <div className={styles.text}>
        <h3 className={styles.title}>{title}</h3>
        <p>{offer.description[lang]}</p>
        <p className={styles.date}>{fill(offer.upcoming ? o.startsOn : o.validUntil, { date: formatDate(offer.date, lang, 'date') })}</p>
      </div>
      {offer.upcoming ? (
        <>
          <Button variant="secondary" aria-expanded={open} aria-controls={`${id}-details`} aria-label={named(o.viewDetails)} onClick={() => setOpen(!open)}>
            {o.viewDetails}
          </Button>
          <p id={`${id}-details`} className={styles.outcome} hidden={!open}>
            {o.details[offer.id as keyof typeof o.details]}
          </p>
        </>
      ) : user?.role === 'renter' ? (
        <Button aria-label={named(o.redeem)} aria-busy={busy} disabled={busy} onClick={() => void redeem()}>
          {o.redeem}
        </Button>
      ) : (
        <ButtonLink to={to('logIn')} aria-label={named(o.logInToRedeem)}>
          {o.logInToRedeem}
        </ButtonLink>
      )}
      <div className={styles.outcome} aria-live="polite">
        {outcome && 'applied' in outcome && <Applied />}
        {outcome && 'code' in outcome && (
          <Done>
            <Fill text={o.code} values={{ code: <bdi className={styles.code}>{outcome.code}</bdi> }} />
          </Done>
        )}
        {outcome && 'problem' in outcome && <FormError>{o.problems[outcome.problem]}</FormError>}
        {outcome && 'failed' in outcome && <FormError>{t.errors.network}</FormError>}
      </div>
    </li>
  );
}

/** The offer is on the booking: its new price, and the way on to pay it. */
function Applied() {
  const { t, to } = useLocale('rental');
  const price = useJourneySelector((s) => bookingPrice(s.context.booking));
  return (
    <>
      <Done>
        <Fill text={t.offers.applied} values={{ total: <Money fils={price.total} /> }} />
      </Done>
      <ButtonLink to={to('payment')}>{t.offers.toPayment}</ButtonLink>
    </>
  );
}
