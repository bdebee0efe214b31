import { BadgeCheck, Phone } from 'lucide-react';
import { ledgerOf } from '../../../machines/ledger';
import { useLocale } from '../../i18n/locale';
import { fill, formatDate } from '../../i18n/format';
import { contactPhones } from '../../data/content';
import { useJourney, useJourneySelector, usePending } from '../../ui/journey';
import { Button } from '../../ui/Button';
import { NextStep } from '../../ui/NextStep';
import { TextField } from '../../ui/Field';
import { Done, FormCard, FormError } from '../../ui/Form';
import { PriceSummary } from '../../ui/Ledger';
import { Section, Stack } from '../../ui/Section';
import { Link } from '../../ui/Link';
import { BookingFacts } from '../../ui/BookingFacts';
import { RentalCompany } from './RentalCompany';
import { Agreement } from './Agreement';
import styles from './RentalContract.module.css';

export default function RentalContract() {
  const { t, lang, to } = useLocale('forms', 'rental');
  const c = t.rentalContract;
  const journey = useJourney();
  const context = useJourneySelector((s) => s.context);
  const booking = context.booking;
  const termsAccepted = useJourneySelector((s) => s.context.termsAccepted);
  const verified = useJourneySelector((s) => s.context.identityVerified);
  const contract = useJourneySelector((s) => s.context.contract);
  const error = useJourneySelector((s) => s.context.error);
  const name = useJourneySelector((s) => s.context.renter?.fullName ?? '');
  const canAccept = useJourneySelector((s) => s.can({ type: 'contract.acceptTerms' }));
  const canVerify = useJourneySelector((s) => s.can({ type: 'contract.verifyIdentity' }));
  const readyToSign = useJourneySelector(
    (s) =>
      s.matches({ signedIn: { rentalContract: 'readyToSign' } }) ||
      s.matches({ signedIn: { rentalContract: 'signing' } }),
  );
  const pending = usePending();
  const contacts = [
    { name: c.roadside, phone: contactPhones.roadside },
    { name: c.support, phone: contactPhones.support },
  ];

  return (
    <Stack>
      <Section title={c.details}>
        <BookingFacts booking={booking} />
      </Section>

      {/* The price and the deposit, before the renter commits to anything. */}
      <Section title={t.payment.summary}>
        <PriceSummary ledger={ledgerOf(context)} heldAt={context.deposit?.heldAt ?? null} />
      </Section>

      <Section title={c.terms}>
        <p id="rental-policies">{c.termsText}</p>
        <Agreement context={context} />
        {termsAccepted ? (
          <p className={styles.ok}>
            <BadgeCheck aria-hidden size={20} /> {c.termsAccepted}
          </p>
        ) : (
          <Button
            variant="secondary"
            disabled={!canAccept}
            onClick={() => journey.send({ type: 'contract.acceptTerms' })}
          >
            {c.acceptTerms}
          </Button>
        )}
      </Section>

      <Section title={c.identity}>
        <p>{c.identityText}</p>
        {verified ? (
          <p className={styles.ok}>
            <BadgeCheck aria-hidden size={20} /> {c.verified}
          </p>
        ) : (
          <Button
            variant="secondary"
            disabled={!canVerify}
            onClick={() => journey.send({ type: 'contract.verifyIdentity' })}
          >
            {c.verify}
          </Button>
        )}
      </Section>

      {contract ? (
        <>
          <Done>
            {fill(c.signed, {
              date: formatDate(new Date(contract.signedAt), lang, 'dateTime'),
              version: contract.version,
            })}
          </Done>
          <NextStep>
            <Button block onClick={() => journey.send({ type: 'contract.proceed' })}>
              {c.proceed}
            </Button>
          </NextStep>
        </>
      ) : readyToSign ? (
        <FormCard
          label={c.sign}
          onSubmit={({ text }) => {
            journey.send({ type: 'contract.sign', signature: text('signature'), at: Date.now() });
          }}
        >
          <TextField label={c.signature} name="signature" hint={c.signatureHint} autoComplete="off" />
          {error && <FormError>{fill(t.errors[error], { name })}</FormError>}
          <Button type="submit" block disabled={pending} aria-busy={pending}>
            {pending ? c.signing : c.sign}
          </Button>
        </FormCard>
      ) : (
        <Button block disabled>
          {c.sign}
        </Button>
      )}

      <Section title={c.emergency}>
        <ul className={styles.contacts}>
          {contacts.map(({ name, phone }) => (
            <li key={name}>
              <a className={styles.contact} href={`tel:${phone.replace(/\s/g, '')}`}>
                <Phone aria-hidden size={20} />
                <span className={styles.contactName}>{name}</span>
                <span dir="ltr">{phone}</span>
              </a>
            </li>
          ))}
        </ul>
      </Section>

      <Section title={c.links}>
        <ul className={styles.links}>
          <li>
            <Link to={to('helpSupport')}>{c.faqs}</Link>
          </li>
          <li>
            <a href="#rental-policies">{c.policies}</a>
          </li>
        </ul>
      </Section>

      <RentalCompany companyId={booking.car.company} />
    </Stack>
  );
}
