import { useId, useState, type ReactNode } from 'react';
import { isPaymentFailure } from '../../../machines/journey-rules';
import { useSelector } from '@xstate/react';
import { reasonGiven, type ViolationEvent } from '../../../machines/violation';
import { useLocale } from '../../i18n/locale';
import { fill, formatDate, isolated } from '../../i18n/format';
import { Accordion } from '../../ui/Accordion';
import { Button, ButtonLink } from '../../ui/Button';
import { TextArea } from '../../ui/Field';
import { Done, FormCard, FormError } from '../../ui/Form';
import { Fill } from '../../ui/Fill';
import { useJourneySelector } from '../../ui/journey';
import { useSession, useSessionState } from '../../ui/session';
import { Money } from '../../ui/Money';
import { Facts, Section, Stack } from '../../ui/Section';
import type { SalikView, ViolationView } from '../../client/api';
import { useServerData } from '../../ui/serverData';
import { useViolationClient, type ViolationActor } from '../../ui/violation';
import styles from './TrafficViolation.module.css';

export default function TrafficViolation() {
  const { t, to } = useLocale('account', 'manager', 'help');
  const v = t.trafficViolation;
  const { user } = useSessionState();
  return (
    <Stack>
      {user?.role === 'renter' ? (
        <RenterViolations />
      ) : (
        <Section title={v.details}>
          <p>{v.signIn}</p>
          <ButtonLink to={to('logIn')}>{t.account.logIn}</ButtonLink>
        </Section>
      )}
      <Section title={t.trafficViolation.faqs}>
        <Accordion items={t.faq.violation} />
      </Section>
    </Stack>
  );
}

/** The renter's fines and Salik crossings, as the server keeps them; a change on either side shows at once. */
function RenterViolations() {
  const { t } = useLocale('forms', 'manager');
  const { api } = useSession();
  const { data, failed } = useServerData(() => api.violations(), 'violations', ['violations']);
  if (failed) return <FormError>{t.errors.network}</FormError>;
  if (!data) return <p aria-busy="true" />;
  return (
    <>
      {data.violations.length === 0 && data.salik.length === 0 && <p role="status">{t.trafficViolation.none}</p>}
      {data.violations.map((view) => (
        <ServerViolation key={view.id} view={view} />
      ))}
      {data.salik.length > 0 && <SalikCrossings crossings={data.salik} />}
    </>
  );
}

function ServerViolation({ view }: { view: ViolationView }) {
  const { t } = useLocale('manager');
  const actor = useViolationClient(view);
  return actor ? <Violation actor={actor} cardCharge={view.cardCharge} /> : <FormError>{t.contracts.unreadable}</FormError>;
}

/** Each crossing on its own line, with its time and place: toll, admin fee, and how it was paid. */
function SalikCrossings({ crossings }: { crossings: SalikView[] }) {
  const { t, lang } = useLocale('manager');
  const v = t.trafficViolation;
  return (
    <Section title={v.salikTitle}>
      <p>{v.salikText}</p>
      <ul className={styles.crossings}>
        {crossings.map((c) => (
          <li key={c.id} className={styles.crossing}>
            <p className={styles.methodTitle}>
              <time dateTime={new Date(c.at).toISOString()}>{formatDate(new Date(c.at), lang, 'dateTime')}</time> · <bdi>{c.location}</bdi>
            </p>
            <Facts
              rows={[
                { label: v.salikToll, value: <Money fils={c.toll} /> },
                { label: v.salikAdmin, value: <Money fils={c.adminFee} /> },
                { label: v.total, value: <Money fils={c.total} />, strong: true },
              ]}
            />
            <p className={styles.note}>
              {c.total === 0
                ? v.salikFree
                : c.fromDeposit
                  ? v.salikFromDeposit
                  : c.card
                    ? fill(c.card.charged ? v.salikCardCharged : v.salikCardOn, { last4: c.card.last4, date: formatDate(new Date(c.card.at), lang, 'date') })
                    : v.salikDue}
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

type Field = 'type' | 'code' | 'date' | 'amount' | 'status';
/** What the renter has open below the fine: a form, or the question before the deposit pays it. */
type Form = 'dispute' | 'decline' | 'card' | 'confirmDeposit' | null;

/** `cardCharge`: after the deposit's release, the saved card the fine will be charged to, and when. */
function Violation({ actor, cardCharge }: { actor: ViolationActor; cardCharge: ViolationView['cardCharge'] }) {
  const { t, lang } = useLocale('forms', 'rental', 'manager');
  const v = t.trafficViolation;
  const state = useSelector(actor, (s) => s.value);
  const { fine, charge, transferredAt, paid, paidAt, reason } = useSelector(actor, (s) => s.context);
  const canDeduct = useJourneySelector((s) => s.can({ type: 'deposit.deduct', deduction: charge }));
  const [open, setOpen] = useState<Field | null>(null);
  const [form, setForm] = useState<Form>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const date = (ms: number) => formatDate(new Date(ms), lang, 'dateTime');
  const id = useId();

  const values: Record<Field, ReactNode> = {
    type: <bdi>{fine.type[lang]}</bdi>,
    code: <bdi>{fine.code}</bdi>,
    date: <time>{formatDate(new Date(fine.date), lang, 'date')}</time>,
    amount: <Money fils={fine.amount} />,
    // `transferred` is a passing moment; the machine settles in the next state at once.
    status: (
      <span className={styles.status}>{v.statuses[state as Exclude<typeof state, 'transferred'>]}</span>
    ),
  };
  const fields = Object.keys(values) as Field[];

  /** A step to the server; a refusal is said in the renter's language. */
  const send = async (event: ViolationEvent) => {
    setProblem(null);
    const result = await actor.send(event);
    if (result.ok) return true;
    // The card's bank's own reason (insufficient funds, an expired card…), as a rental payment says it.
    setProblem(isPaymentFailure(result.error) ? t.errors[result.error] : t.errors.network);
    return false;
  };

  /** Back from a form: what was refused there is no longer the question. */
  const close = () => {
    setProblem(null);
    setForm(null);
  };

  /** Sends what a form asks for; when the machine refuses, the reason shows next to the field. */
  const submit = async (text: string) => {
    setProblem(null);
    const type = form === 'decline' ? 'violation.decline' : 'violation.dispute';
    if (!reasonGiven(text)) return setProblem(v.reasonProblem);
    if (!(await send({ type, reason: text }))) return;
    setForm(null);
  };

  return (
    <>
      <Section title={fill(v.detailsOf, { type: isolated(fine.type[lang]), date: formatDate(new Date(fine.date), lang, 'date') })}>
        <dl className={styles.rows}>
          {fields.map((field) => (
            <div key={field} className={styles.row}>
              <dt>{v[field]}</dt>
              <dd className={styles.value}>{values[field]}</dd>
              <dd className={styles.view}>
                {/* The spec's "View": it explains the field in place (a disclosure, not a page change), and says so. */}
                <button
                  type="button"
                  className={styles.viewButton}
                  aria-expanded={open === field}
                  aria-controls={`${id}-help-${field}`}
                  aria-label={fill(v.explainField, { field: v[field] })}
                  onClick={() => setOpen(open === field ? null : field)}
                >
                  {v.explain}
                </button>
              </dd>
              <dd id={`${id}-help-${field}`} className={styles.help} hidden={open !== field}>
                {v.help[field]}
              </dd>
            </div>
          ))}
          {/* The admin fee on its own line: no fee hides inside the fine. */}
          <div className={styles.row}>
            <dt>{v.adminFee}</dt>
            <dd className={styles.value}>
              <Money fils={charge.adminFee} />
            </dd>
          </div>
          <div className={styles.row}>
            <dt>{v.total}</dt>
            <dd className={styles.value}>
              <Money fils={charge.amount} />
            </dd>
          </div>
          {fine.location && (
            <div className={styles.row}>
              <dt>{v.location}</dt>
              <dd className={styles.value}>{fine.location}</dd>
            </div>
          )}
          <div className={styles.row}>
            <dt>{v.blackPoints}</dt>
            <dd className={styles.value}>{fine.blackPoints}</dd>
          </div>
        </dl>
        {state === 'pending' && <p role="status">{v.waiting}</p>}
        {transferredAt !== null && (
          <p className={styles.note}>{fill(v.transferredOn, { date: date(transferredAt) })}</p>
        )}
        {state === 'payable' && form === null && (
          <button type="button" className={styles.dispute} onClick={() => setForm('dispute')}>
            {v.dispute}
          </button>
        )}
      </Section>

      {state === 'awaitingConsent' && form === null && (
        <Section title={v.consentTitle}>
          <p>{v.consentText}</p>
          <div className={styles.choices}>
            <Button onClick={() => void send({ type: 'violation.accept' })}>{v.accept}</Button>
            <Button variant="secondary" onClick={() => setForm('decline')}>
              {v.decline}
            </Button>
          </div>
        </Section>
      )}

      {(form === 'decline' || form === 'dispute') && (
        <Section title={form === 'decline' ? v.decline : v.dispute} bare>
          <FormCard onSubmit={({ text }) => void submit(text('answer'))}>
            <TextArea label={v.reason} name="answer" error={problem ?? undefined} />
            <div className={styles.choices}>
              <Button type="submit">{form === 'decline' ? v.sendDecline : v.sendDispute}</Button>
              <Button variant="secondary" onClick={() => setForm(null)}>
                {t.carPickup.cancel}
              </Button>
            </div>
          </FormCard>
        </Section>
      )}

      {state === 'payable' && form === null && (
        <Section title={v.paymentMethod}>
          <div className={styles.method}>
            <div>
              <h3 className={styles.methodTitle}>{v.deposit}</h3>
              <p className={styles.methodText}>{canDeduct ? v.depositText : v.noDeposit}</p>
            </div>
            <Button disabled={!canDeduct} aria-label={fill(v.payWith, { method: v.deposit })} onClick={() => setForm('confirmDeposit')}>
              {v.pay}
            </Button>
          </div>
          <div className={styles.method}>
            <div>
              <h3 className={styles.methodTitle}>{v.other}</h3>
              <p className={styles.methodText}>
                {cardCharge ? fill(v.cardChargeOn, { last4: cardCharge.last4, date: formatDate(new Date(cardCharge.at), lang, 'date') }) : v.otherText}
              </p>
            </div>
            <Button aria-label={fill(v.payWith, { method: v.other })} onClick={() => setForm('card')}>
              {v.pay}
            </Button>
          </div>
        </Section>
      )}

      {state === 'payable' && form === 'card' && (
        // The card on file is charged at one tap no more: the amount is said, and asked once more.
        <Confirm
          title={v.payByCard}
          text={v.confirmCard}
          amount={charge.amount}
          yes={v.confirmCardPay}
          no={v.keepDeposit}
          problem={problem}
          onYes={() => send({ type: 'violation.payByCard', last4: '', at: Date.now() })}
          onDone={close}
        />
      )}

      {state === 'payable' && form === 'confirmDeposit' && (
        // Money leaves the deposit at one tap no more: the amount is said, and asked once more.
        <Confirm
          title={v.confirmDepositTitle}
          text={v.confirmDeposit}
          amount={charge.amount}
          yes={v.confirmDepositPay}
          no={v.keepDeposit}
          problem={problem}
          onYes={() => send({ type: 'violation.payFromDeposit', at: Date.now() })}
          onDone={close}
        />
      )}

      {paid && paidAt !== null && (
        <Done>
          {paid.with === 'deposit'
            ? fill(v.paidDeposit, { date: date(paidAt) })
            : fill(v.paidCard, { last4: paid.last4, date: date(paidAt) })}
        </Done>
      )}
      {state === 'disputed' && <Done>{fill(v.disputedText, { reason: reason ?? '' })}</Done>}
      {state === 'cancelled' && <Done>{v.cancelledText}</Done>}
      {problem && form === null && <FormError>{problem}</FormError>}
    </>
  );
}

/** Money asked for once more: what is taken, yes or not now; a refusal is said here, where the renter is. */
function Confirm(props: {
  title: string;
  text: string;
  amount: number;
  yes: string;
  no: string;
  problem: string | null;
  onYes: () => Promise<boolean>;
  onDone: () => void;
}) {
  const id = useId();
  return (
    <Section title={props.title}>
      <div role="group" aria-labelledby={id}>
        <p id={id}>
          <Fill text={props.text} values={{ amount: <Money fils={props.amount} /> }} />
        </p>
        {props.problem && <FormError>{props.problem}</FormError>}
        <div className={styles.choices}>
          <Button
            onClick={async () => {
              if (await props.onYes()) props.onDone();
            }}
          >
            {props.yes}
          </Button>
          <Button variant="secondary" onClick={props.onDone}>
            {props.no}
          </Button>
        </div>
      </div>
    </Section>
  );
}
