import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { ChevronRight } from 'lucide-react';
import { useSelector } from '@xstate/react';
import { contractActive, contractProblems, type ContractSetup } from '../../../machines/contract';
import { FLEET, isCarId } from '../../../machines/fleet';
import { useLocale } from '../../i18n/locale';
import { fill, formatDate } from '../../i18n/format';
import { contracts } from '../../data/sample';
import { Button } from '../../ui/Button';
import { SelectField } from '../../ui/Field';
import { FormError } from '../../ui/Form';
import { ManagerGate } from '../../ui/ManagerGate';
import { Money } from '../../ui/Money';
import { Actions, Facts, Section, Stack } from '../../ui/Section';
import type { ContractView } from '../../client/api';
import { useContract } from '../../ui/contract';
import { useSession, useSessionState } from '../../ui/journey';
import { Switch } from '../../ui/Switch';
import { useServerViolation, type ViolationActor } from '../../ui/violation';
import styles from './Contracts.module.css';

export default function Contracts() {
  return (
    <Stack>
      <ManagerGate>{() => <Loaded code={contracts[0]!.code} />}</ManagerGate>
    </Stack>
  );
}

type Failure = 'failed' | 'conflict' | null;

function Loaded({ code }: { code: string }) {
  const { t } = useLocale();
  const loaded = useContract(code);
  if (loaded.failed) return <FormError>{t.contracts.saveFailed}</FormError>;
  if (!loaded.contract) return <p aria-busy="true" />;
  return <ContractSettings contract={loaded.contract} replace={loaded.replace} />;
}

function ContractSettings({ contract, replace }: { contract: ContractView; replace: (c: ContractView) => void }) {
  const { t, to, lang } = useLocale();
  const c = t.contracts;
  const { api } = useSession();
  const { demo } = useSessionState();
  const code = contract.code;
  const mode = contract.settings.mode;
  const [setup, setSetup] = useState<ContractSetup>(contract.setup);
  const savedAt = contract.setupSavedAt;
  const [problems, setProblems] = useState<ReturnType<typeof contractProblems>>({});
  const [failure, setFailure] = useState<Failure>(null);
  const [saving, setSaving] = useState(false);
  const change = (patch: Partial<ContractSetup>) => setSetup((s) => ({ ...s, ...patch }));
  const save = async () => {
    const found = contractProblems(setup);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const result = await api.saveSetup(code, setup, contract.version);
      setSaving(false);
      setFailure(null);
      if (result.ok) return replace(result.body.contract);
      const current = result.body.contract as ContractView | undefined;
      if (result.error === 'conflict' && current) {
        // Someone saved first: show what is saved now, and say so.
        replace(current);
        setSetup(current.setup);
        setFailure('conflict');
      } else setFailure('failed');
    } catch {
      setSaving(false);
      setFailure('failed');
    }
  };
  const problem = (field: keyof typeof problems) => (problems[field] ? c.carRequired : undefined);
  const violation = useServerViolation(useCallback(() => api.contractViolation(code), [api, code]));
  const [fineProblem, setFineProblem] = useState(false);
  const newFine = async () => {
    const result = await api.demoFine(code).catch(() => null);
    setFineProblem(!result?.ok);
    if (result?.ok) violation.reload();
  };

  return (
    <>
      <h2 className={styles.number}>{fill(c.number, { code })}</h2>
      <p role="status" className={contractActive(setup) ? styles.active : styles.inactive}>
        {contractActive(setup) ? c.active : c.notActive}
      </p>

      <Section title={c.confirmation}>
        <Switch
          label={c.confirm}
          description={c.confirmText}
          checked={setup.confirmed}
          onCheckedChange={(confirmed) => change({ confirmed })}
        />
        <Switch
          label={c.policy}
          description={c.policyText}
          checked={setup.policyAgreed}
          onCheckedChange={(policyAgreed) => change({ policyAgreed })}
        />
      </Section>

      <Section title={c.linking}>
        <SelectField
          label={c.car}
          placeholder={c.noCar}
          value={setup.carId ?? ''}
          onChange={(e) => change({ carId: isCarId(e.target.value) ? e.target.value : null })}
          options={Object.values(FLEET).map((car) => ({
            value: car.id,
            label: `${car.model} · ${car.plate}`,
          }))}
        />
        {setup.carId && (
          <Button variant="secondary" onClick={() => change({ carId: null })}>
            {c.unlink}
          </Button>
        )}
        <Switch
          label={c.contractLinking}
          description={c.contractLinkingText}
          checked={setup.bookingLinked}
          onCheckedChange={(bookingLinked) => change({ bookingLinked })}
          error={problem('bookingLinked')}
        />
      </Section>

      <Section title={c.transfer}>
        <Link to={to('transferLogic')} className={styles.row}>
          <span>
            <span className={styles.rowTitle}>{c.transferLogic}</span>
            <span className={styles.rowText}>
              {fill(c.currentMode, {
                mode: mode === 'manual' ? t.transferLogic.manual : t.transferLogic.automatic,
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

      {failure && <FormError>{failure === 'conflict' ? c.conflict : c.saveFailed}</FormError>}
      {savedAt !== null && (
        <p className={styles.saved}>
          {fill(c.saved, { date: formatDate(new Date(savedAt), lang, 'dateTime') })}
        </p>
      )}
      <Button block onClick={save} disabled={saving} aria-busy={saving}>
        {c.save}
      </Button>

      <Section title={c.violation}>
        {violation.violation && <ViolationActions actor={violation.violation} />}
        {demo && (
          <Button variant="secondary" onClick={newFine}>
            {c.newFine}
          </Button>
        )}
        {fineProblem && <FormError>{c.noRental}</FormError>}
      </Section>
    </>
  );
}

/** What the manager can do with the contract's violation now: the machine says which actions exist. */
function ViolationActions({ actor }: { actor: ViolationActor }) {
  const { t, lang } = useLocale();
  const c = t.contracts;
  const v = t.trafficViolation;
  const state = useSelector(actor, (s) => s.value);
  const { fine, charge } = useSelector(actor, (s) => s.context);
  const canTransfer = useSelector(actor, (s) => s.can({ type: 'violation.transfer', at: 0 }));
  const disputed = state === 'disputed';
  return (
    <>
      <Facts
        rows={[
          { label: v.type, value: fine.type[lang] },
          { label: v.total, value: <Money fils={charge.amount} /> },
          { label: v.status, value: v.statuses[state as Exclude<typeof state, 'transferred'>] },
        ]}
      />
      {(canTransfer || disputed) && (
        <Actions>
          {canTransfer && (
            <Button onClick={() => void actor.send({ type: 'violation.transfer', at: Date.now() })}>
              {c.transferNow}
            </Button>
          )}
          {disputed && (
            <>
              <Button onClick={() => void actor.send({ type: 'violation.resolve', outcome: 'upheld' })}>
                {c.uphold}
              </Button>
              <Button
                variant="secondary"
                onClick={() => void actor.send({ type: 'violation.resolve', outcome: 'cancelled' })}
              >
                {c.cancelFine}
              </Button>
            </>
          )}
        </Actions>
      )}
    </>
  );
}
