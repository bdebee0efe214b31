import { useEffect, useRef } from 'react';
import { useParams } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  hasUnsavedEdits,
  SaveConflict,
  transferSettingsMachine,
  type TransferMode,
  type TransferSettings,
} from '../../../machines/transferSettings';
import type { Api, ContractView } from '../../client/api';
import { useServerData } from '../../ui/serverData';
import { useSession } from '../../ui/session';
import { useLocale } from '../../i18n/locale';
import { fill, formatDate } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { Done, FormError } from '../../ui/Form';
import { ManagerGate } from '../../ui/ManagerGate';
import { RadioGroup } from '../../ui/RadioGroup';
import { Actions, Section, Stack } from '../../ui/Section';
import { useInspect } from '../../ui/inspect';
import { useLeaveGuard } from '../../ui/leaving';
import { Switch } from '../../ui/Switch';
import { Link } from '../../ui/Link';
import styles from './TransferLogic.module.css';

/** `/transfer-logic/:code`: that contract's settings; `/transfer-logic` (the seed's route): the most recent contract's. */
export default function TransferLogic() {
  const { param } = useParams();
  return (
    <Stack>
      <ManagerGate>{() => (param ? <Loaded key={param} code={param} /> : <Latest />)}</ManagerGate>
    </Stack>
  );
}

function Latest() {
  const { t } = useLocale('manager');
  const { api } = useSession();
  const { data, failed } = useServerData(() => api.latestContract(), 'latest');
  if (failed) return <FormError>{t.contracts.loadFailed}</FormError>;
  if (!data) return <p aria-busy="true">{t.contracts.loading}</p>;
  return data.code ? <Loaded code={data.code} /> : <p role="status">{t.contracts.empty}</p>;
}

function Loaded({ code }: { code: string }) {
  const { t, to } = useLocale('manager');
  const { api } = useSession();
  const { data, failed } = useServerData(() => api.contract(code), code);
  if (failed) return <FormError>{t.contracts.notFound}</FormError>;
  if (!data) return <p aria-busy="true">{t.contracts.loading}</p>;
  return (
    <>
      <h2 className={styles.number}>{fill(t.contracts.number, { code })}</h2>
      <p>
        <Link to={to('contracts', code)}>{fill(t.transferLogic.backToContract, { code })}</Link>
      </p>
      <TransferSettingsForm contract={data.contract} />
    </>
  );
}

/** Saving goes to the server over the version the form started from; a newer one there is a conflict. */
const saveSettingsWith = (api: Api) =>
  fromPromise<{ savedAt: number; version: number }, { contract: string; settings: TransferSettings; version: number }>(
    async ({ input }) => {
      const result = await api.saveTransferSettings(input.contract, input.settings, input.version);
      if (result.ok) return { savedAt: result.body.contract.settingsSavedAt ?? 0, version: result.body.contract.version };
      const current = result.body.contract as ContractView | undefined;
      if (result.error === 'conflict' && current)
        throw new SaveConflict({ settings: current.settings, savedAt: current.settingsSavedAt, version: current.version });
      throw new Error(result.error);
    },
  );

/** The transfer settings of one contract, bound to the transfer-settings machine. */
function TransferSettingsForm({ contract }: { contract: ContractView }) {
  const { t, lang } = useLocale('manager');
  const l = t.transferLogic;
  const { api } = useSession();
  const actor = useActorRef(transferSettingsMachine.provide({ actors: { saveSettings: saveSettingsWith(api) } }), {
    inspect: useInspect(),
    input: {
      contract: contract.code,
      saved: contract.settings,
      savedAt: contract.settingsSavedAt,
      version: contract.version,
    },
  });
  const draft = useSelector(actor, (s) => s.context.draft);
  const savedAt = useSelector(actor, (s) => s.context.savedAt);
  const saving = useSelector(actor, (s) => s.hasTag('pending'));
  const failure = useSelector(actor, (s) => (s.matches('saveFailed') ? s.context.error : null));
  const unsaved = useSelector(actor, hasUnsavedEdits);
  const canSave = useSelector(actor, (s) => s.can({ type: 'transfer.save' }));
  const justSaved = useSelector(actor, (s) => s.matches('saved'));

  // Leaving with unsaved edits asks first: in the app, and when closing or reloading the tab.
  const leaving = useLeaveGuard(unsaved);
  const stay = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (leaving.held) stay.current?.focus(); // the dialog takes focus when it opens
  }, [leaving.held]);

  return (
    <>
      <Section title={l.mode}>
        <RadioGroup
          label={l.mode}
          value={draft.mode}
          onValueChange={(mode) => actor.send({ type: 'transfer.setMode', mode: mode as TransferMode })}
          options={[
            { value: 'automatic', label: l.automatic, description: l.automaticText },
            { value: 'manual', label: l.manual, description: l.manualText },
          ]}
        />
      </Section>
      <Section title={l.notifications}>
        <Switch
          label={l.notify}
          description={l.notifyText}
          checked={draft.notify}
          onCheckedChange={(on) => actor.send({ type: 'transfer.setNotify', on })}
        />
      </Section>
      <Section title={l.consent}>
        <Switch
          label={l.requireConsent}
          description={l.requireConsentText}
          checked={draft.consent}
          onCheckedChange={(on) => actor.send({ type: 'transfer.setConsent', on })}
        />
      </Section>

      <div className={styles.status} role="status">
        {unsaved
          ? l.unsaved
          : savedAt
            ? fill(l.activeSince, { date: formatDate(new Date(savedAt), lang, 'dateTime') })
            : l.defaults}
      </div>
      {justSaved && <Done>{fill(l.savedNow, { code: contract.code })}</Done>}
      {failure && <FormError>{failure === 'conflict' ? l.conflict : l.saveFailed}</FormError>}
      <Actions>
        <Button
          disabled={!canSave || saving}
          aria-busy={saving}
          onClick={() => actor.send({ type: 'transfer.save' })}
        >
          {saving ? l.saving : l.save}
        </Button>
        {unsaved && (
          <Button variant="secondary" onClick={() => actor.send({ type: 'transfer.discard' })}>
            {l.discard}
          </Button>
        )}
      </Actions>

      {leaving.held && (
        <div
          role="alertdialog"
          aria-modal="true"
          aria-labelledby="leave-title"
          aria-describedby="leave-text"
          className={styles.dialog}
        >
          <h2 id="leave-title">{l.leaveTitle}</h2>
          <p id="leave-text">{l.leaveText}</p>
          <Actions>
            <Button variant="secondary" onClick={leaving.leave}>
              {l.leave}
            </Button>
            <Button ref={stay} onClick={leaving.stay}>
              {l.stay}
            </Button>
          </Actions>
        </div>
      )}
    </>
  );
}
