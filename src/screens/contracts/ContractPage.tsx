import { useRef, useState } from 'react';
import { ChevronRight } from 'lucide-react';
import { useSelector } from '@xstate/react';
import { contractProblems, isClosed, type ContractProblems, type ContractSetup } from '../../../machines/contract';
import type { Car } from '../../../machines/fleet';
import { useLocale } from '../../i18n/locale';
import { fill, formatDate, formatPlate } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { SelectField } from '../../ui/Field';
import { Done, FormError } from '../../ui/Form';
import { Money } from '../../ui/Money';
import { Actions, Facts, Section } from '../../ui/Section';
import type { ContractView, ViolationView } from '../../client/api';
import type { ViolationClient } from '../../client/violationClient';
import { useServerData } from '../../ui/serverData';
import { useViolationClient } from '../../ui/violation';
import { BookingPapers } from '../../ui/BookingPapers';
import { DocumentList } from '../../ui/DocumentList';
import { useSession } from '../../ui/session';
import { Switch } from '../../ui/Switch';
import { Link } from '../../ui/Link';
import styles from './Contracts.module.css';

type Outcome = 'saved' | 'failed' | 'conflict' | null;

const sameSetup = (a: ContractSetup, b: ContractSetup) =>
  a.carId === b.carId && a.bookingLinked === b.bookingLinked && a.violationTransfer === b.violationTransfer;

/** One contract of the company: the renter's confirmations (read-only), the car and booking links, fines. */
export function ContractPage({ code }: { code: string }) {
  const { t } = useLocale('account', 'manager');
  const { api } = useSession();
  const loaded = useServerData(() => api.contract(code), code, ['contracts', 'violations']);
  // Kept here, above the form: a save makes a new version and so a new form, and the message stays.
  const [outcome, setOutcome] = useState<Outcome>(null);
  if (loaded.failed) return <FormError>{t.contracts.notFound}</FormError>;
  if (!loaded.data) return <p aria-busy="true">{t.contracts.loading}</p>;
  const { contract, freeCars, violations, documents } = loaded.data;
  const saved = (next: ContractView, how: Outcome) => {
    loaded.replace({ ...loaded.data!, contract: next });
    setOutcome(how);
  };
  return (
    <>
      <ContractForm key={contract.code} contract={contract} freeCars={freeCars} outcome={outcome} setOutcome={setOutcome} onSaved={saved} />
      {contract.booking && (
        <>
          <Section title={t.account.documents}>
            <DocumentList documents={documents} />
          </Section>
          <BookingPapers bookingId={contract.booking.id} />
        </>
      )}
      <Section title={t.contracts.violation}>
        {violations.length === 0 && <p>{t.contracts.noViolations}</p>}
        {violations.map((v) => (
          <ViolationRow key={v.id} view={v} />
        ))}
      </Section>
    </>
  );
}

function ContractForm({
  contract,
  freeCars,
  outcome,
  setOutcome,
  onSaved,
}: {
  contract: ContractView;
  freeCars: Car[];
  outcome: Outcome;
  setOutcome: (o: Outcome) => void;
  onSaved: (c: ContractView, how: Outcome) => void;
}) {
  const { t, to, lang } = useLocale('manager');
  const c = t.contracts;
  const { api } = useSession();
  const [setup, setSetup] = useState<ContractSetup>(contract.setup);
  // The saved contract the edits started from: a save goes over its version.
  const [base, setBase] = useState(contract);
  const dirty = !sameSetup(setup, base.setup);
  const adopt = (next: ContractView) => {
    setBase(next);
    setSetup(next.setup);
  };
  // Someone else saved meanwhile (heard live): take it unless there are edits, which are kept and said.
  const newer = contract.version > base.version ? contract : null;
  if (newer && !dirty) adopt(newer);
  const [problems, setProblems] = useState<ContractProblems & { carId?: string }>({});
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLDivElement>(null);
  const change = (patch: Partial<ContractSetup>) => {
    setSetup((s) => ({ ...s, ...patch }));
    setOutcome(null);
  };
  const focusFirstProblem = () => requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  const save = async () => {
    const found = contractProblems(setup, contract.booking !== null);
    setProblems(found);
    if (Object.keys(found).length > 0) return focusFirstProblem();
    setSaving(true);
    const result = await api.saveSetup(contract.code, setup, base.version).catch(() => null);
    setSaving(false);
    if (result?.ok) {
      adopt(result.body.contract);
      return onSaved(result.body.contract, 'saved');
    }
    const current = result?.body.contract as ContractView | undefined;
    // Someone saved first: the form shows what is saved now, and says so.
    if (result?.error === 'conflict' && current) {
      adopt(current);
      return onSaved(current, 'conflict');
    }
    if (result?.fields) {
      setProblems(result.fields);
      return focusFirstProblem();
    }
    setOutcome('failed');
  };
  const problem = (field: keyof typeof problems) => {
    const p = problems[field];
    return p ? c.problems[p as keyof typeof c.problems] : undefined;
  };
  const renter = contract.renter;
  // The company's free cars, and the contract's own (saved) car even when another contract now has it.
  const saved = contract.setup.carId && contract.car ? [{ id: contract.setup.carId, ...contract.car }] : [];
  const carOptions = [...new Map([...saved, ...freeCars].map((car) => [car.id, car])).values()];

  return (
    <div ref={form} className={styles.form}>
      <h2 className={styles.number}>{fill(c.number, { code: contract.code })}</h2>
      <p role="status" className={styles[contract.status]}>
        {contract.status === 'active'
          ? c.active
          : contract.status === 'completed'
            ? c.completed
            : contract.status === 'cancelled'
              ? c.cancelled
              : c.notActive}
      </p>
      {contract.booking && (
        <Facts
          rows={[
            {
              label: c.booking,
              // At the counter: the handover, the return, and the company's refunds of the booking's charges.
              value: (
                <Link to={to('handovers', contract.booking.number)}>
                  <bdi dir="ltr">{contract.booking.number}</bdi>
                </Link>
              ),
            },
            { label: c.renter, value: contract.booking.renterName ?? '—' },
            {
              label: c.period,
              value:
                contract.booking.start && contract.booking.end
                  ? fill(c.periodValue, {
                      start: formatDate(new Date(contract.booking.start), lang, 'dateTime'),
                      end: formatDate(new Date(contract.booking.end), lang, 'dateTime'),
                    })
                  : '—',
            },
          ]}
        />
      )}

      <Section title={c.confirmation}>
        <p className={styles.rowText}>{c.confirmationText}</p>
        <Facts
          rows={[
            { label: c.confirm, value: renter.signedAt ? fill(c.confirmedOn, { date: formatDate(new Date(renter.signedAt), lang, 'dateTime') }) : c.notYet },
            { label: c.policy, value: renter.policyAgreed ? c.agreed : c.notYet },
          ]}
        />
      </Section>

      <Section title={c.linking}>
        <SelectField
          label={c.car}
          placeholder={c.noCar}
          value={setup.carId ?? ''}
          error={problem('carId')}
          onChange={(e) => change({ carId: carOptions.some((car) => car.id === e.target.value) ? e.target.value : null })}
          options={carOptions.map((car) => ({ value: car.id, label: `${car.model} · ${formatPlate(car.plate, lang)}` }))}
        />
        <p className={styles.rowText}>{c.freeCarsText}</p>
        <Switch
          label={c.contractLinking}
          description={contract.booking ? fill(c.contractLinkingText, { number: contract.booking.number }) : c.noBookingText}
          checked={setup.bookingLinked}
          onCheckedChange={(bookingLinked) => change({ bookingLinked })}
          error={problem('bookingLinked')}
        />
      </Section>

      <Section title={c.transfer}>
        <Link to={to('transferLogic', contract.code)} className={styles.row}>
          <span>
            <span className={styles.rowTitle}>{c.transferLogic}</span>
            <span className={styles.rowText}>
              {fill(c.currentMode, {
                mode: contract.settings.mode === 'manual' ? t.transferLogic.manual : t.transferLogic.automatic,
              })}
            </span>
          </span>
          <ChevronRight aria-hidden size={20} className="flip-rtl" />
        </Link>
      </Section>

      <Section title={c.violations}>
        <Switch
          label={c.enableTransfer}
          description={c.enableTransferText}
          checked={setup.violationTransfer}
          onCheckedChange={(violationTransfer) => change({ violationTransfer })}
          error={problem('violationTransfer')}
        />
      </Section>

      {newer && dirty && <FormError>{c.changedElsewhere}</FormError>}
      {outcome === 'saved' && <Done>{contract.status === 'active' ? c.savedActive : c.savedPending}</Done>}
      {(outcome === 'failed' || outcome === 'conflict') && <FormError>{outcome === 'conflict' ? c.conflict : c.saveFailed}</FormError>}
      {contract.setupSavedAt !== null && (
        <p className={styles.saved}>{fill(c.saved, { date: formatDate(new Date(contract.setupSavedAt), lang, 'dateTime') })}</p>
      )}
      {/* A closed contract is a record: the server refuses to set it up (409 closed), so nothing offers to. */}
      {!isClosed(contract.status) && (
        <Button block onClick={save} disabled={saving} aria-busy={saving}>
          {c.save}
        </Button>
      )}
    </div>
  );
}

/** A fine on the contract and what the manager can do with it now: the machine says which actions exist. */
function ViolationRow({ view }: { view: ViolationView }) {
  const { t } = useLocale('manager');
  const actor = useViolationClient(view);
  return actor ? <ViolationActions actor={actor} /> : <FormError>{t.contracts.unreadable}</FormError>;
}

function ViolationActions({ actor }: { actor: ViolationClient }) {
  const { t, lang } = useLocale('manager');
  const c = t.contracts;
  const v = t.trafficViolation;
  const state = useSelector(actor, (s) => s.value);
  const { fine, charge, reason } = useSelector(actor, (s) => s.context);
  const canTransfer = useSelector(actor, (s) => s.can({ type: 'violation.transfer', at: 0 }));
  const [problem, setProblem] = useState(false);
  const send = async (event: Parameters<ViolationClient['send']>[0]) => setProblem(!(await actor.send(event)).ok);
  const disputed = state === 'disputed';
  return (
    <article className={styles.fine} aria-label={fill(c.fineLabel, { code: fine.code })}>
      <Facts
        rows={[
          { label: v.type, value: fine.type[lang] },
          { label: v.date, value: formatDate(new Date(fine.date), lang, 'dateTime') },
          ...(fine.location ? [{ label: v.location, value: fine.location }] : []),
          { label: v.total, value: <Money fils={charge.amount} /> },
          { label: v.status, value: v.statuses[state as Exclude<typeof state, 'transferred'>] },
          ...(reason ? [{ label: c.reason, value: reason }] : []),
        ]}
      />
      {/* The settings at the fine's arrival decide: a contract that did not pass fines on then keeps it. */}
      {state === 'pending' && !canTransfer && <p className={styles.rowText}>{c.keptByCompany}</p>}
      {(canTransfer || disputed) && (
        <Actions>
          {canTransfer && <Button onClick={() => void send({ type: 'violation.transfer', at: Date.now() })}>{c.transferNow}</Button>}
          {disputed && (
            <>
              <Button onClick={() => void send({ type: 'violation.resolve', outcome: 'upheld' })}>{c.uphold}</Button>
              <Button variant="secondary" onClick={() => void send({ type: 'violation.resolve', outcome: 'cancelled' })}>
                {c.cancelFine}
              </Button>
            </>
          )}
        </Actions>
      )}
      {problem && <FormError>{c.actionFailed}</FormError>}
    </article>
  );
}
