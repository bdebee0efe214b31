import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ChevronRight } from 'lucide-react';
import { useSelector } from '@xstate/react';
import {
  contractActive,
  contractProblems,
  loadContract,
  saveContract,
  type ContractSetup,
} from '../../../machines/contract';
import { FLEET, isCarId } from '../../../machines/fleet';
import { loadSettings } from '../../../machines/transferSettings';
import { useLocale } from '../../i18n/locale';
import { fill, formatDate } from '../../i18n/format';
import { contracts } from '../../data/sample';
import { Button } from '../../ui/Button';
import { SelectField } from '../../ui/Field';
import { FormError } from '../../ui/Form';
import { ManagerGate } from '../../ui/ManagerGate';
import { Money } from '../../ui/Money';
import { Actions, Facts, Section, Stack } from '../../ui/Section';
import { browserStore } from '../../ui/storage';
import { Switch } from '../../ui/Switch';
import { useViolation, type ViolationActor } from '../../ui/violation';
import styles from './Contracts.module.css';

const store = browserStore();

export default function Contracts() {
  return (
    <Stack>
      <ManagerGate>
        <ContractSettings />
      </ManagerGate>
    </Stack>
  );
}

function ContractSettings() {
  const { t, to, lang } = useLocale();
  const c = t.contracts;
  const code = contracts[0]?.code ?? '';
  const { actor, arrive } = useViolation();
  const mode = loadSettings(store, code).settings.mode;
  const [{ setup, savedAt }, setState] = useState(() => loadContract(store, code));
  const [problems, setProblems] = useState<ReturnType<typeof contractProblems>>({});
  const [failed, setFailed] = useState(false);
  const change = (patch: Partial<ContractSetup>) =>
    setState((s) => ({ ...s, setup: { ...s.setup, ...patch } }));
  const save = () => {
    const found = contractProblems(setup);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    try {
      const at = Date.now();
      saveContract(store, code, setup, at);
      setState({ setup, savedAt: at });
      setFailed(false);
    } catch {
      setFailed(true);
    }
  };
  const problem = (field: keyof typeof problems) => (problems[field] ? c.carRequired : undefined);

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

      {failed && <FormError>{c.saveFailed}</FormError>}
      {savedAt !== null && (
        <p className={styles.saved}>
          {fill(c.saved, { date: formatDate(new Date(savedAt), lang, 'dateTime') })}
        </p>
      )}
      <Button block onClick={save}>
        {c.save}
      </Button>

      <Section title={c.violation}>
        {actor && <ViolationActions actor={actor} />}
        <Button variant="secondary" onClick={arrive}>
          {c.newFine}
        </Button>
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
            <Button onClick={() => actor.send({ type: 'violation.transfer', at: Date.now() })}>
              {c.transferNow}
            </Button>
          )}
          {disputed && (
            <>
              <Button onClick={() => actor.send({ type: 'violation.resolve', outcome: 'upheld' })}>
                {c.uphold}
              </Button>
              <Button
                variant="secondary"
                onClick={() => actor.send({ type: 'violation.resolve', outcome: 'cancelled' })}
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
