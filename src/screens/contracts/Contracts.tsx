import { Link } from 'react-router-dom';
import { ChevronRight } from 'lucide-react';
import { useSelector } from '@xstate/react';
import { loadSettings } from '../../../machines/transferSettings';
import { useLocale } from '../../i18n/locale';
import { fill } from '../../i18n/format';
import { contracts } from '../../data/sample';
import { Button } from '../../ui/Button';
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
  const { t, to } = useLocale();
  const c = t.contracts;
  const code = contracts[0]?.code ?? '';
  const { actor, arrive } = useViolation();
  const mode = loadSettings(store, code).settings.mode;
  return (
    <>
      <h2 className={styles.number}>{fill(c.number, { code })}</h2>

      <Section title={c.confirmation}>
        <Switch label={c.confirm} description={c.confirmText} />
        <Switch label={c.policy} description={c.policyText} />
      </Section>

      <Section title={c.linking}>
        <Switch label={c.vehicleLinking} description={c.vehicleLinkingText} />
        <Switch label={c.contractLinking} description={c.contractLinkingText} />
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
        <Switch label={c.enableTransfer} description={c.enableTransferText} />
      </Section>

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
